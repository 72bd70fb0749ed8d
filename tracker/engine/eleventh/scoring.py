"""VP entries (primary, secondaries, Battle Ready) and the capped totals.

Each entry keeps what the card gave (`raw`, checked against the card at that moment) and
what counts (`vp`): VP beyond the per-round caps (15 primary, 15 secondary), the per-game
caps (45 each) or a Fixed card's 20 are lost, so every state keeps every cap.
"""

from __future__ import annotations

from typing import Any

from common.errors import gettext_noop
from tracker.engine.eleventh.actions import action
from tracker.engine.eleventh.rules import (
    COMMAND,
    END_OF_BATTLE,
    FIRST_TURN,
    FIXED,
    OVER,
    ROLES,
    ROUNDS,
    SECONDARIES,
    SIDES,
    TACTICAL,
    TURN_PHASES,
    YOUR_COMMAND,
)
from tracker.engine.eleventh.timing import describe_words, open_windows
from tracker.engine.errors import require

State = dict[str, Any]
CATEGORIES = ("primary", "secondary")


def _same_moment(state: State, entry: dict[str, Any]) -> bool:
    return (entry["round"], entry["phase"], entry["turn"]) == (
        state["round"],
        state["phase"],
        state["turn"],
    )


def _moment_top(state: State, windows: list[dict[str, Any]], category: str) -> int:
    """The most one moment's open windows give together; a window without a printed top
    (per objective, per unit) is bounded by the round cap, beyond which VP is lost anyway."""
    per_round = state["caps"][f"{category}_per_round"]
    loose, groups = 0, {}
    for w in windows:
        top = per_round if w["max"] is None else w["max"]
        if w.get("group"):  # a best-of group pays only its best line
            groups[w["group"]] = max(groups.get(w["group"], 0), top)
        else:
            loose += top
    return loose + sum(groups.values())


def _counted(state: State, s: str, category: str) -> tuple[int, int]:
    """(VP counted this round, VP counted this game) for `category`."""
    scores = state["sides"][s]["scores"]
    mine = [e for e in scores if e["category"] == category]
    return sum(e["vp"] for e in mine if e["round"] == state["round"]), sum(e["vp"] for e in mine)


def room(state: State, s: str, category: str, card: str | None = None) -> int:
    """VP `s` can still bank in `category` now: the round cap, the game cap and, for a
    Fixed card, its 20."""
    caps = state["caps"]
    this_round, game = _counted(state, s, category)
    left = min(caps[f"{category}_per_round"] - this_round, caps[category] - game)
    side = state["sides"][s]
    if card is not None and card in side["fixed"]:
        so_far = sum(e["vp"] for e in side["scores"] if e["card"] == card)
        left = min(left, caps["per_fixed_card"] - so_far)
    return max(left, 0)


def primary_budget(state: State, s: str) -> tuple[int, list[dict[str, Any]]]:
    """(raw VP the side's primary may still give at this moment, the windows open now)."""
    primary = state["sides"][s]["primary"]
    windows = open_windows(state, s, primary["windows"])
    used = sum(
        e["raw"]
        for e in state["sides"][s]["scores"]
        if e["category"] == "primary" and _same_moment(state, e)
    )
    return max(_moment_top(state, windows, "primary") - used, 0), windows


def command_primary_unscored(state: State, s: str) -> bool:
    """Whether `s`, in their own Command phase, would leave it with their primary's
    Command-phase window open and nothing scored from it (VP they could still bank): the page
    asks before moving on, since that window closes with the phase."""
    if state["phase"] != COMMAND or state["turn"] != s:
        return False
    primary = state["sides"][s]["primary"]
    windows = [w for w in open_windows(state, s, primary["windows"]) if w["timing"] == YOUR_COMMAND]
    if not windows or room(state, s, "primary") <= 0:
        return False
    scores = state["sides"][s]["scores"]
    return not any(e["category"] == "primary" and _same_moment(state, e) for e in scores)


def secondary_budget(state: State, s: str, key: str) -> tuple[int, list[dict[str, Any]]]:
    """(raw VP the card may give in one entry now, its windows open now) for side `s`."""
    side = state["sides"][s]
    mode = FIXED if key in side["fixed"] else TACTICAL
    windows = open_windows(state, s, state["cards"][key]["windows"][mode])
    top = _moment_top(state, windows, "secondary")
    if mode == FIXED:  # a Fixed card stays: its entries at one moment add up to one scoring
        top -= sum(e["raw"] for e in side["scores"] if e["card"] == key and _same_moment(state, e))
    return max(top, 0), windows


def _entry(state: State, category: str, card: str | None, raw: int, vp: int) -> dict[str, Any]:
    return {
        "round": state["round"],
        "phase": state["phase"],
        "turn": state["turn"],
        "category": category,
        "card": card,
        "raw": raw,
        "vp": vp,
    }


