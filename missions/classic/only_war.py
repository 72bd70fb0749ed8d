"""Only War, the 8th edition core rules' open play mission: a D3 primary, four markers and an
Underdog found from the armies' Power Levels. Summaries are ours."""

from __future__ import annotations

from dataclasses import dataclass

from missions.classic.maps import ONLY_WAR_MAP
from missions.classic.types import ClassicMissionDef, ClassicPack, MissionTable, Rule
from missions.pack.errors import MissionError

PW = "primary_objectives"
PLACE = (
    'Each player places two markers, anywhere at least 10" from every other marker, taking '
    "turns from the roll-off winner."
)
MAP_RULE = (
    "The player who did not roll the primary splits the table into equal halves; "
    "the other picks one."
)

PRIMARIES = MissionTable(
    PW,
    "Primary Objectives",
    "D3",
    (
        ClassicMissionDef(
            "Slay and Secure",
            PW,
            1,
            4,
            "Each marker held at the end: 2 VP; D3 VP if the enemy Warlord was slain.",
            PLACE,
            MAP_RULE,
            uses_secondaries=False,
        ),
        ClassicMissionDef(
            "Ancient Relic",
            PW,
            2,
            4,
            "Before the first turn one marker is picked at random and the rest "
            "removed; holding it at the end: 6 VP.",
            PLACE,
            MAP_RULE,
            uses_secondaries=False,
        ),
        ClassicMissionDef(
            "Domination",
            PW,
            3,
            4,
            "At the end of every turn each marker gives 1 VP to whoever holds "
            "it; keep a running total.",
            PLACE,
            MAP_RULE,
            uses_secondaries=False,
        ),
    ),
)

RULES = (
    Rule("Armies", "Any models; a unit too small for its datasheet may still be fielded once."),
    Rule("Objective markers", "Held by whoever has more models within 3\" of the marker's centre."),
    Rule(
        "Deployment",
        "Players alternate setting up one unit at a time, starting with the "
        'player who did not pick the half; units set up more than 12" from the enemy half.',
    ),
    Rule(
        "Underdog",
        "After deployment, the army with the lower Power Level is the Underdog "
        "(equal: the player who assigned the halves, not the one who split the table). "
        "It gets one Command re-roll for every full 10 points of difference.",
    ),
    Rule("First turn", "The Underdog chooses who goes first."),
    Rule("Battle length", "Five battle rounds, or until one army has no models left."),
    Rule(
        "Victory",
        "Wiping out the enemy is a major victory; otherwise most VP is a major "
        "victory, and equal VP is a minor victory for the Underdog.",
    ),
)

PACK = ClassicPack(
    key="only_war",
    name="Only War",
    edition="8th",
    code_prefix="OWR",
    generates="The primary objective rolled on a D3 (and, for Ancient Relic, which of the "
    "four markers stays).",
    tables=(PRIMARIES,),
    maps=(ONLY_WAR_MAP,),
    rules=RULES,
    deployment_dice="",
)


@dataclass(frozen=True)
class Underdog:
    player: str  # "a" or "b"
    command_rerolls: int
    reason: str

    def to_dict(self) -> dict[str, object]:
        return {
            "player": self.player,
            "command_rerolls": self.command_rerolls,
            "reason": self.reason,
        }


def underdog(power_a: int, power_b: int, *, split_by: str) -> Underdog:
    """Who is the Underdog and how many Command re-rolls they get. `split_by` ("a"/"b") is the
    player who split the table into halves; on equal Power Levels the Underdog is the other one,
    who assigned the halves (the deployment zones)."""
    for name, value in (("power_a", power_a), ("power_b", power_b)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise MissionError(
                "invalid", f"{name}: must be a whole number of at least 0", field=name
            )
    if split_by not in ("a", "b"):
        raise MissionError("invalid", "split_by: must be 'a' or 'b'", field="split_by")
    gap = abs(power_a - power_b)
    if power_a == power_b:
        other = "b" if split_by == "a" else "a"
        return Underdog(other, 0, "equal Power Levels: the player who assigned the halves")
    player = "a" if power_a < power_b else "b"
    return Underdog(player, gap // 10, f"lower Power Level by {gap}")
