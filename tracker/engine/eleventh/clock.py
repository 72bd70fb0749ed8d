"""Moving the game clock: phases of a turn, turns of a round, exactly five rounds, the end."""

from __future__ import annotations

from typing import Any

from common.errors import gettext_noop
from tracker.engine.eleventh.actions import action
from tracker.engine.eleventh.cp import command_phase_starts
from tracker.engine.eleventh.hand import must_draw
from tracker.engine.eleventh.rules import (
    COMMAND,
    END_OF_BATTLE,
    OVER,
    ROUNDS,
    SIDES,
    TURN_PHASES,
    other,
)
from tracker.engine.eleventh.state import fresh_turn
from tracker.engine.errors import require

State = dict[str, Any]


@action("advance", phases=TURN_PHASES)
def advance(state: State, act: dict[str, Any]) -> None:
    """The player whose turn it is ends the phase: to the next, to a later phase of the same
    turn ("to"), or from end_of_turn into the next turn."""
    s = act["side"]
    require(
        state["turn"] == s,
        "not_your_turn",
        gettext_noop("only the player whose turn it is moves the game on"),
        field="side",
    )
    here = TURN_PHASES.index(state["phase"])
    later = TURN_PHASES[here + 1 :]
    target = act.get("to", later[0] if later else None)
    if "to" in act:
        require(
            target in later,
            "bad_phase_target",
            gettext_noop("must be a later phase of this turn: %(phases)s")
            if later
            else gettext_noop("this is the turn's last phase"),
            field="to",
            params={"phases": ", ".join(later)},
        )
    if state["phase"] == COMMAND:
        require(
            not must_draw(state, s),
            "draw_required",
            gettext_noop("draw your two Secondary cards before the Command phase ends"),
            where="type",
        )
    if target is not None:
        state["phase"] = target
    else:
        _end_turn(state, s)


def _end_turn(state: State, s: str) -> None:
    state["sides"][s]["turn"] = fresh_turn()
    if s == state["first_turn"]:
        state["turn"], state["phase"] = other(s), COMMAND
        command_phase_starts(state)
    elif state["round"] == ROUNDS:  # exactly five battle rounds
        state["turn"], state["phase"] = None, END_OF_BATTLE
    else:
        state["round"] += 1
        state["turn"], state["phase"] = state["first_turn"], COMMAND
        command_phase_starts(state)


@action("finish", phases=(END_OF_BATTLE,), side=False)
def finish(state: State, act: dict[str, Any]) -> None:
    """Close the game once end-of-battle scores are in; nothing is accepted afterwards."""
    state["phase"] = OVER
    for s in SIDES:
        state["sides"][s]["turn"] = fresh_turn()
