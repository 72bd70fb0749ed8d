"""A scripted pair of players for Maelstrom tests: from a view (or state) and its options,
the next legal action, so a whole game can be played through the engine or the API."""

from __future__ import annotations

import random
from typing import Any

State = dict[str, Any]


def next_action(  # noqa: PLR0911, PLR0912 - one branch per phase reads best
    state: State, options: dict[str, Any], rnd: random.Random
) -> dict[str, Any]:
    """A plausible legal action for whoever must act now (both players are played)."""
    clock = {"round": state["round"], "phase": state["phase"], "seq": state["seq"]}
    phase, turn = state["phase"], state["turn"]
    if phase == "setup":
        if state["rules"]["tactical_priority"]:
            for side in ("player_1", "player_2"):
                if state["sides"][side]["priority"] is None:
                    category = rnd.choice(state["categories"])
                    return {**clock, "type": "set_priority", "side": side, "category": category}
        return {**clock, "type": "set_first_turn", "first": rnd.choice(["player_1", "player_2"])}
    if phase == "start_of_turn":
        plan = options[turn]["plan"]
        act = {**clock, "type": "generate", "side": turn}
        if options[turn]["needs_markers"]:
            act["markers"] = rnd.randint(0, 6)
        if plan["discard"]:
            active = state["sides"][turn]["active"]
            act["discard"] = rnd.sample(active, plan["discard"])
        return act
    if phase == "orders":
        if options[turn]["new_orders"] and rnd.random() < 0.2:
            number = rnd.choice(options[turn]["swappable"])
            return {**clock, "type": "new_orders", "side": turn, "number": number}
        return {**clock, "type": "play" if rnd.random() < 0.8 else "advance", "side": turn}
    if phase == "turn":
        if options[turn]["comms_uplink"] and rnd.random() < 0.3:
            return {**clock, "type": "comms_uplink", "side": turn}
        if rnd.random() < 0.05:
            name = rnd.choice(["first_blood", "slay_the_warlord", "linebreaker"])
            side = rnd.choice(["player_1", "player_2"])
            return {**clock, "type": "bonus", "side": side, "name": name, "value": True}
        return {**clock, "type": "advance", "side": turn}
    if phase == "end_of_turn":
        for side in (turn, "player_2" if turn == "player_1" else "player_1"):
            choices = options[side]["achieve"]
            if choices and rnd.random() < 0.45:
                pick = rnd.choice(choices)
                number = pick["number"]
                outcomes = state["objectives"][str(number)]["outcomes"]
                act = {**clock, "type": "achieve", "side": side, **pick}
                act["outcome"] = rnd.randrange(len(outcomes))
                if rnd.random() < 0.5:
                    act["roll"] = rnd.randint(1, 3)
                return act
        if options[turn]["discard"] and rnd.random() < 0.3:
            number = rnd.choice(options[turn]["discard"])
            return {**clock, "type": "discard", "side": turn, "number": number}
        return {**clock, "type": "end_turn", "side": turn}
    if phase == "game_length":
        act = {**clock, "type": "game_length"}
        if rnd.random() < 0.5:
            act["roll"] = rnd.randint(1, 6)
        return act
    if phase == "end_of_game":
        return {**clock, "type": "finish"}
    raise AssertionError(f"no action in phase {phase}")
