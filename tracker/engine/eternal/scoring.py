"""The score of an Eternal War or Only War game, per side and per battle round, and who won
it by the mission's own victory conditions. Whole numbers only."""

from __future__ import annotations

from typing import Any

from missions.classic.only_war import underdog as only_war_underdog
from tracker.engine.classic import MAX_ROUNDS
from tracker.engine.eternal.rules import (
    CRUSHING,
    DRAW,
    END_OF_GAME,
    MAJOR,
    MINOR,
    OVER,
    PLAYERS,
    WIN,
    other,
)

State = dict[str, Any]


def score_sheet(state: State) -> dict[str, Any]:
    """Per side: `markers` (held at the end), `kills`, `per_turn` (Domination), `warlord`
    (Slay and Secure's D3), `primary` (their sum), `bonuses` (Slay the Warlord, First Blood,
    Linebreaker), `total`, and `by_round`: what the battle rounds scored (kills and per-turn
    markers; the end-of-game parts are scored once the battle ends)."""
    sheet: dict[str, Any] = {}
    ended = state["phase"] in (END_OF_GAME, OVER)
    for side in PLAYERS:
        mine = state["sides"][side]
        markers = 0
        if ended and state["markers"] is not None:
            pairs = zip(state["markers"], state["held"], strict=True)
            markers = sum(vp for vp, h in pairs if h == side)
        kills = sum(e["count"] for e in mine["kills"])
        per_turn = sum(e["vp"] for e in mine["per_turn"])
        warlord = mine["warlord"] or 0
        primary = markers + kills + per_turn + warlord
        bonuses = sum(1 for v in mine["bonuses"].values() if v)
        by_round = [0] * MAX_ROUNDS
        for e in mine["kills"]:
            by_round[max(e["round"], 1) - 1] += e["count"]
        for e in mine["per_turn"]:
            by_round[e["round"] - 1] += e["vp"]
        sheet[side] = {
            "markers": markers,
            "kills": kills,
            "per_turn": per_turn,
            "warlord": warlord,
            "primary": primary,
            "bonuses": bonuses,
            "total": primary + bonuses,
            "by_round": by_round,
        }
    return sheet


def final_score(state: State) -> dict[str, int]:
    sheet = score_sheet(state)
    return {side: sheet[side]["total"] for side in PLAYERS}


def underdog(state: State) -> dict[str, Any] | None:
    """Only War's Underdog once both Power Levels are in: the lower one, or on equal Power
    Levels the player who assigned the deployment zones (seed 003 line 1705)."""
    if not state["rules"]["underdog"] or state["assigned_by"] is None:
        return None
    power = state["power"]
    split_by = "b" if state["assigned_by"] == PLAYERS[0] else "a"  # the other one split
    found = only_war_underdog(power[PLAYERS[0]], power[PLAYERS[1]], split_by=split_by)
    side = PLAYERS[0] if found.player == "a" else PLAYERS[1]
    return {"side": side, "command_rerolls": found.command_rerolls, "reason": found.reason}


def _vp_win(state: State, a: int, b: int) -> str:
    """The kind of a win on VP: Only War's major victory; in 7th edition a crushing victory
    when the winner has at least twice the loser's VP (the edition's general rules); else a
    win."""
    if state["rules"]["underdog"]:
        return MAJOR
    if state["pack"] == "seventh" and max(a, b) >= 2 * min(a, b):
        return CRUSHING
    return WIN


def winner(state: State) -> dict[str, Any] | None:  # noqa: PLR0911
    """Once the battle has ended: {"side": the winner or None, "kind": crushing, major,
    minor, win or draw, "why"}; None while it goes on."""
    if state["phase"] not in (END_OF_GAME, OVER):
        return None
    only_war = state["rules"]["underdog"]
    ended = state["ended"]
    if ended:
        kind = MAJOR if only_war else CRUSHING
        return {"side": ended["winner"], "kind": kind, "why": ended["how"]}
    relic = state["relic"]
    if state["rules"]["by_outcome"]:
        if relic is None:
            return None
        kinds = {"carried": MAJOR, "closest": MINOR, "equal": DRAW}
        return {"side": relic["winner"], "kind": kinds[relic["how"]], "why": "relic"}
    totals = final_score(state)
    a, b = totals[PLAYERS[0]], totals[PLAYERS[1]]
    if a != b:
        return {"side": PLAYERS[0] if a > b else PLAYERS[1], "kind": _vp_win(state, a, b),
                "why": "vp"}  # fmt: skip
    found = underdog(state) if only_war else None
    if found is not None:
        return {"side": found["side"], "kind": MINOR, "why": "underdog"}
    return {"side": None, "kind": DRAW, "why": "vp"}


__all__ = ["final_score", "other", "score_sheet", "underdog", "winner"]
