"""`apply(state, action)`: the one door into an 11th-edition game. Refusals leave the given
state untouched (handlers work on a private copy)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# Each module registers its actions as it is imported (by name: the package imports this one).
import tracker.engine.eleventh.clock
import tracker.engine.eleventh.cp
import tracker.engine.eleventh.hand
import tracker.engine.eleventh.scoring
import tracker.engine.eleventh.setup  # noqa: F401
from common.errors import gettext_noop
from tracker.engine import door
from tracker.engine.door import ActionSpec, clock_of
from tracker.engine.eleventh.actions import ACTIONS
from tracker.engine.eleventh.rules import SIDES
from tracker.engine.errors import require

State = dict[str, Any]


def apply(state: State, action: dict[str, Any]) -> State:
    """A new state with `action` applied, or raise `Refusal` (the input is never mutated).

    Every action has "type", "round" and "phase" (matching the game's clock, so stale or
    out-of-order actions are refused) and, for one side's actions, "side" ("a" or "b")."""
    return door.apply(state, action, ACTIONS, check=_check_side)


def replay(initial: State, log: Iterable[dict[str, Any]]) -> State:
    """Apply a stored action log in order; raises the first refusal (a corrupt log)."""
    return door.replay(apply, initial, log)


def phase_actions(state: State) -> list[str]:
    return door.phase_actions(ACTIONS, state)


def _check_side(state: State, action: dict[str, Any], spec: ActionSpec) -> None:
    if spec.needs_side:
        require(
            action.get("side") in SIDES, "bad_side", gettext_noop("must be a or b"), field="side"
        )


__all__ = ["apply", "clock_of", "phase_actions", "replay"]
