"""Maelstrom of War: the 8th and 7th edition D66 Tactical Objectives tables and each
mission's generation rules, as plain data plus pure rules (no Django).

    table("eighth")                      -> the 36 TacticalObjective of a pack, 11..66
    objective("seventh", 44)             -> one line
    mission("eighth", "deadlock")        -> a MaelstromMission (generation rule, facts)
    missions("seventh")                  -> the pack's six missions in D6 order
    generation_plan(rule, round_=2, active=1, markers=3) -> Plan(generate, discard)
"""

from __future__ import annotations

from missions.classic.tactical import eighth, seventh
from missions.classic.tactical.missions import (
    BONUSES,
    EIGHTH,
    SEVENTH,
    Fact,
    GenerationRule,
    MaelstromMission,
    Plan,
    cap_for_round,
    generation_plan,
)
from missions.classic.tactical.types import Outcome, TacticalObjective, parse_vp
from missions.pack.errors import MissionError

PACK_KEYS = ("eighth", "seventh")
PACK_NAMES = {"eighth": "8th edition", "seventh": "7th edition"}
_TABLES = {"eighth": eighth.TABLE, "seventh": seventh.TABLE}
_CATEGORIES = {"eighth": eighth.CATEGORIES, "seventh": seventh.CATEGORIES}
_MISSIONS = {"eighth": EIGHTH, "seventh": SEVENTH}


def _pack(pack_key: str) -> str:
    if pack_key not in _TABLES:
        raise MissionError(
            "unknown_pack",
            f"pack: {pack_key!r} has no Tactical Objectives; use one of {', '.join(PACK_KEYS)}",
            field="pack",
        )
    return pack_key


def table(pack_key: str) -> tuple[TacticalObjective, ...]:
    """The pack's D66 table, 11 to 66 in order."""
    return _TABLES[_pack(pack_key)]


def categories(pack_key: str) -> tuple[str, ...]:
    """The printed objective types of the pack (what Tactical Priority names)."""
    return _CATEGORIES[_pack(pack_key)]


def objective(pack_key: str, number: int) -> TacticalObjective:
    for line in table(pack_key):
        if line.number == number:
            return line
    raise MissionError(
        "unknown_objective", f"number: {number!r} is not a D66 result", field="number"
    )


def missions(pack_key: str) -> tuple[MaelstromMission, ...]:
    """The pack's six Maelstrom of War missions in D6 order."""
    return _MISSIONS[_pack(pack_key)]


def mission(pack_key: str, mission_key: str) -> MaelstromMission:
    """One Maelstrom mission by its key, card_key of the printed name ("the_spoils_of_war")."""
    for found in missions(pack_key):
        if found.key == mission_key:
            return found
    known = ", ".join(m.key for m in missions(pack_key))
    raise MissionError(
        "unknown_mission",
        f"mission: {mission_key!r} is not a Maelstrom of War mission of this pack ({known})",
        field="mission",
    )


__all__ = [
    "BONUSES",
    "PACK_KEYS",
    "PACK_NAMES",
    "Fact",
    "GenerationRule",
    "MaelstromMission",
    "Outcome",
    "Plan",
    "TacticalObjective",
    "cap_for_round",
    "categories",
    "generation_plan",
    "mission",
    "missions",
    "objective",
    "parse_vp",
    "table",
]
