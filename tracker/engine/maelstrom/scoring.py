"""The score: objectives, Tactical Priority, bonus points and the end-of-game bonuses, per
side, per battle round and running after every turn. Whole numbers only."""

from __future__ import annotations

from typing import Any

from tracker.engine.maelstrom.rules import (
    BONUS_VP,
    END_BONUS_VP,
    END_OF_GAME,
    MAX_ROUNDS,
    OVER,
    PLAYERS,
    other,
)

State = dict[str, Any]


def _secure_count(state: State, side: str) -> int:
    return sum(
        1
        for e in state["sides"][side]["achieved"]
        if state["objectives"][str(e["number"])]["name"].startswith("Secure Objective ")
    )


def _priority_count(state: State, side: str) -> int:
    mine = state["sides"][side]
    return sum(
        1
        for e in mine["achieved"]
        if state["objectives"][str(e["number"])]["category"] == mine["priority"]
    )


def end_bonuses(state: State) -> dict[str, dict[str, int]]:
    """Steal the Loot (more Secure Objective X achieved, 8th edition's Spoils of War) and Mission
    Priorities (more of one's own nominated type, Tactical Escalation 8th): 1VP each, only
    once the battle has ended."""
    out = {p: {"steal_the_loot": 0, "mission_priorities": 0} for p in PLAYERS}
    if state["phase"] not in (END_OF_GAME, OVER):
        return out
    for side in PLAYERS:
        rules = state["rules"]
        # 8th edition only: 7th's Steal the Loot shares the objectives and gives no bonus.
        steal = rules["shared_secure"] and state["pack"] == "eighth"
        if steal and _secure_count(state, side) > _secure_count(state, other(side)):
            out[side]["steal_the_loot"] = END_BONUS_VP
        if rules["tactical_priority"] and _priority_count(state, side) > _priority_count(
            state, other(side)
        ):
            out[side]["mission_priorities"] = END_BONUS_VP
    return out


def _turn_order(state: State) -> list[tuple[int, str]]:
    """Every turn played or being played, in order: (round, side)."""
    first = state["first_turn"]
    if first is None:
        return []
    turns = []
    for round_ in range(1, state["round"] + 1):
        for side in (first, other(first)):
            turns.append((round_, side))
            if round_ == state["round"] and side == state["turn"]:
                return turns
    return turns


def score_sheet(state: State) -> dict[str, Any]:
    """Per side: `objectives`, `priority`, `bonuses`, `end` bonuses, `total`, `by_round`
    (objective and priority VP in rounds 1..7); plus `running`, the totals after each turn
    (objective and priority VP only: bonus points are scored at the end)."""
    ends = end_bonuses(state)
    sheet: dict[str, Any] = {}
    for side in PLAYERS:
        mine = state["sides"][side]
        objectives = sum(e["vp"] for e in mine["scores"] if e["kind"] == "objective")
        priority = sum(e["vp"] for e in mine["scores"] if e["kind"] == "priority")
        bonuses = BONUS_VP * sum(1 for v in mine["bonuses"].values() if v)
        end = sum(ends[side].values())
        by_round = [0] * MAX_ROUNDS
        for e in mine["scores"]:
            by_round[e["round"] - 1] += e["vp"]
        sheet[side] = {
            "objectives": objectives,
            "priority": priority,
            "bonuses": bonuses,
            "end": ends[side],
            "total": objectives + priority + bonuses + end,
            "by_round": by_round,
            "achieved": len(mine["achieved"]),
        }
    running = []
    totals = dict.fromkeys(PLAYERS, 0)
    for round_, turn in _turn_order(state):
        for side in PLAYERS:
            totals[side] += sum(
                e["vp"]
                for e in state["sides"][side]["scores"]
                if e["round"] == round_ and e["turn"] == turn
            )
        running.append({"round": round_, "turn": turn, **totals})
    sheet["running"] = running
    return sheet


def final_score(state: State) -> dict[str, int]:
    """Total VP per side (for a result: most VP wins, equal is a draw; no cap)."""
    sheet = score_sheet(state)
    return {side: sheet[side]["total"] for side in PLAYERS}
