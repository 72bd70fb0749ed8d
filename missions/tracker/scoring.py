"""VP entries (primary, Battle Ready) and the capped totals a finished game reports."""

from __future__ import annotations

from typing import Any

from missions.tracker.actions import action
from missions.tracker.errors import require
from missions.tracker.gambits import attempting_gambit
from missions.tracker.rules import (
    END_OF_BATTLE,
    FIRST_TURN,
    GAMBITS,
    LAST_ROUND,
    OVER,
    SECONDARIES,
    SIDES,
    TURN_PHASES,
)

State = dict[str, Any]
CATEGORIES = ("primary", "secondary", "gambit")


@action("score_primary", phases=(*TURN_PHASES, END_OF_BATTLE))
def score_primary(state: State, act: dict[str, Any]) -> None:
    s = act["side"]
    require(
        not attempting_gambit(state, s),
        "gambit_attempted",
        "side: a side attempting a gambit scores no more primary VP",
        field="side",
    )
    top = state["caps"]["primary_and_gambit"]
    vp = act.get("vp")
    require(
        type(vp) is int and 0 <= vp <= top, "bad_vp", f"vp: primary VP must be 0..{top}", field="vp"
    )
    state["sides"][s]["scores"].append(
        {"round": state["round"], "category": "primary", "vp": vp, "card": None}
    )


@action("achieve", phases=(*TURN_PHASES, END_OF_BATTLE))
def achieve(state: State, act: dict[str, Any]) -> None:
    """Score a secondary. Tactical (drawn) cards are then discarded; Fixed cards stay.
    Either side may send it in any turn: some cards score in the opponent's turn."""
    side = state["sides"][act["side"]]
    key = act.get("card")
    is_fixed = key in side["fixed"]
    require(
        is_fixed or key in side["active"],
        "card_not_active",
        f"card: {key!r} is neither active nor a Fixed Mission of this side",
        field="card",
    )
    card = state["cards"][key]
    require(
        not (state["round"] == 1 and card["redraw_in_first_round"]),
        "not_in_first_round",
        f"card: {key!r} cannot be achieved in the first battle round",
        field="card",
    )
    top = card["max_vp_fixed"] if is_fixed else card["max_vp_tactical"]
    if top is None:
        top = state["caps"]["per_fixed_card"] if is_fixed else state["caps"]["secondary"]
    vp = act.get("vp")
    require(
        type(vp) is int and 1 <= vp <= top,
        "bad_vp",
        f"vp: {key!r} scores 1..{top}VP at a time",
        field="vp",
    )
    side["scores"].append({"round": state["round"], "category": "secondary", "vp": vp, "card": key})
    if not is_fixed:
        side["active"].remove(key)
        side["discarded"].append(key)


@action("battle_ready", phases=(SECONDARIES, FIRST_TURN, *TURN_PHASES, GAMBITS, END_OF_BATTLE))
def battle_ready(state: State, act: dict[str, Any]) -> None:
    value = act.get("value")
    require(
        type(value) is bool, "bad_value", "value: true if the army is Battle Ready", field="value"
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
    primary = min(primary, caps["primary_and_gambit"])
    gambit = min(gambit, caps["primary_and_gambit"] - primary)
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
    require(state["phase"] == OVER, "not_finished", "phase: the battle has not been finished")
    return {s: capped_totals(state, s) for s in SIDES}
