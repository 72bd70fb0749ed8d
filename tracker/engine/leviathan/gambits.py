"""Gambits: dealt at the end of battle round 3, chosen secretly, scored at the end."""

from __future__ import annotations

from typing import Any

from common.errors import gettext_noop
from tracker.engine.errors import require
from tracker.engine.leviathan.actions import action
from tracker.engine.leviathan.cp import command_phase_starts
from tracker.engine.leviathan.rules import (
    COMMAND,
    END_OF_BATTLE,
    END_OF_TURN,
    GAMBIT_ROUND,
    GAMBITS,
    LAST_ROUND,
    NO_GAMBIT,
    SIDES,
)
from tracker.engine.leviathan.state import rng

State = dict[str, Any]


def deal_gambits(state: State) -> None:
    """Proceed as Planned aside, shuffle, one random card discarded, Proceed as Planned back."""
    for s in SIDES:
        side = state["sides"][s]
        rest = [k for k in side["gambit_deck"] if k != NO_GAMBIT]
        rng(state).shuffle(rest)
        side["gambit_discarded"] = rest[:1]
        side["gambit_hand"] = [*rest[1:], NO_GAMBIT]
        side["gambit_deck"] = []


def attempting_gambit(state: State, s: str) -> bool:
    """True once a chosen gambit (not Proceed as Planned) is revealed: primary VP stop."""
    gambit = state["sides"][s]["gambit"]
    return state["revealed"]["gambits"] and gambit not in (None, NO_GAMBIT)


@action("choose_gambit", phases=(GAMBITS,))
def choose_gambit(state: State, act: dict[str, Any]) -> None:
    side = state["sides"][act["side"]]
    require(
        side["gambit"] is None,
        "already_chosen",
        gettext_noop("gambit already chosen"),
        where="side",
    )
    key = act.get("card")
    require(
        key in side["gambit_hand"],
        "card_not_in_hand",
        gettext_noop("%(key)s is not one of this side's three gambit cards"),
        field="card",
        params={"key": repr(key)},
    )
    side["gambit"] = key
    if all(state["sides"][s]["gambit"] for s in SIDES):
        state["revealed"]["gambits"] = True
        state["round"] = GAMBIT_ROUND + 1
        state["turn"], state["phase"] = state["first_turn"], COMMAND
        command_phase_starts(state)


@action("score_gambit", phases=(END_OF_TURN, END_OF_BATTLE))
def score_gambit(state: State, act: dict[str, Any]) -> None:
    """Result of the attempted gambit, at the end of the side's fifth turn or of the battle."""
    s = act["side"]
    side = state["sides"][s]
    require(
        state["round"] == LAST_ROUND and state["turn"] in (s, None),
        "not_gambit_time",
        gettext_noop("gambits are scored at the end of your fifth turn or of the battle"),
        where="type",
    )
    require(
        attempting_gambit(state, s),
        "no_gambit",
        gettext_noop("chose no gambit after battle round %(round)s"),
        field="side",
        params={"round": GAMBIT_ROUND},
    )
    require(
        not side["gambit_scored"],
        "already_scored",
        gettext_noop("the gambit is already scored"),
        where="type",
    )
    top = state["gambit_cards"][side["gambit"]]["max_vp"]
    vp = act.get("vp")
    require(
        type(vp) is int and vp in (0, top),
        "bad_vp",
        gettext_noop("a gambit scores %(top)sVP on success or 0"),
        field="vp",
        params={"top": top},
    )
    side["gambit_scored"] = True
    side["scores"].append(
        {"round": LAST_ROUND, "category": "gambit", "vp": vp, "card": side["gambit"]}
    )
