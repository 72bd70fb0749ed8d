"""Pre-battle steps: Attacker and Defender, secret Fixed/Tactical choice, first turn."""

from __future__ import annotations

from typing import Any

from common.errors import gettext_noop
from tracker.engine.errors import require
from tracker.engine.leviathan.actions import action
from tracker.engine.leviathan.cp import command_phase_starts
from tracker.engine.leviathan.rules import (
    COMMAND,
    FIRST_TURN,
    FIXED,
    MODES,
    ROLES,
    SECONDARIES,
    SIDES,
    TACTICAL,
    TARGETS_OF_OPPORTUNITY,
)
from tracker.engine.leviathan.state import rng, roll_off

State = dict[str, Any]


@action("roll_off", phases=(ROLES, FIRST_TURN), side=False)
def do_roll_off(state: State, act: dict[str, Any]) -> None:
    """Roles: the winner (a player label) then sends assign_roles. First turn: the winner
    (Attacker rolls first) simply takes the first turn."""
    step = state["phase"]
    require(
        step not in state["roll_offs"],
        "already_rolled",
        gettext_noop("the %(step)s roll-off is done"),
        params={"step": step},
        where="type",
    )
    result = roll_off(state)
    if step == ROLES:
        result["winner"] = state["players"][result["winner"]]
        state["roll_offs"][step] = result
        return
    result["winner"] = SIDES[result["winner"]]
    state["roll_offs"][step] = result
    _start_battle(state, result["winner"])


@action("assign_roles", phases=(ROLES,), side=False)
def assign_roles(state: State, act: dict[str, Any]) -> None:
    attacker = act.get("attacker")
    players = state["players"]
    require(
        attacker in players,
        "bad_player",
        gettext_noop("must be one of %(players)s"),
        field="attacker",
        params={"players": players},
    )
    defender = players[1 - players.index(attacker)]
    state["roles"] = {"attacker": attacker, "defender": defender}
    state["phase"] = SECONDARIES


@action("set_first_turn", phases=(FIRST_TURN,), side=False)
def set_first_turn(state: State, act: dict[str, Any]) -> None:
    first = act.get("first")
    require(
        first in SIDES,
        "bad_side",
        gettext_noop("must be one of %(choices)s"),
        field="first",
        params={"choices": ", ".join(SIDES)},
    )
    _start_battle(state, first)


def _start_battle(state: State, first: str) -> None:
    state["first_turn"] = first
    state["round"], state["phase"], state["turn"] = 1, COMMAND, first
    command_phase_starts(state)


@action("select_secondaries", phases=(SECONDARIES,))
def select_secondaries(state: State, act: dict[str, Any]) -> None:
    """Secret until both have chosen. Fixed: two Fixed-capable cards. Tactical: the two decoy
    cards (not Fixed-capable) that the table shows face down; they go back in the deck."""
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
    cards = act.get("cards")
    require(
        isinstance(cards, list) and all(isinstance(c, str) for c in cards),
        "bad_cards",
        gettext_noop("must be a list of card keys"),
        field="cards",
    )
    # Both modes put two cards face down: a Tactical player's are decoys without the symbol.
    require(
        len(cards) == 2 and len(set(cards)) == 2,
        "bad_cards",
        gettext_noop("choose two different cards (Fixed)")
        if mode == FIXED
        else gettext_noop("choose two different cards (decoys)"),
        field="cards",
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
            card["fixed_capable"] == (mode == FIXED),
            "not_fixed_capable" if mode == FIXED else "fixed_capable_decoy",
            gettext_noop("%(key)s lacks the Fixed symbol; fixed players choose cards that have it")
            if mode == FIXED
            else gettext_noop(
                "%(key)s has the Fixed symbol; tactical players choose cards that lack it"
            ),
            field="cards",
            params={"key": repr(key)},
        )
    side["selection"] = {"mode": mode, "cards": list(cards)}
    if all(state["sides"][s]["selection"] for s in SIDES):
        for s in SIDES:
            _reveal(state, s)
        state["revealed"]["secondaries"] = True
        state["phase"] = FIRST_TURN


def _reveal(state: State, s: str) -> None:
    side = state["sides"][s]
    mode = side["mode"] = side["selection"]["mode"]
    if mode == TACTICAL:
        rng(state).shuffle(side["deck"])  # decoys never left the deck
        return
    chosen = side["selection"]["cards"]
    side["fixed"] = list(chosen)
    rest = [k for k in side["deck"] if k not in chosen]
    if TARGETS_OF_OPPORTUNITY in state["mission_rules"]:
        # Fixed players draw too, from the deck without the unchosen Fixed-capable cards.
        side["set_aside"] = [k for k in rest if state["cards"][k]["fixed_capable"]]
        side["deck"] = [k for k in rest if not state["cards"][k]["fixed_capable"]]
        rng(state).shuffle(side["deck"])
    else:
        side["set_aside"], side["deck"] = rest, []
