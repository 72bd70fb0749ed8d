"""`apply(state, action)`: the one door into a game. Refusals leave the given state untouched."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# Each module registers its actions as it is imported (by name: the package imports this one).
import tracker.engine.leviathan.clock
import tracker.engine.leviathan.deck
import tracker.engine.leviathan.gambits
import tracker.engine.leviathan.scoring
import tracker.engine.leviathan.setup  # noqa: F401
from common.errors import gettext_noop
from tracker.engine import door
from tracker.engine.door import ActionSpec, clock_of
from tracker.engine.errors import require
from tracker.engine.leviathan.actions import ACTIONS
from tracker.engine.leviathan.rules import SIDES

State = dict[str, Any]


def apply(state: State, action: dict[str, Any]) -> State:
    """A new state with `action` applied, or raise `Refusal` (the input is never mutated).

    Every action is a dict with "type", "round" and "phase" (which must match the game's
    clock, so stale or out-of-order actions are refused) and, for one side's actions, "side".
    """
    return door.apply(state, action, ACTIONS, check=_check_side)


def replay(initial: State, log: Iterable[dict[str, Any]]) -> State:
    """Apply a stored action log in order; raises the first refusal (a corrupt log)."""
    return door.replay(apply, initial, log)


def phase_actions(state: State) -> list[str]:
    """Action types the current phase accepts (the rest are refused whatever their fields)."""
    return door.phase_actions(ACTIONS, state)


def _check_side(state: State, action: dict[str, Any], spec: ActionSpec) -> None:
    if not spec.needs_side:
        return
    side = action.get("side")
    require(
        side in SIDES,
        "bad_side",
        gettext_noop("must be one of %(choices)s"),
        field="side",
        params={"choices": ", ".join(SIDES)},
    )
    require(
        state["roles"] is not None,
        "roles_not_assigned",
        gettext_noop("Attacker and Defender are not decided yet"),
        where="side",
    )
    pending = state["sides"][side]["turn"]["intel"] == "pending"
    require(
        not pending or spec.kind == "intel_discard",
        "intel_discard_pending",
        gettext_noop("Secret Intel: discard one active card before anything else"),
        where="type",
    )


__all__ = ["apply", "clock_of", "phase_actions", "replay"]
