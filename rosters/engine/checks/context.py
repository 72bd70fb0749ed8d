"""What every check shares: problems, the event's settings, battle sizes and the context
that answers "is this unit a CHARACTER?" from the list or the rules data."""

from __future__ import annotations

from dataclasses import dataclass

from missions.eleventh.matrix import DISPOSITION_NAMES
from rosters.engine.parse import norm
from rosters.engine.roster import Roster, RosterUnit
from rosters.engine.rules import Faction, RulesData, Unit

ERROR = "error"
WARNING = "warning"

# Every problem code, with the few words a filter on the staff's Lists page would show.
CODES: dict[str, str] = {
    "points-over": "Over the points limit",
    "points-sum": "Total differs from the units",
    "battle-size": "Built for another battle size",
    "faction-none": "No faction named",
    "faction-unknown": "Faction not in the data",
    "detachment-none": "No detachment",
    "detachment-many": "More than one detachment (10th)",
    "detachment-count": "Too many detachments (8th)",
    "guidelines-no-limit": "No points limit for the guidelines (8th)",
    "guidelines-none": "No guideline for the points limit (8th)",
    "detachment-unknown": "Detachment not in the data",
    "detachment-faction": "Detachment of another faction",
    "detachment-chapter": "Detachment of a chapter the list does not name",
    "detachment-points": "Over the Detachment Points budget",
    "detachment-points-partial": "Detachment Points partly unknown",
    "detachment-points-stated": "Detachment Points differ from the data",
    "data-disputed": "Sources disagree",
    "disposition-many": "More than one Force Disposition",
    "disposition-unknown": "Not a Force Disposition",
    "disposition-not-granted": "Disposition no detachment grants",
    "disposition-none": "No Force Disposition chosen",
    "disposition-mismatch": "Disposition differs from the one recorded",
    "units-no-data": "No unit data for the faction",
    "unit-unknown": "Unit not in the data",
    "unit-faction": "Unit of another faction",
    "unit-allied": "Allied unit",
    "unit-chapter": "Unit of another chapter",
    "unit-size": "Unit size not in the data",
    "unit-points": "Unit points differ from the data",
    "enhancement-count": "Too many enhancements",
    "enhancement-repeated": "Enhancement taken twice",
    "enhancement-per-unit": "Two enhancements on one unit",
    "enhancement-unknown": "Enhancement not in the data",
    "enhancement-detachment": "Enhancement of a detachment not taken",
    "enhancement-restriction": "Enhancement on a unit it is not for",
    "enhancement-not-character": "Enhancement on a non-CHARACTER",
    "enhancement-epic-hero": "Enhancement on an EPIC HERO",
    "datasheet-limit": "Datasheet taken too often",
    "epic-hero-repeated": "EPIC HERO taken twice",
    "character-none": "No CHARACTER",
    "warlord-none": "No warlord",
    "warlord-many": "More than one warlord",
    "warlord-not-character": "Warlord is not a CHARACTER",
    "unread-lines": "Lines not read",
    "patrol-not-entered": "Combat Patrols not entered",
    "patrol-none": "No Combat Patrol of the event named",
    "patrol-unit-extra": "Unit not in the Combat Patrol",
    "patrol-unit-missing": "Combat Patrol unit missing",
    "patrol-models": "Model count differs from the Combat Patrol",
    "patrol-models-unstated": "Model count not stated (Combat Patrol)",
    "patrol-enhancement-count": "More than one enhancement (Combat Patrol)",
    "patrol-enhancement-unknown": "Not one of the patrol's enhancements",
    "patrol-enhancement-none": "No enhancement chosen (Combat Patrol)",
}


@dataclass(frozen=True)
class BattleSize:
    name: str
    points: int
    detachment_points: int | None
    enhancements: int


