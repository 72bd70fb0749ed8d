"""A parsed army list: what the player wrote, read into its parts (no rules applied yet).

Names are kept as the list spells them; the checks match them against the rules data. Line
numbers (1-based, in the text as pasted) say where each part came from; they are not part of
a roster's identity, so a list printed and read back equals the roster it was printed from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# The groups the official app prints units under, by the name the roster keeps.
SECTIONS: dict[str, str] = {
    "characters": "character",
    "character": "character",
    "epic hero": "epic-hero",
    "epic heroes": "epic-hero",
    "battleline": "battleline",
    "dedicated transport": "dedicated-transport",
    "dedicated transports": "dedicated-transport",
    "other datasheets": "other",
    "other": "other",
    "allied units": "allied",
    "allies": "allied",
}
# How the printer heads each group (the official app's capitals).
SECTION_TITLES: dict[str, str] = {
    "epic-hero": "EPIC HEROES",
    "character": "CHARACTERS",
    "battleline": "BATTLELINE",
    "dedicated-transport": "DEDICATED TRANSPORTS",
    "other": "OTHER DATASHEETS",
    "allied": "ALLIED UNITS",
}


@dataclass(frozen=True)
class RosterUnit:
    name: str
    points: int | None = None
    # Models in the unit when the list says (None: it does not, e.g. a lone character).
    models: int | None = None
    wargear: tuple[str, ...] = ()
    enhancements: tuple[str, ...] = ()
    warlord: bool = False
    # The group the list puts it in ("character", "battleline", ...), None when ungrouped.
    section: str | None = None
    line: int | None = field(default=None, compare=False)

    def label(self) -> str:
        """How messages name the unit: its name and where the list has it."""
        return f"{self.name} (line {self.line})" if self.line else self.name


@dataclass(frozen=True)
class UnreadLine:
    text: str
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Roster:
    name: str | None = None
    # The army's total as the list states it (not the battle size's limit).
    points: int | None = None
    edition: str | None = None
    # As written; several levels joined by " - " ("Adeptus Astartes - Blood Angels").
    faction: str | None = None
    battle_size: str | None = None
    points_limit: int | None = None
    detachments: tuple[str, ...] = ()
    # The Force Disposition the list names (11th edition), as written.
    dispositions: tuple[str, ...] = ()
    units: tuple[RosterUnit, ...] = ()
    # Lines nobody could read: kept, shown to the player and the staff, printed back.
    unread: tuple[UnreadLine, ...] = ()
    exported_with: str | None = None
    # Which export it looked like ("gw-app", "new-recruit", "battlescribe").
    source: str = field(default="gw-app", compare=False)

    @property
    def warlords(self) -> tuple[RosterUnit, ...]:
        return tuple(u for u in self.units if u.warlord)

    def units_points(self) -> int | None:
        """The units' points added up (None when no unit states any)."""
        stated = [u.points for u in self.units if u.points is not None]
        return sum(stated) if stated else None
