"""Shortcuts for tracker tests: send actions at the game's current clock, set games up."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tracker.engine.leviathan import Refusal, apply, new_game

State = dict[str, Any]


def act(state: State, kind: str, side: str | None = None, **fields: Any) -> State:
    action = {"type": kind, "round": state["round"], "phase": state["phase"], **fields}
    if side is not None:
        action["side"] = side
    return apply(state, action)


def frozen(state: State) -> str:
    return json.dumps(state, sort_keys=True)


DECOYS = ["area_denial", "capture_enemy_outpost"]


def choose(mode: str, cards: list[str] | None = None) -> dict[str, Any]:
    return {"mode": mode, "cards": cards or (DECOYS if mode == "tactical" else [])}


def start(
    seed: str = "s",
    *,
    rules: tuple[str, ...] = (),
    attacker: dict[str, Any] | None = None,
    defender: dict[str, Any] | None = None,
    first: str = "attacker",
    primary: str = "take_and_hold",
) -> State:
    """A game at round 1, Command phase of `first`; both sides Tactical (decoys Area Denial
    and Capture Enemy Outpost) unless told."""
    state = new_game(seed, mission_rules=rules, primary=primary)
    state = act(state, "assign_roles", attacker="player_1")
    state = act(state, "select_secondaries", "attacker", **(attacker or choose("tactical")))
    state = act(state, "select_secondaries", "defender", **(defender or choose("tactical")))
    return act(state, "set_first_turn", first=first)


def zones(state: State, side: str) -> dict[str, list[str]]:
    s = state["sides"][side]
    return {z: s[z] for z in ("deck", "active", "discarded", "set_aside", "fixed")}


def to_phase(state: State, phase: str) -> State:
    """Advance the current turn's player to `phase` of the same turn (drawing if needed)."""
    side = state["turn"]
    if state["phase"] == "command" and not state["sides"][side]["turn"]["drew"]:
        s = state["sides"][side]
        if s["mode"] == "tactical" or "targets_of_opportunity" in state["mission_rules"]:
            state = act(state, "draw", side)
    return act(state, "advance", side, to=phase)


def end_turn(state: State) -> State:
    """Finish the current turn (drawing if the rules require it)."""
    side = state["turn"]
    if state["phase"] != "end_of_turn":
        state = to_phase(state, "end_of_turn")
    return act(state, "advance", side)


def stack(state: State, side: str, *top: str) -> State:
    """Put `top` cards on top of a side's deck (tests only: arranges a known draw)."""
    deck = state["sides"][side]["deck"]
    for key in reversed(top):
        deck.remove(key)
        deck.insert(0, key)
    return state


def refused(state: State, code: str, kind: str, side: str | None = None, **fields: object) -> None:
    before = frozen(state)
    with pytest.raises(Refusal) as err:
        act(state, kind, side, **fields)
    assert err.value.code == code
    assert frozen(state) == before
