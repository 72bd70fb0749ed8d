"""`apply(state, action)`: the one door into a game. Refusals leave the given state untouched."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

# Each module registers its actions as it is imported (by name: the package imports this one).
import tracker.engine.leviathan.clock
import tracker.engine.leviathan.deck
import tracker.engine.leviathan.gambits
import tracker.engine.leviathan.scoring
import tracker.engine.leviathan.setup  # noqa: F401
from tracker.engine.errors import refuse, require
from tracker.engine.leviathan.actions import ACTIONS
from tracker.engine.leviathan.rules import SIDES

State = dict[str, Any]


def apply(state: State, action: dict[str, Any]) -> State:
    """A new state with `action` applied, or raise `Refusal` (the input is never mutated).

    Every action is a dict with "type", "round" and "phase" (which must match the game's
    clock, so stale or out-of-order actions are refused) and, for one side's actions, "side".
    """
    require(isinstance(action, dict), "bad_action", "action: must be a JSON object")
    kind = action.get("type")
    spec = ACTIONS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        refuse("unknown_action", f"type: unknown action type {kind!r}", field="type")
    _check_clock(state, action, spec.phases)
    if spec.needs_side:
        side = action.get("side")
        require(side in SIDES, "bad_side", f"side: must be one of {', '.join(SIDES)}", field="side")
        require(
            state["roles"] is not None,
            "roles_not_assigned",
            "side: Attacker and Defender are not decided yet",
        )
        pending = state["sides"][side]["turn"]["intel"] == "pending"
        require(
            not pending or spec.kind == "intel_discard",
            "intel_discard_pending",
            "type: Secret Intel: discard one active card before anything else",
        )
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
    """Action types the current phase accepts (the rest are refused whatever their fields)."""
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
    if "turn" in action:  # optional: pins the action to one player's turn
        require(
            action["turn"] == state["turn"],
            "wrong_turn",
            f"turn: it is {state['turn']!r}'s turn, not {action['turn']!r}",
            field="turn",
        )
    if "seq" in action:  # optional: refuses an action built from an out-of-date state
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
