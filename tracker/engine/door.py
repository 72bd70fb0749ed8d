"""The one door into a game, shared by every edition's engine: an action is looked up in the
engine's table, checked against the game's clock, applied by its handler to a private copy,
and `seq` moves on. A refusal leaves the given state untouched; `replay` rebuilds a game from
its action log."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from common.errors import gettext_noop
from tracker.engine.errors import refuse, require

State = dict[str, Any]
Action = dict[str, Any]
Handler = Callable[[State, Action], None]


@dataclass(frozen=True)
class ActionSpec:
    kind: str
    handler: Handler
    phases: frozenset[str]
    needs_side: bool


Check = Callable[[State, Action, ActionSpec], None]


def registrar(actions: dict[str, ActionSpec]) -> Callable[..., Callable[[Handler], Handler]]:
    """`@action(kind, phases=..., side=True)`: registers a handler in `actions`."""

    def action(
        kind: str, *, phases: tuple[str, ...], side: bool = True
    ) -> Callable[[Handler], Handler]:
        def register(fn: Handler) -> Handler:
            actions[kind] = ActionSpec(kind, fn, frozenset(phases), side)
            return fn

        return register

    return action


def apply(
    state: State,
    action: Action,
    actions: Mapping[str, ActionSpec],
    *,
    check: Check | None = None,
    pins_turn: bool = True,
) -> State:
    """A new state with `action` applied, or raise `Refusal` (the input is never mutated).
    `check` is the engine's own test of the action (its side) once the clock is right."""
    require(
        isinstance(action, dict),
        "bad_action",
        gettext_noop("must be a JSON object"),
        where="action",
    )
    kind = action.get("type")
    spec = actions.get(kind) if isinstance(kind, str) else None
    if spec is None:
        refuse(
            "unknown_action",
            gettext_noop("unknown action type %(kind)s"),
            field="type",
            params={"kind": repr(kind)},
        )
    check_clock(state, action, spec.phases, pins_turn=pins_turn)
    if check is not None:
        check(state, action, spec)
    new = copy.deepcopy(state)
    spec.handler(new, action)
    new["seq"] = state["seq"] + 1
    return new


def replay(apply: Callable[[State, Action], State], initial: State, log: Iterable[Action]) -> State:
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


def phase_actions(actions: Mapping[str, ActionSpec], state: State) -> list[str]:
    """Action types the current phase accepts (the rest are refused whatever their fields)."""
    return sorted(k for k, spec in actions.items() if state["phase"] in spec.phases)


def check_clock(
    state: State, action: Action, phases: frozenset[str], *, pins_turn: bool = True
) -> None:
    """Round and phase must be the game's. An optional "seq" refuses an action built from an
    out-of-date state; with `pins_turn` an optional "turn" pins it to one player's turn (the
    older packs' engines never read "turn")."""
    round_, phase = action.get("round"), action.get("phase")
    require(
        type(round_) is int and round_ == state["round"],
        "wrong_round",
        gettext_noop("the game is in battle round %(round)s, not %(round2)s"),
        field="round",
        params={"round": state["round"], "round2": repr(round_)},
    )
    require(
        phase == state["phase"],
        "wrong_phase",
        gettext_noop("the game is in the %(phase)s phase, not %(phase2)s"),
        field="phase",
        params={"phase": state["phase"], "phase2": repr(phase)},
    )
    if pins_turn and "turn" in action:
        require(
            action["turn"] == state["turn"],
            "wrong_turn",
            gettext_noop("it is %(turn)s's turn, not %(turn2)s"),
            field="turn",
            params={"turn": repr(state["turn"]), "turn2": repr(action["turn"])},
        )
    if "seq" in action:
        require(
            action["seq"] == state["seq"],
            "stale_action",
            gettext_noop("the game is at action %(seq)s, not %(seq2)s"),
            field="seq",
            params={"seq": state["seq"], "seq2": repr(action["seq"])},
        )
    require(
        phase in phases,
        "not_in_this_phase",
        gettext_noop("%(type)s cannot be done in the %(phase)s phase"),
        field="type",
        params={"type": action["type"], "phase": phase},
    )