BATTLE_SIZES = {
    "11th": {
        "Incursion": BattleSize("Incursion", 1000, 2, 2),
        "Strike Force": BattleSize("Strike Force", 2000, 3, 4),
        "Onslaught": BattleSize("Onslaught", 3000, 4, 4),
    },
    "10th": {
        "Incursion": BattleSize("Incursion", 1000, None, 3),
        "Strike Force": BattleSize("Strike Force", 2000, None, 3),
        "Onslaught": BattleSize("Onslaught", 3000, None, 3),
    },
}
# 8th edition is checked against the organised-event guidelines alone (no battle sizes, no
# rules data).
EIGHTH = "8th"
COMBAT_PATROL = "Combat Patrol"
EDITIONS = (*BATTLE_SIZES, EIGHTH)
DATASHEET_LIMIT = 3
BATTLELINE_LIMIT = 6
DISPOSITION_IDS = {norm(name): key for key, name in DISPOSITION_NAMES.items()}
DISPOSITION_IDS.update({norm(key): key for key in DISPOSITION_NAMES})

# What the group a list puts a unit in says about its keywords (None: nothing).
SECTION_FLAGS = {
    "character": {"CHARACTER"},
    "epic-hero": {"CHARACTER", "EPIC HERO"},
    "battleline": {"BATTLELINE"},
    "dedicated-transport": {"DEDICATED TRANSPORT"},
    "other": set(),
}
ASSUMED = (
    " This is a 10th-edition rule the 11th-edition sources do not state yet: the staff decide."
)


@dataclass(frozen=True)
class Problem:
    code: str
    severity: str
    subject: str
    message: str
    line: int | None = None
    assumed: bool = False

    def as_dict(self) -> dict:
        return {
            "code": self.code,
            "severity": self.severity,
            "subject": self.subject,
            "message": self.message,
            "line": self.line,
            "assumed": self.assumed,
        }


@dataclass(frozen=True)
class MusterSettings:
    """What the event (and the player's entry) says the list must meet."""

    edition: str = "11th"
    battle_size: str | None = None
    points_limit: int | None = None
    # The Force Disposition recorded for the player (an id such as "take-and-hold").
    disposition: str | None = None
    # Combat Patrol (10th edition): the event's patrols, as the organiser entered them.
    patrols: tuple = ()


def battle_size_for(settings: MusterSettings, roster: Roster) -> BattleSize | None:
    sizes = BATTLE_SIZES[settings.edition]
    if settings.battle_size in sizes:
        return sizes[settings.battle_size]
    limit = settings.points_limit or roster.points_limit
    if limit:
        for size in sizes.values():
            if limit <= size.points:
                return size
        return sizes["Onslaught"]
    return sizes.get(roster.battle_size or "")


def disposition_id(written: str) -> str | None:
    return DISPOSITION_IDS.get(norm(written))


@dataclass
class Context:
    roster: Roster
    settings: MusterSettings
    rules: RulesData | None
    faction: Faction | None
    size: BattleSize | None
    problems: list[Problem]

    @property
    def eleventh(self) -> bool:
        return self.settings.edition == "11th"

    def add(self, code, severity, subject, message, line=None, *, assumed=False) -> None:
        assert code in CODES, code  # a new code gets its filter label first
        if assumed:
            severity, message = WARNING, message + ASSUMED
        self.problems.append(Problem(code, severity, subject, message, line, assumed))

    def data_unit(self, unit: RosterUnit) -> Unit | None:
        if self.rules is None or self.faction is None:
            return None
        return self.rules.unit(self.faction, unit.name)

    def role(self, unit: RosterUnit, flag: str) -> tuple[bool | None, bool]:
        """Whether `unit` has keyword `flag` (None: unknown) and whether that is certain
        (stated by the list, or by data of this edition) rather than from another edition."""
        data = self.data_unit(unit)
        same_edition = self.rules is not None and self.rules.edition == self.settings.edition
        if data is not None and same_edition:
            return flag in data.flags, True
        stated = SECTION_FLAGS.get(unit.section or "")
        if stated is not None and (flag != "EPIC HERO" or unit.section != "character"):
            return flag in stated, True
        if data is not None:
            return flag in data.flags, False
        return None, False
