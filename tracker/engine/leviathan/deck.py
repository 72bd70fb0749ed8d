"""Secondary cards during the battle: drawing, Secret Intel, New Orders, discarding."""

from __future__ import annotations

from typing import Any

from common.errors import gettext_noop
from tracker.engine.errors import require
from tracker.engine.leviathan.actions import action
from tracker.engine.leviathan.cp import gain_extra, spend
from tracker.engine.leviathan.rules import (
    ACTIVE_CARDS,
    ACTIVE_CARDS_TARGETS_OF_OPPORTUNITY,
    COMMAND,
    END_OF_TURN,
    FIXED,
    LAST_ROUND,
    MAY_REDRAW_IF_FEW_UNITS,
    NEW_ORDERS_CP,
    NEW_ORDERS_CP_VOX_STATIC,
    OPPONENT_PICKS_NML_OBJECTIVE,
    SECRET_INTEL,
    TACTICAL,
    TARGETS_OF_OPPORTUNITY,
    TURN_PHASES,
    VOX_STATIC,
    other,
)
from tracker.engine.leviathan.state import rng

State = dict[str, Any]


def draws_cards(state: State, s: str) -> bool:
    """Tactical players draw; Fixed players only under Targets of Opportunity."""
    mode = state["sides"][s]["mode"]
    return mode == TACTICAL or (mode == FIXED and TARGETS_OF_OPPORTUNITY in state["mission_rules"])


def draw_target(state: State) -> int:
    if TARGETS_OF_OPPORTUNITY in state["mission_rules"]:
        return ACTIVE_CARDS_TARGETS_OF_OPPORTUNITY
    return ACTIVE_CARDS


def draw_one(state: State, s: str) -> str | None:
    """Top card to active, or None once the deck is out. In round 1, cards that cannot be
    achieved then are set aside, replaced, and shuffled back in afterwards."""
    side = state["sides"][s]
    aside: list[str] = []
    drawn = None
    while side["deck"] and drawn is None:
        key = side["deck"].pop(0)
        if state["round"] == 1 and state["cards"][key]["redraw_in_first_round"]:
            aside.append(key)
        else:
            drawn = key
            side["active"].append(key)
            side["turn"]["drawn"].append(key)
            if when_drawn(state, key) == OPPONENT_PICKS_NML_OBJECTIVE:
                side.setdefault("objectives", {})[key] = None  # the opponent's pick is due
    if aside:
        side["deck"].extend(aside)
        rng(state).shuffle(side["deck"])
        side["turn"]["set_aside"].extend(aside)
    return drawn


def when_drawn(state: State, key: str) -> str | None:
    card = state["cards"][key]
    if "when_drawn" not in card:  # games stored before when-drawn effects were data
        return MAY_REDRAW_IF_FEW_UNITS if card.get("redraw_on_draw") else None
    return card["when_drawn"]


def leave_active(side: dict[str, Any], key: str) -> None:
    """An active card is discarded: it and anything it pointed at leave play."""
    side["active"].remove(key)
    side["discarded"].append(key)
    side.get("objectives", {}).pop(key, None)


def needs_draw(state: State, s: str) -> bool:
    """The side is short of active cards and its deck could still fill the gap."""
    side = state["sides"][s]
    short = len(side["active"]) + len(side["fixed"]) < draw_target(state)
    return short and bool(side["deck"])


def _own_command(state: State, act: dict[str, Any], what: str) -> dict[str, Any]:
    s = act["side"]
    require(
        state["turn"] == s,
        "not_your_turn",
        gettext_noop("%(what)s only in your own Command phase"),
        field="side",
        params={"what": what},
    )
    require(
        draws_cards(state, s),
        "does_not_draw",
        gettext_noop("%(what)s: this side does not draw Secondary cards (Fixed Missions)"),
        field="side",
        params={"what": what},
    )
    return state["sides"][s]


def _active_card(side: dict[str, Any], act: dict[str, Any]) -> str:
    key = act.get("card")
    require(
        key not in side["fixed"],
        "fixed_card",
        gettext_noop("Fixed Mission cards cannot be discarded for any reason"),
        field="card",
    )
    require(
        key in side["active"],
        "card_not_active",
        gettext_noop("%(key)s is not an active card"),
        field="card",
        params={"key": repr(key)},
    )
    return key  # type: ignore[return-value]


def _before_new_orders(side: dict[str, Any], what: str) -> None:
    """New Orders is used at the end of the Command phase: nothing of the phase follows it."""
    require(
        not side["turn"].get("new_orders"),
        "after_new_orders",
        gettext_noop("%(what)s comes before New Orders, which ends the Command phase"),
        params={"what": what},
        where="type",
    )


@action("draw", phases=(COMMAND,))
def draw(state: State, act: dict[str, Any]) -> None:
    """Start of Command phase: draw up to the active-card target (Fixed cards count)."""
    side = _own_command(state, act, "draw")
    require(
        not side["turn"]["drew"],
        "already_drew",
        gettext_noop("cards already drawn this phase"),
        where="type",
    )
    side["turn"]["drew"] = True
    got = 0
    while len(side["active"]) + len(side["fixed"]) < draw_target(state):
        if draw_one(state, act["side"]) is None:
            break
        got += 1
    if got and SECRET_INTEL in state["mission_rules"]:
        side["turn"]["intel"] = "available"


