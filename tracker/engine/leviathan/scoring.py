"""VP entries (primary, Battle Ready) and the capped totals a finished game reports."""

from __future__ import annotations

from typing import Any

from common.errors import gettext_noop
from tracker.engine.errors import require
from tracker.engine.leviathan.actions import action
from tracker.engine.leviathan.deck import leave_active
from tracker.engine.leviathan.gambits import attempting_gambit
from tracker.engine.leviathan.rules import (
    END_OF_BATTLE,
    FIRST_TURN,
    FIXED,
    GAMBITS,
    LAST_ROUND,
    OVER,
    SECONDARIES,
    SIDES,
    TACTICAL,
    TURN_PHASES,
)
from tracker.engine.leviathan.timing import describe_words, line_now

State = dict[str, Any]
WHEN_DESTROYED = "when_destroyed"
CATEGORIES = ("primary", "secondary", "gambit")


def _entry(state: State, category: str, vp: int, card: str | None) -> dict[str, Any]:
    """A raw score entry; phase and turn say at which moment it was scored."""
    return {
        "round": state["round"],
        "category": category,
        "vp": vp,
        "card": card,
        "phase": state["phase"],
        "turn": state["turn"],
    }


def _same_moment(state: State, entry: dict[str, Any]) -> bool:
    return (
        entry["round"] == state["round"]
        and entry.get("phase") == state["phase"]
        and entry.get("turn") == state["turn"]
    )


def primary_budget(state: State, s: str) -> tuple[int, list[dict[str, Any]]]:
    """(VP this side may still enter for the primary right now, the lines scoring now)."""
    primary = state.get("primary")
    if primary is None:
        return 0, []
    lines = [line for line in primary["lines"] if line_now(state, s, line)]
    top = sum(line["cap"] or line["vp"] for line in lines)
    if primary.get("turn_cap") is not None:
        top = min(top, primary["turn_cap"])
    used = sum(
        e["vp"]
        for e in state["sides"][s]["scores"]
        if e["category"] == "primary" and _same_moment(state, e)
    )
    return max(top - used, 0), lines


@action("score_primary", phases=(*TURN_PHASES, END_OF_BATTLE))
def score_primary(state: State, act: dict[str, Any]) -> None:
    """VP from the mission's primary card, checked against its lines: the rounds they score
    in, whose turn and which moment, and the most they give at that moment together."""
    s = act["side"]
    require(
        not attempting_gambit(state, s),
        "gambit_attempted",
        gettext_noop("a side attempting a gambit scores no more primary VP"),
        field="side",
    )
    primary = state.get("primary")
    require(
        primary is not None,
        "no_primary",
        gettext_noop(
            "this game does not know its primary mission, so primary VP cannot be checked"
        ),
        where="type",
    )
    left, lines = primary_budget(state, s)
    require(
        lines,
        "primary_not_now",
        gettext_noop("%(name)s does not score for this side now; it scores %(when)s"),
        params={"name": primary["name"], "when": describe_words(primary["lines"])},
        where="type",
    )
    vp = act.get("vp")
    require(
        type(vp) is int and 0 <= vp <= left,
        "bad_vp",
        gettext_noop("%(name)s gives this side 0..%(left)sVP more at this moment"),
        field="vp",
        params={"name": primary["name"], "left": left},
    )
    state["sides"][s]["scores"].append(_entry(state, "primary", vp, primary["key"]))


def secondary_budget(state: State, s: str, key: str) -> tuple[int, list[dict[str, Any]]]:
    """(VP the card may still give in one entry now, its lines scoring now) for `s`."""
    side = state["sides"][s]
    card = state["cards"][key]
    is_fixed = key in side["fixed"]
    mode = FIXED if is_fixed else TACTICAL
    all_lines = card.get("lines", {}).get(mode, [])
    lines = [line for line in all_lines if line_now(state, s, line)]
    if all_lines and not lines:
        return 0, []
    caps = state["caps"]
    if is_fixed:
        top = card.get("entry_max_fixed") or card["max_vp_fixed"] or caps["per_fixed_card"]
        # Scores at a moment add up to one entry's worth; kills score once per model.
        if not any(line["timing"] == WHEN_DESTROYED for line in lines):
            top -= sum(
                e["vp"]
                for e in side["scores"]
                if e.get("card") == key and e["category"] == "secondary" and _same_moment(state, e)
            )
        so_far = sum(e["vp"] for e in side["scores"] if e.get("card") == key)
        top = min(top, caps["per_fixed_card"] - so_far)
    else:
        top = card["max_vp_tactical"] or caps["secondary"]
        if kills_tactical(card):  # scoring every kill of the turn, up to the card's total
            top -= sum(e["vp"] for e in side["scores"] if e.get("card") == key)
    return max(top, 0), lines or [{"timing": "any"}]


def kills_tactical(card: dict[str, Any]) -> bool:
    """A Tactical card scoring each kill while active (Bring It Down, No Prisoners,
    Overwhelming Force): it stays active all turn and is achieved when that turn ends."""
    return any(line["timing"] == WHEN_DESTROYED for line in card.get("lines", {}).get(TACTICAL, []))


def _achieved_bonus(card: dict[str, Any]) -> int:
    """The Tactical extra VP for achieving a per-kill card (Bring It Down's +1): its Tactical
    lines that are not kills."""
    return sum(line["vp"] for line in card["lines"][TACTICAL] if line["timing"] != WHEN_DESTROYED)


