"""The muster rules data, as the checks look things up: factions, their detachments (Detachment
Points, the Force Disposition each grants), enhancements and units, found by the names lists use.

Built from the compact dictionary `rosters.data` ships (see its docstring for the format, the
source and the credit). Pure Python: no files, no Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from rosters.engine.parse import Vocabulary, norm, singular

# The unit flags the compact data carries, by letter.
FLAGS = {"C": "CHARACTER", "E": "EPIC HERO", "B": "BATTLELINE", "T": "DEDICATED TRANSPORT"}

# Names players and list apps use that the data does not (normalised), to the data's faction id.
FACTION_ALIASES = {
    "space marines": "adeptus-astartes",
    "heretic astartes": "chaos-space-marines",
    "tau empire": "tau-empire",
    "tau": "tau-empire",
    "craftworlds": "aeldari",
    "asuryani": "aeldari",
    "eldar": "aeldari",
    "ynnari": "aeldari",
    "harlequins": "aeldari",
    "sisters of battle": "adepta-sororitas",
    "custodes": "adeptus-custodes",
    "admech": "adeptus-mechanicus",
    "imperial guard": "astra-militarum",
    "daemons": "chaos-daemons",
    "legiones daemonica": "chaos-daemons",
    "votann": "leagues-of-votann",
    "genestealer cult": "genestealer-cults",
    "imperial agents": "agents-of-the-imperium",
    "emperors children": "emperors-children",
}
# Factions whose units other armies may bring along (allies, Brood Brothers...), by a keyword
# the army must have: such a unit is worth a look by the staff, never an automatic "illegal".
ALLIES = {
    "agents-of-the-imperium": "Imperium",
    "imperial-knights": "Imperium",
    "chaos-knights": "Chaos",
    "chaos-daemons": "Chaos",
    "drukhari": "Aeldari",
    "aeldari": "Aeldari",
    "astra-militarum": "Genestealer Cults",
}


@dataclass(frozen=True)
class Detachment:
    name: str
    faction: str
    points: int
    dispositions: tuple[str, ...]
    # Where sources disagree about this detachment and which one we follow (shown to staff).
    note: str = ""


@dataclass(frozen=True)
class Enhancement:
    name: str
    detachment: str
    cost: int
    restrictions: tuple[str, ...]
    # An upgrade (not a character's enhancement): the data marks these; they still count.
    upgrade: bool = False


@dataclass(frozen=True)
class Unit:
    name: str
    faction: str
    # (models, points) rows; a size may appear twice with different costs (wargear).
    points: tuple[tuple[int, int], ...]
    flags: frozenset[str]
    keywords: frozenset[str]
    faction_keywords: tuple[str, ...]

    def costs_for(self, models: int | None) -> set[int]:
        if models is None:
            return {cost for _, cost in self.points}
        return {cost for count, cost in self.points if count == models}

    def sizes(self) -> set[int]:
        return {count for count, _ in self.points}


@dataclass
class Faction:
    id: str
    name: str
    parent: str | None
    keywords: tuple[str, ...]
    detachments: dict[str, Detachment] = field(default_factory=dict)
    enhancements: dict[str, list[Enhancement]] = field(default_factory=dict)
    units: dict[str, Unit] = field(default_factory=dict)
    has_units: bool = False

    def may_ally_with(self, owner: str) -> bool:
        return ALLIES.get(owner) in self.keywords


class RulesData:
    """One pinned dataset, looked up by the names lists use."""

    def __init__(self, data: dict):
        self.version: str = data["version"]
        self.edition: str = data.get("edition", "11th")
        self.factions: dict[str, Faction] = {}
        for fid, raw in data["factions"].items():
            faction = Faction(
                id=fid,
                name=raw["name"],
                parent=raw.get("parent"),
                keywords=tuple(raw.get("keywords", ())),
            )
            for row in raw.get("detachments", ()):
                name, points, dispositions, *rest = row
                faction.detachments[norm(name)] = Detachment(
                    name, fid, points, tuple(dispositions), rest[0] if rest else ""
                )
            for name, detachment, cost, restrictions, upgrade in raw.get("enhancements", ()):
                faction.enhancements.setdefault(norm(name), []).append(
                    Enhancement(name, detachment, cost, tuple(restrictions), bool(upgrade))
                )
            if "units" in raw:
                faction.has_units = True
                for name, points, flags, keywords, fkeys in raw["units"]:
                    faction.units[singular(name)] = Unit(
                        name=name,
                        faction=fid,
                        points=tuple((m, c) for m, c in points),
                        flags=frozenset(FLAGS[f] for f in flags),
                        keywords=frozenset(norm(k) for k in keywords),
                        faction_keywords=tuple(fkeys),
                    )
            self.factions[fid] = faction
        self._names: dict[str, str] = {}
        for fid, faction in self.factions.items():
            self._names[norm(faction.name)] = fid
            self._names[norm(fid.replace("-", " "))] = fid
        for alias, fid in FACTION_ALIASES.items():
            if fid in self.factions:
                self._names.setdefault(alias, fid)
        # Every keyword some unit has, and every datasheet's name (a restriction may name one:
        # "Canoness with Jump Pack"): a restriction naming none of them cannot be checked.
        self.known_keywords: frozenset[str] = (
            frozenset(
                k for f in self.factions.values() for u in f.units.values() for k in u.keywords
            )
            | frozenset(norm(u.name) for f in self.factions.values() for u in f.units.values())
            | frozenset(norm(k) for f in self.factions.values() for k in f.keywords)
        )

    # -- factions ---------------------------------------------------------------------------
    def faction_for(self, written: str | None) -> Faction | None:
        """The faction a list names ("Xenos - Necrons", "Space Marines - Blood Angels"): the
        most specific part the data knows."""
        if not written:
            return None
        for part in reversed([p for p in written.split(" - ") if p.strip()]):
            fid = self._names.get(norm(part))
            if fid:
                return self.factions[fid]
        return self.factions.get(self._names.get(norm(written), ""))

    @cached_property
    def _vocabulary(self) -> Vocabulary:
        detachments = {key for f in self.factions.values() for key in f.detachments}
        return Vocabulary(factions=frozenset(self._names), detachments=frozenset(detachments))

    def vocabulary(self) -> Vocabulary:
        """The faction and detachment names, for the parser (built once per dataset)."""
        return self._vocabulary

    # -- detachments ------------------------------------------------------------------------
    def detachment(self, faction: Faction, written: str) -> Detachment | None:
        key = norm(written)
        found = faction.detachments.get(key)
        if found is None and faction.parent:
            found = self.factions[faction.parent].detachments.get(key)
        return found

    def detachment_elsewhere(self, written: str) -> list[Detachment]:
        key = norm(written)
        return [f.detachments[key] for f in self.factions.values() if key in f.detachments]

    # -- enhancements -----------------------------------------------------------------------
    def enhancements(self, faction: Faction, written: str) -> list[Enhancement]:
        key = norm(written)
        found = list(faction.enhancements.get(key, ()))
        if not found and faction.parent:
            found = list(self.factions[faction.parent].enhancements.get(key, ()))
        return found

    # -- units ------------------------------------------------------------------------------
    def pool_known(self, faction: Faction) -> bool:
        """Whether the data lists this faction's units (23 of 35 factions so far)."""
        return faction.has_units or bool(faction.parent and self.factions[faction.parent].has_units)

    def unit(self, faction: Faction, written: str) -> Unit | None:
        """The unit in this faction's own range (a chapter takes its parent's units that carry
        no other chapter's keyword)."""
        key = singular(written)
        if faction.has_units and key in faction.units:
            unit = faction.units[key]
            # The parent's range holds its chapters' own units too: those are not its own.
            return None if self.chapter_of(unit) is not None else unit
        if faction.parent:
            unit = self.factions[faction.parent].units.get(key)
            if unit and set(unit.faction_keywords) <= set(faction.keywords):
                return unit
        return None

    def unit_elsewhere(self, written: str) -> list[Unit]:
        key = singular(written)
        return [f.units[key] for f in self.factions.values() if key in f.units]

    def chapter_of(self, unit: Unit) -> Faction | None:
        """The chapter (child faction) whose keyword the unit carries, if any."""
        for faction in self.factions.values():
            own = faction.keywords[-1] if faction.keywords else None
            if faction.parent == unit.faction and own in unit.faction_keywords:
                return faction
        return None