@action("intel_draw", phases=(COMMAND,))
def intel_draw(state: State, act: dict[str, Any]) -> None:
    side = _own_command(state, act, "intel_draw")
    require(
        SECRET_INTEL in state["mission_rules"],
        "rule_not_in_play",
        gettext_noop("intel_draw needs the Secret Intel mission rule"),
        where="type",
    )
    _before_new_orders(side, "Secret Intel")
    require(
        side["turn"]["intel"] != "used",
        "intel_used",
        gettext_noop("Secret Intel used this phase"),
        where="type",
    )
    require(
        side["turn"]["intel"] == "available",
        "intel_needs_draw",
        gettext_noop("Secret Intel follows the first time you draw cards this phase"),
        where="type",
    )
    require(
        draw_one(state, act["side"]) is not None,
        "deck_empty",
        gettext_noop("intel_draw: the Secondary deck has run out"),
        where="type",
    )
    side["turn"]["intel"] = "pending"


@action("intel_discard", phases=(COMMAND,))
def intel_discard(state: State, act: dict[str, Any]) -> None:
    side = state["sides"][act["side"]]
    require(
        side["turn"]["intel"] == "pending",
        "no_intel_pending",
        gettext_noop("intel_discard only after intel_draw"),
        where="type",
    )
    key = _active_card(side, act)
    leave_active(side, key)
    side["turn"]["intel"] = "used"


@action("redraw", phases=(COMMAND,))
def redraw(state: State, act: dict[str, Any]) -> None:
    """Swap a just-drawn Engage on All Fronts: the player declares ("qualifying_units") that
    only one or two qualifying units remain."""
    side = _own_command(state, act, "redraw")
    _before_new_orders(side, "A swap")
    key = _active_card(side, act)
    require(
        when_drawn(state, key) == MAY_REDRAW_IF_FEW_UNITS,
        "no_redraw_rule",
        gettext_noop("%(key)s has no rule allowing a redraw"),
        field="card",
        params={"key": repr(key)},
    )
    require(
        key in side["turn"]["drawn"],
        "not_just_drawn",
        gettext_noop("%(key)s may only be swapped in the phase it was drawn"),
        field="card",
        params={"key": repr(key)},
    )
    units = act.get("qualifying_units")
    require(
        type(units) is int and units in (1, 2),
        "bad_declaration",
        gettext_noop("the swap needs a declared 1 or 2 qualifying units left"),
        field="qualifying_units",
    )
    leave_active(side, key)
    side["turn"]["drawn"].remove(key)
    draw_one(state, act["side"])


@action("new_orders", phases=(COMMAND,))
def new_orders(state: State, act: dict[str, Any]) -> None:
    side = _own_command(state, act, "new_orders")
    # Drawing comes first only when there is something to draw: a full hand or an empty
    # deck leaves nothing to wait for.
    require(
        side["turn"]["drew"] or not needs_draw(state, act["side"]),
        "draw_first",
        gettext_noop("New Orders comes after drawing"),
        where="type",
    )
    require(
        not side["new_orders_used"],
        "new_orders_used",
        gettext_noop("New Orders is once per battle"),
        where="type",
    )
    key = _active_card(side, act)
    vox = VOX_STATIC in state["mission_rules"]
    spend(state, act["side"], NEW_ORDERS_CP_VOX_STATIC if vox else NEW_ORDERS_CP, "New Orders")
    side["new_orders_used"] = True
    side["turn"]["new_orders"] = True  # the Command phase is at its end (see _before_new_orders)
    leave_active(side, key)
    draw_one(state, act["side"])


@action("discard", phases=(END_OF_TURN,))
def discard(state: State, act: dict[str, Any]) -> None:
    """End of own turn, Tactical only: discard cards; the first discard of a turn gains 1CP
    except in the last battle round."""
    s = act["side"]
    side = state["sides"][s]
    require(
        state["turn"] == s,
        "not_your_turn",
        gettext_noop("discard only at the end of your turn"),
        field="side",
    )
    require(
        side["mode"] == TACTICAL,
        "tactical_only",
        gettext_noop("only Tactical players discard at the end of their turn"),
        field="side",
    )
    cards = act.get("cards")
    require(
        isinstance(cards, list)
        and all(isinstance(c, str) for c in cards)
        and len(set(cards)) == len(cards) > 0,
        "bad_cards",
        gettext_noop("give a non-empty list of different active cards"),
        field="cards",
    )
    for key in cards:
        _active_card(side, {"card": key})
    for key in cards:
        leave_active(side, key)
    # 1CP for discarding, not in the last round, and only while this round's one extra CP
    # is unused.
    if not side["turn"]["discarded"] and state["round"] < LAST_ROUND:
        gain_extra(state, s, "end-of-turn discard")
    side["turn"]["discarded"] = True


@action("pick_objective", phases=TURN_PHASES)
def pick_objective(state: State, act: dict[str, Any]) -> None:
    """A card drawn by the other side asks this side to pick a No Man's Land objective."""
    s = act["side"]
    owner = state["sides"][other(s)]
    key = act.get("card")
    pending = owner.get("objectives", {})
    require(
        key in pending and key in owner["active"],
        "nothing_to_pick",
        gettext_noop("your opponent has no active %(key)s waiting for your pick"),
        field="card",
        params={"key": repr(key)},
    )
    require(
        pending[key] is None,
        "already_picked",
        gettext_noop("the objective is already picked"),
        where="card",
    )
    known = state.get("nml_objectives") or []
    objective = act.get("objective")
    require(
        isinstance(objective, str)
        and 0 < len(objective) <= 40
        and (not known or objective in known),
        "bad_objective",
        gettext_noop("pick a No Man's Land objective: one of %(choices)s")
        if known
        else gettext_noop("pick a No Man's Land objective (its name, up to 40 characters)"),
        field="objective",
        params={"choices": ", ".join(known)},
    )
    pending[key] = objective