@action("score_primary", phases=(*TURN_PHASES, END_OF_BATTLE))
def score_primary(state: State, act: dict[str, Any]) -> None:
    """VP from the side's own primary, in one of its windows, up to what the open windows
    give together at this moment; VP over a cap are recorded as lost."""
    s = act["side"]
    primary = state["sides"][s]["primary"]
    top, windows = primary_budget(state, s)
    require(
        windows,
        "primary_not_now",
        gettext_noop("%(name)s does not score now; it scores %(when)s"),
        params={"name": primary["name"], "when": describe_words(primary["windows"])},
        where="type",
    )
    raw = act.get("vp")
    require(
        type(raw) is int and 0 <= raw <= top,
        "bad_vp",
        gettext_noop("%(name)s gives 0..%(top)s VP more at this moment"),
        field="vp",
        params={"name": primary["name"], "top": top},
    )
    vp = min(raw, room(state, s, "primary"))
    state["sides"][s]["scores"].append(_entry(state, "primary", primary["key"], raw, vp))


@action("score_secondary", phases=(*TURN_PHASES, END_OF_BATTLE))
def score_secondary(state: State, act: dict[str, Any]) -> None:
    """A card in hand (Tactical: then discarded as achieved) or a Fixed card (stays), in one
    of its windows, up to what it gives at this moment; VP over a cap are lost."""
    s = act["side"]
    side = state["sides"][s]
    key = act.get("card")
    require(
        isinstance(key, str) and (key in side["fixed"] or key in side["active"]),
        "card_not_active",
        gettext_noop("%(key)s is neither in this side's hand nor one of its Fixed cards"),
        field="card",
        params={"key": repr(key)},
    )
    card = state["cards"][key]
    mode = FIXED if key in side["fixed"] else TACTICAL
    top, windows = secondary_budget(state, s, key)
    require(
        windows,
        "not_scoring_now",
        gettext_noop("%(name)s (%(mode)s) scores %(when)s"),
        params={"name": card["name"], "mode": mode, "when": describe_words(card["windows"][mode])},
        field="card",
    )
    raw = act.get("vp")
    require(
        type(raw) is int and 1 <= raw <= top,
        "bad_vp",
        gettext_noop("%(name)s (%(mode)s) gives 1..%(top)s VP in this entry")
        if top
        else gettext_noop("%(name)s has given all it can at this moment"),
        params={"name": card["name"], "mode": mode, "top": top},
        field="vp",
    )
    vp = min(raw, room(state, s, "secondary", key))
    side["scores"].append(_entry(state, "secondary", key, raw, vp))
    if mode == TACTICAL:
        side["active"].remove(key)
        side["achieved"].append(key)
        if key in side["turn"]["drawn"]:
            side["turn"]["drawn"].remove(key)


@action("battle_ready", phases=(ROLES, SECONDARIES, FIRST_TURN, *TURN_PHASES, END_OF_BATTLE))
def battle_ready(state: State, act: dict[str, Any]) -> None:
    value = act.get("value")
    require(
        type(value) is bool,
        "bad_value",
        gettext_noop("true if the army is Battle Ready"),
        field="value",
    )
    state["sides"][act["side"]]["battle_ready"] = value


def rounds_of(state: State, s: str) -> list[dict[str, int]]:
    """Counted VP per battle round: five {"primary", "secondary"} (index 0 is round 1)."""
    table = [{"primary": 0, "secondary": 0} for _ in range(ROUNDS)]
    for e in state["sides"][s]["scores"]:
        table[e["round"] - 1][e["category"]] += e["vp"]
    return table


def totals(state: State, s: str) -> dict[str, Any]:
    side = state["sides"][s]
    rounds = rounds_of(state, s)
    primary = sum(r["primary"] for r in rounds)
    secondary = sum(r["secondary"] for r in rounds)
    ready = state["caps"]["battle_ready"] if side["battle_ready"] else 0
    lost = sum(e["raw"] - e["vp"] for e in side["scores"])
    return {
        "primary": primary,
        "secondary": secondary,
        "battle_ready": ready,
        "total": primary + secondary + ready,
        "rounds": rounds,
        "lost": lost,
    }


def score_sheet(state: State) -> dict[str, Any]:
    return {s: totals(state, s) for s in SIDES}


def final_score(state: State) -> dict[str, Any]:
    """A finished game's score: each side's capped totals and five rounds, Fixed or
    Tactical, plus who attacked and who went first. Refuses (not_finished) before `finish`."""
    require(
        state["phase"] == OVER,
        "not_finished",
        gettext_noop("the battle has not been finished"),
        where="phase",
    )
    out: dict[str, Any] = {
        s: {**totals(state, s), "mode": state["sides"][s]["mode"]} for s in SIDES
    }
    out["attacker"] = state["attacker"]
    out["first_turn"] = state["first_turn"]
    return out
