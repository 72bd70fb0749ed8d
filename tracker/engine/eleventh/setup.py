"""Pre-battle steps: Attacker and Defender, the secret Fixed or Tactical choice (revealed
together), and who takes the first turn."""

from __future__ import annotations

from typing import Any

from common.errors import gettext_noop
from tracker.engine.eleventh.actions import action
from tracker.engine.eleventh.cp import command_phase_starts
from tracker.engine.eleventh.rules import (
    COMMAND,
    FIRST_TURN,
    FIXED,
    FIXED_CARDS,
    MODES,
    ROLES,
    SECONDARIES,
    SIDES,
    TACTICAL,
)
from tracker.engine.eleventh.state import rng, roll_off
from tracker.engine.errors import require

State = dict[str, Any]


@action("roll_off", phases=(ROLES, FIRST_TURN), side=False)
def do_roll_off(state: State, act: dict[str, Any]) -> None:
    """Roles: the winner then says who attacks (assign_roles). First turn: the winner goes
    first."""
    step = state["phase"]
    require(
        step not in state["roll_offs"],
        "already_rolled",
        gettext_noop("the %(step)s roll-off is done"),
        params={"step": step},
        where="type",
    )
    result = roll_off(state)
    state["roll_offs"][step] = result
    if step == FIRST_TURN:
        _start_battle(state, result["winner"])


@action("assign_roles", phases=(ROLES,), side=False)
def assign_roles(state: State, act: dict[str, Any]) -> None:
    attacker = act.get("attacker")
    require(attacker in SIDES, "bad_side", gettext_noop("must be a or b"), field="attacker")
    state["attacker"] = attacker
    state["phase"] = SECONDARIES


@action("choose_secondaries", phases=(SECONDARIES,))
def choose_secondaries(state: State, act: dict[str, Any]) -> None:
    """Secret until both have chosen. Fixed: two Fixed-capable cards; Tactical: no cards."""
    side = state["sides"][act["side"]]
    require(
        side["selection"] is None,
        "already_chosen",
        gettext_noop("secondaries already chosen"),
        where="side",
    )
    mode = act.get("mode")
    require(
        mode in MODES,
        "bad_mode",
        gettext_noop("must be one of %(choices)s"),
        field="mode",
        params={"choices": ", ".join(MODES)},
    )
    cards = act.get("cards", [])
    require(
        isinstance(cards, list) and all(isinstance(c, str) for c in cards),
        "bad_cards",
        gettext_noop("must be a list of card keys"),
        field="cards",
    )
    if mode == TACTICAL:
        require(
            not cards,
            "bad_cards",
            gettext_noop("a Tactical player chooses no cards"),
            field="cards",
        )
    else:
        require(
            len(cards) == FIXED_CARDS and len(set(cards)) == FIXED_CARDS,
            "bad_cards",
            gettext_noop("choose %(count)s different Fixed cards"),
            field="cards",
            params={"count": FIXED_CARDS},
        )
        for key in cards:
            card = state["cards"].get(key)
            require(
                card is not None,
                "unknown_card",
                gettext_noop("no secondary %(key)s"),
                field="cards",
                params={"key": repr(key)},
            )
            require(
                card["fixed_capable"],
                "not_fixed_capable",
                gettext_noop("%(name)s cannot be played as a Fixed card"),
                field="cards",
                params={"name": card["name"]},
            )
    side["selection"] = {"mode": mode, "cards": list(cards)}
    if all(state["sides"][s]["selection"] for s in SIDES):
        for s in SIDES:  # in side order, so the shuffles replay alike
            _reveal(state, s)
        state["revealed"] = True
        state["phase"] = FIRST_TURN


def _reveal(state: State, s: str) -> None:
    side = state["sides"][s]
    side["mode"] = side["selection"]["mode"]
    if side["mode"] == FIXED:
        side["fixed"] = list(side["selection"]["cards"])
        side["deck"] = []
    else:
        rng(state).shuffle(side["deck"])


@action("set_first_turn", phases=(FIRST_TURN,), side=False)
def set_first_turn(state: State, act: dict[str, Any]) -> None:
    first = act.get("first")
    require(first in SIDES, "bad_side", gettext_noop("must be a or b"), field="first")
    _start_battle(state, first)


def _start_battle(state: State, first: str) -> None:
    state["first_turn"] = first
    state["round"], state["phase"], state["turn"] = 1, COMMAND, first
    command_phase_starts(state)