def turn_ends(state: State) -> None:
    """The turn in progress ends (either side's): per-kill Tactical cards that scored in it
    are achieved now (seed 002: "at the end of that turn"), with their Tactical bonus up to
    the card's total, and discarded."""
    for s in SIDES:
        side = state["sides"][s]
        for key in side.pop("achieving", []):
            if key not in side["active"]:  # discarded by hand meanwhile
                continue
            card = state["cards"][key]
            so_far = sum(e["vp"] for e in side["scores"] if e.get("card") == key)
            bonus = min(_achieved_bonus(card), (card["max_vp_tactical"] or so_far) - so_far)
            if bonus > 0:
                side["scores"].append(_entry(state, "secondary", bonus, key))
            leave_active(side, key)


@action("achieve", phases=(*TURN_PHASES, END_OF_BATTLE))
def achieve(state: State, act: dict[str, Any]) -> None:
    """Score a secondary at a moment its card scores, up to its per-entry maximum (Fixed and
    Tactical differ). Tactical (drawn) cards are then discarded, per-kill ones at the end of
    the turn (see turn_ends); Fixed cards stay."""
    s = act["side"]
    side = state["sides"][s]
    key = act.get("card")
    is_fixed = key in side["fixed"]
    require(
        is_fixed or key in side["active"],
        "card_not_active",
        gettext_noop("%(key)s is neither active nor a Fixed Mission of this side"),
        field="card",
        params={"key": repr(key)},
    )
    card = state["cards"][key]
    require(
        not (state["round"] == 1 and card["redraw_in_first_round"]),
        "not_in_first_round",
        gettext_noop("%(name)s cannot be achieved in the first battle round"),
        field="card",
        params={"name": card["name"]},
    )
    require(
        side.get("objectives", {}).get(key, "") is not None,
        "objective_not_picked",
        gettext_noop("your opponent has not yet picked the objective for %(name)s"),
        field="card",
        params={"name": card["name"]},
    )
    top, lines = secondary_budget(state, s, key)
    mode = FIXED if is_fixed else TACTICAL
    require(
        lines,
        "not_scoring_now",
        gettext_noop("%(name)s (%(mode)s) scores %(when)s"),
        field="card",
        params={"name": card["name"], "mode": mode, "when": describe_words(card["lines"][mode])},
    )
    vp = act.get("vp")
    require(
        type(vp) is int and 1 <= vp <= top,
        "bad_vp",
        gettext_noop("%(name)s (%(mode)s) gives 1..%(top)sVP in this entry")
        if top
        else gettext_noop("%(name)s has given all it can at this moment"),
        field="vp",
        params={"name": card["name"], "mode": mode, "top": top},
    )
    side["scores"].append(_entry(state, "secondary", vp, key))
    if is_fixed:
        return
    if kills_tactical(card):
        pending = side.setdefault("achieving", [])
        if key not in pending:
            pending.append(key)
    else:
        leave_active(side, key)


@action("battle_ready", phases=(SECONDARIES, FIRST_TURN, *TURN_PHASES, GAMBITS, END_OF_BATTLE))
def battle_ready(state: State, act: dict[str, Any]) -> None:
    value = act.get("value")
    require(
        type(value) is bool,
        "bad_value",
        gettext_noop("true if the army is Battle Ready"),
        field="value",
    )
    state["sides"][act["side"]]["battle_ready"] = value


def raw_by_round(state: State, s: str) -> dict[str, list[int]]:
    """Uncapped VP per category per battle round (index 0 is round 1)."""
    table = {cat: [0] * LAST_ROUND for cat in CATEGORIES}
    for entry in state["sides"][s]["scores"]:
        table[entry["category"]][entry["round"] - 1] += entry["vp"]
    return table


def capped_totals(state: State, s: str) -> dict[str, int]:
    caps = state["caps"]
    side = state["sides"][s]
    per_card: dict[str, int] = {}
    loose = primary = gambit = 0
    for entry in side["scores"]:
        if entry["category"] == "primary":
            primary += entry["vp"]
        elif entry["category"] == "gambit":
            gambit += entry["vp"]
        elif entry["card"] in side["fixed"]:
            per_card[entry["card"]] = per_card.get(entry["card"], 0) + entry["vp"]
        else:
            loose += entry["vp"]
    fixed = sum(min(vp, caps["per_fixed_card"]) for vp in per_card.values())
    secondary = min(fixed + loose, caps["secondary"])
    # A gambit is worth its full value or nothing (result entry refuses any other gambit), so
    # the shared primary-and-gambit cap trims the primary.
    gambit = min(gambit, caps["primary_and_gambit"])
    primary = min(primary, caps["primary_and_gambit"] - gambit)
    ready = caps["battle_ready"] if side["battle_ready"] else 0
    total = min(primary + secondary + gambit + ready, caps["total"])
    return {
        "primary": primary,
        "secondary": secondary,
        "gambit": gambit,
        "battle_ready": ready,
        "total": total,
    }


def score_sheet(state: State) -> dict[str, Any]:
    """Live score for both sides: capped totals plus raw VP by round."""
    return {s: {**capped_totals(state, s), "raw_by_round": raw_by_round(state, s)} for s in SIDES}


def final_score(state: State) -> dict[str, dict[str, int]]:
    """Capped totals of a finished game: {"attacker": {primary, secondary, gambit,
    battle_ready, total}, "defender": {...}}. Refuses (code not_finished) before `finish`."""
    require(
        state["phase"] == OVER,
        "not_finished",
        gettext_noop("the battle has not been finished"),
        where="phase",
    )
    return {s: capped_totals(state, s) for s in SIDES}
