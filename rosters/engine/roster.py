"""A parsed army list: what the player wrote, read into its parts (no rules applied yet).

Names are kept as the list spells them; the checks match them against the rules data. Line
numbers (1-based, in the text as pasted) say where each part came from; they are not part of
a roster's identity, so a list printed and read back equals the roster it was printed from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# The groups the official app prints units under, by the name the roster keeps (and the
# battlefield roles of 8th-edition lists).
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
    # 8th edition's battlefield roles, which BattleScribe prints as "+ HQ +", "+ Troops +".
    "hq": "hq",
    "troops": "troops",
    "elites": "elites",
    "fast attack": "fast-attack",
    "heavy support": "heavy-support",
    "flyer": "flyer",
    "flyers": "flyer",
    "lord of war": "lord-of-war",
    "lords of war": "lord-of-war",
    "fortification": "fortification",
    "fortifications": "fortification",
    "no force org slot": "no-slot",
}
# How the printer heads each group (the official app's capitals).
SECTION_TITLES: dict[str, str] = {
    "epic-hero": "EPIC HEROES",
    "character": "CHARACTERS",
    "battleline": "BATTLELINE",
    "dedicated-transport": "DEDICATED TRANSPORTS",
    "other": "OTHER DATASHEETS",
    "allied": "ALLIED UNITS",
    "hq": "HQ",
    "troops": "TROOPS",
    "elites": "ELITES",
    "fast-attack": "FAST ATTACK",
    "heavy-support": "HEAVY SUPPORT",
    "flyer": "FLYERS",
    "lord-of-war": "LORDS OF WAR",
    "fortification": "FORTIFICATIONS",
    "no-slot": "NO FORCE ORG SLOT",
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

    def as_dict(self) -> dict:
        return {
            "name": self.name,
            "points": self.points,
            "models": self.models,
            "wargear": list(self.wargear),
            "enhancements": list(self.enhancements),
            "warlord": self.warlord,
            "section": self.section,
            "line": self.line,
        }

    @classmethod
    def from_dict(cls, data: dict) -> RosterUnit:
        return cls(
            name=data["name"],
            points=data["points"],
            models=data.get("models"),
            wargear=tuple(data.get("wargear") or ()),
            enhancements=tuple(data.get("enhancements") or ()),
            warlord=bool(data.get("warlord")),
            section=data.get("section"),
            line=data.get("line"),
        )

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
    # The Detachment Points the list says its detachments cost (None: it does not say).
    detachment_points: int | None = None
    # The Force Disposition the list names (11th edition), as written.
    dispositions: tuple[str, ...] = ()
    units: tuple[RosterUnit, ...] = ()
    # Lines nobody could read: kept, shown to the player and the staff, printed back.
    unread: tuple[UnreadLine, ...] = ()
    exported_with: str | None = None
    # The player's own lines under the army's name ("List for the club GT"): kept, not read.
    notes: tuple[str, ...] = ()
    # Which export it looked like ("gw-app", "new-recruit", "battlescribe").
    source: str = field(default="gw-app", compare=False)

    def as_dict(self) -> dict:
        """The roster as JSON-ready data (for the API and the event export)."""
        return {
            "name": self.name,
            "points": self.points,
            "edition": self.edition,
            "faction": self.faction,
            "battle_size": self.battle_size,
            "points_limit": self.points_limit,
            "detachments": list(self.detachments),
            "detachment_points": self.detachment_points,
            "dispositions": list(self.dispositions),
            "units": [unit.as_dict() for unit in self.units],
            "unread": [{"text": u.text, "line": u.line} for u in self.unread],
            "exported_with": self.exported_with,
            "notes": list(self.notes),
            "source": self.source,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Roster:
        return cls(
            name=data.get("name"),
            points=data.get("points"),
            edition=data.get("edition"),
            faction=data.get("faction"),
            battle_size=data.get("battle_size"),
            points_limit=data.get("points_limit"),
            detachments=tuple(data.get("detachments") or ()),
            detachment_points=data.get("detachment_points"),
            dispositions=tuple(data.get("dispositions") or ()),
            units=tuple(RosterUnit.from_dict(u) for u in data.get("units") or ()),
            unread=tuple(UnreadLine(u["text"], u.get("line")) for u in data.get("unread") or ()),
            exported_with=data.get("exported_with"),
            notes=tuple(data.get("notes") or ()),
            source=data.get("source") or "gw-app",
        )

    @property
    def warlords(self) -> tuple[RosterUnit, ...]:
        return tuple(u for u in self.units if u.warlord)

    def units_points(self) -> int | None:
        """The units' points added up (None when no unit states any)."""
        stated = [u.points for u in self.units if u.points is not None]
        return sum(stated) if stated else None
