"""The tracker's rulesets, one per edition engine, keyed by the `engine` a stored state carries.

Adding an edition is a package under tracker/engine/ with the same surface as the others
(new_game, apply, replay, clock_of, phase_actions, view, options, score_sheet, final_score),
an entry here, and its service and page entries (tracker/services/editions.py,
tracker/views/editions.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from tracker.engine import eleventh, eternal, leviathan, maelstrom

State = dict[str, Any]
Action = dict[str, Any]


@dataclass(frozen=True)
class Ruleset:
    key: str  # the state's "engine"
    sides: tuple[str, ...]  # what an action's "side" names
    # Choices made face down, revealed once both sides have chosen (none: one phone may act
    # for both players).
    secret_actions: tuple[str, ...]
    apply: Callable[[State, Action], State]
    replay: Callable[[State, Iterable[Action]], State]
    clock_of: Callable[[State], dict[str, Any]]
    phase_actions: Callable[[State], list[str]]
    view: Callable[[State, str | None], State]
    score_sheet: Callable[[State], dict[str, Any]]
    final_score: Callable[[State], dict[str, Any]]


def _ruleset(engine: ModuleType, sides: tuple[str, ...], secret: tuple[str, ...] = ()) -> Ruleset:
    return Ruleset(
        key=engine.ENGINE,
        sides=sides,
        secret_actions=secret,
        apply=engine.apply,
        replay=engine.replay,
        clock_of=engine.clock_of,
        phase_actions=engine.phase_actions,
        view=engine.view,
        score_sheet=engine.score_sheet,
        final_score=engine.final_score,
    )


LEVIATHAN = _ruleset(leviathan, leviathan.SIDES, leviathan.SECRET_ACTIONS)
RULESETS: dict[str, Ruleset] = {
    LEVIATHAN.key: LEVIATHAN,
    eleventh.ENGINE: _ruleset(eleventh, eleventh.SIDES, eleventh.SECRET_ACTIONS),
    maelstrom.ENGINE: _ruleset(maelstrom, maelstrom.PLAYERS),
    eternal.ENGINE: _ruleset(eternal, eternal.PLAYERS),
}


def ruleset_of(state: dict[str, Any]) -> Ruleset:
    """The ruleset a stored state was made by; a state without "engine" is Leviathan's."""
    return RULESETS.get(state.get("engine"), LEVIATHAN)
