"""The Tactical hand: two draws at the start of each own Command phase (unscored cards stay),
When Drawn redraws and optional replacements, the 1 CP swap once per battle, and the
end-of-own-turn discards that gain 1 CP in total."""

from __future__ import annotations

from typing import Any

from common.errors import gettext_noop
from tracker.engine.eleventh.actions import action
from tracker.engine.eleventh.cp import gain_extra, spend
from tracker.engine.eleventh.rules import (
    COMMAND,
    DRAW_PER_COMMAND,
    END_OF_TURN,
    REDRAW,
    REPLACE,
    TACTICAL,
)
from tracker.engine.eleventh.state import rng
from tracker.engine.errors import require

State = dict[str, Any]


def must_redraw(state: State, side: dict[str, Any], key: str) -> bool:
    """The card's When Drawn says shuffle it back and draw another, now."""
    drawn = state["cards"][key]["when_drawn"]
    if drawn is None or drawn["op"] != REDRAW:
        return False
    if drawn["rounds"] is not None and state["round"] not in drawn["rounds"]:
        return False
    if drawn["while_active"]:
        return any(k in side["active"] for k in drawn["while_active"])
    return True


def draw_one(state: State, s: str) -> str | None:
    """The top card to the hand, or None once the deck is out. Cards whose When Drawn sends
    them back are set aside until a card stays, then shuffled back in (so it ends)."""
    side = state["sides"][s]
    aside: list[str] = []
    drawn = None
    while side["deck"] and drawn is None:
        key = side["deck"].pop(0)
        if must_redraw(state, side, key):
            aside.append(key)
        else:
            drawn = key
            side["active"].append(key)
            side["turn"]["drawn"].append(key)
    if aside:
        side["deck"].extend(aside)
        rng(state).shuffle(side["deck"])
    return drawn


def must_draw(state: State, s: str) -> bool:
    """A Tactical side in its own Command phase that has not drawn and could."""
    side = state["sides"][s]
    return (
        side["mode"] == TACTICAL
        and state["phase"] == COMMAND
        and state["turn"] == s
        and not side["turn"]["drew"]
        and bool(side["deck"])
    )


def _own_command(state: State, act: dict[str, Any], what: str) -> dict[str, Any]:
    s = act["side"]
    require(
        state["turn"] == s,
        "not_your_turn",
        gettext_noop("%(what)s only in your own Command phase"),
        field="side",
        params={"what": what},
    )
    side = state["sides"][s]
    require(
        side["mode"] == TACTICAL,
        "tactical_only",
        gettext_noop("%(what)s: only a Tactical player draws cards"),
        field="side",
        params={"what": what},
    )
    return side


def _active(side: dict[str, Any], act: dict[str, Any]) -> str:
    key = act.get("card")
    require(
        isinstance(key, str) and key in side["active"],
        "card_not_active",
        gettext_noop("%(key)s is not in this side's hand"),
        field="card",
        params={"key": repr(key)},
    )
    return key  # type: ignore[return-value]


def _leave(side: dict[str, Any], key: str) -> None:
    side["active"].remove(key)
    side["discarded"].append(key)
    if key in side["turn"]["drawn"]:
        side["turn"]["drawn"].remove(key)


@action("draw", phases=(COMMAND,))
def draw(state: State, act: dict[str, Any]) -> None:
    """Start of your Command phase: draw two, keeping the cards already in hand."""
    side = _own_command(state, act, "draw")
    require(
        not side["turn"]["drew"],
        "already_drew",
        gettext_noop("you drew this Command phase"),
        where="type",
    )
    require(
        side["deck"], "deck_empty", gettext_noop("the Secondary deck has run out"), where="type"
    )
    side["turn"]["drew"] = True
    for _ in range(DRAW_PER_COMMAND):
        if draw_one(state, act["side"]) is None:
            break


@action("replace", phases=(COMMAND,))
def replace(state: State, act: dict[str, Any]) -> None:
    """A card drawn this phase whose When Drawn lets the player replace it (the opponent has
    no valid target): discard it and draw another."""
    side = _own_command(state, act, "replace")
    key = _active(side, act)
    drawn = state["cards"][key]["when_drawn"]
    require(
        drawn is not None and drawn["op"] == REPLACE,
        "no_replace_rule",
        gettext_noop("%(name)s has no rule to replace it when drawn"),
        field="card",
        params={"name": state["cards"][key]["name"]},
    )
    require(
        key in side["turn"]["drawn"],
        "not_just_drawn",
        gettext_noop("%(name)s may only be replaced in the phase it was drawn"),
        field="card",
        params={"name": state["cards"][key]["name"]},
    )
    _leave(side, key)
    draw_one(state, act["side"])


@action("swap", phases=(COMMAND,))
def swap(state: State, act: dict[str, Any]) -> None:
    """Once per battle, after drawing: pay 1 CP, discard a card in hand and draw another."""
    side = _own_command(state, act, "swap")
    require(
        not must_draw(state, act["side"]),
        "draw_first",
        gettext_noop("draw before swapping"),
        where="type",
    )
    require(
        not side["swap_used"],
        "swap_used",
        gettext_noop("the 1 CP swap is once per battle"),
        where="type",
    )
    require(
        side["deck"], "deck_empty", gettext_noop("the Secondary deck has run out"), where="type"
    )
    key = _active(side, act)
    spend(state, act["side"], state["cp_rules"]["swap"], gettext_noop("swap a Secondary card"))
    side["swap_used"] = True
    _leave(side, key)
    draw_one(state, act["side"])


@action("discard", phases=(END_OF_TURN,))
def discard(state: State, act: dict[str, Any]) -> None:
    """End of your own turn, Tactical only: discard any number of cards in hand; the first
    discard of the turn gains 1 CP in total, if this round's one extra CP is unused."""
    s = act["side"]
    side = state["sides"][s]
    require(
        state["turn"] == s,
        "not_your_turn",
        gettext_noop("discard only at the end of your own turn"),
        field="side",
    )
    require(
        side["mode"] == TACTICAL,
        "tactical_only",
        gettext_noop("only a Tactical player discards cards"),
        field="side",
    )
    cards = act.get("cards")
    require(
        isinstance(cards, list)
        and all(isinstance(c, str) for c in cards)
        and len(set(cards)) == len(cards) > 0,
        "bad_cards",
        gettext_noop("give a non-empty list of different cards in hand"),
        field="cards",
    )
    for key in cards:
        _active(side, {"card": key})
    for key in cards:
        _leave(side, key)
    if not side["turn"]["discarded"]:
        gain_extra(state, s, "end-of-turn discard")
    side["turn"]["discarded"] = True
