"""`apply(state, action)`: the one door into an 11th-edition game. Refusals leave the given
state untouched (handlers work on a private copy)."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

# Each module registers its actions as it is imported (by name: the package imports this one).
import tracker.engine.eleventh.clock
import tracker.engine.eleventh.cp
import tracker.engine.eleventh.hand
import tracker.engine.eleventh.scoring
import tracker.engine.eleventh.setup  # noqa: F401
from tracker.engine.eleventh.actions import ACTIONS
from tracker.engine.eleventh.rules import SIDES
from tracker.engine.errors import refuse, require

State = dict[str, Any]


def apply(state: State, action: dict[str, Any]) -> State:
    """A new state with `action` applied, or raise `Refusal` (the input is never mutated).

    Every action has "type", "round" and "phase" (matching the game's clock, so stale or
    out-of-order actions are refused) and, for one side's actions, "side" ("a" or "b")."""
    require(isinstance(action, dict), "bad_action", "action: must be a JSON object")
    kind = action.get("type")
    spec = ACTIONS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        refuse("unknown_action", f"type: unknown action type {kind!r}", field="type")
    _check_clock(state, action, spec.phases)
    if spec.needs_side:
        require(action.get("side") in SIDES, "bad_side", "side: must be a or b", field="side")
    new = copy.deepcopy(state)
    spec.handler(new, action)
    new["seq"] = state["seq"] + 1
    return new


def replay(initial: State, log: Iterable[dict[str, Any]]) -> State:
    """Apply a stored action log in order; raises the first refusal (a corrupt log)."""
    state = initial
    for act in log:
        state = apply(state, act)
    return state


def clock_of(state: State) -> dict[str, Any]:
    """The fields a client echoes in its next action ("turn" and "seq" are optional)."""
    return {
        "round": state["round"],
        "phase": state["phase"],
        "turn": state["turn"],
        "seq": state["seq"],
    }


def phase_actions(state: State) -> list[str]:
    return sorted(k for k, spec in ACTIONS.items() if state["phase"] in spec.phases)


def _check_clock(state: State, action: dict[str, Any], phases: frozenset[str]) -> None:
    round_, phase = action.get("round"), action.get("phase")
    require(
        type(round_) is int and round_ == state["round"],
        "wrong_round",
        f"round: the game is in battle round {state['round']}, not {round_!r}",
        field="round",
    )
    require(
        phase == state["phase"],
        "wrong_phase",
        f"phase: the game is in the {state['phase']} phase, not {phase!r}",
        field="phase",
    )
    if "turn" in action:
        require(
            action["turn"] == state["turn"],
            "wrong_turn",
            f"turn: it is {state['turn']!r}'s turn, not {action['turn']!r}",
            field="turn",
        )
    if "seq" in action:
        require(
            action["seq"] == state["seq"],
            "stale_action",
            f"seq: the game is at action {state['seq']}, not {action['seq']!r}",
            field="seq",
        )
    require(
        phase in phases,
        "not_in_this_phase",
        f"type: {action['type']} cannot be done in the {phase} phase",
        field="type",
    )
