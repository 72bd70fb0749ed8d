"""A scripted pair of players for Eternal War / Only War tests: the next legal action from a
state (or a view) and its options, so a whole game can be played through the engine or the API."""

from __future__ import annotations

import random
from typing import Any

PLAYERS = ("player_1", "player_2")
State = dict[str, Any]


def clock(state: State) -> dict[str, Any]:
    return {"round": state["round"], "phase": state["phase"], "seq": state["seq"]}


def next_action(  # noqa: PLR0911, PLR0912 - one branch per phase reads best
    state: State, options: dict[str, Any], rnd: random.Random
) -> dict[str, Any]:
    """A plausible legal action for whoever must act now (both players are played)."""
    now, phase, turn = clock(state), state["phase"], state["turn"]
    if options["roll_markers"]:
        return {**now, "type": "roll_markers"}
    if phase == "setup":
        if options["power_levels"] and state["assigned_by"] is None:
            return {
                **now,
                "type": "power_levels",
                "power_1": rnd.randint(0, 60),
                "power_2": rnd.randint(0, 60),
                "assigned_by": rnd.choice(PLAYERS),
            }
        return {**now, "type": "set_first_turn", "first": rnd.choice(PLAYERS)}
    if phase == "turn":
        roll = rnd.random()
        if options["kills"] and roll < 0.3:
            return {**now, "type": "kills", "side": rnd.choice(PLAYERS), "count": rnd.randint(1, 3)}
        if options["bonuses"] and roll < 0.4:
            name = rnd.choice(options["bonuses"])
            return {
                **now,
                "type": "bonus",
                "side": rnd.choice(PLAYERS),
                "name": name,
                "value": True,
            }
        if roll < 0.42:
            how = rnd.choice(["concession", "tabled"])
            return {**now, "type": "end_early", "side": rnd.choice(PLAYERS), "how": how}
        act = {**now, "type": "end_turn", "side": turn}
        if options["held_each_turn"]:
            act["held"] = [rnd.choice((*PLAYERS, None)) for _ in range(options["held_each_turn"])]
        return act
    if phase == "game_length":
        return {**now, "type": "game_length"}
    if phase == "end_of_game":
        if options["hold"] and rnd.random() < 0.6:
            marker = rnd.randint(1, len(state["held"]))
            return {**now, "type": "hold", "marker": marker, "holder": rnd.choice((*PLAYERS, None))}
        if options["relic"] and state["relic"] is None:
            how = rnd.choice(["carried", "closest", "equal"])
            act = {**now, "type": "relic", "how": how}
            if how != "equal":
                act["winner"] = rnd.choice(PLAYERS)
            return act
        return {**now, "type": "finish"}
    raise AssertionError(f"nothing to do in {phase}")
