"""The shape of a table-driven (classic) mission pack and of a mission generated from it."""

from __future__ import annotations

from dataclasses import dataclass, field

from missions.pack.errors import MissionError
from missions.pack.geometry import DeploymentMap
from missions.pack.pack import PackSummary
from missions.pack.types import card_key

# How sure we are of a fact (see the facts file): H high, M medium, L low.
LOW_CONFIDENCE = frozenset({"L", "L–M"})


@dataclass(frozen=True)
class Rule:
    """A named rule with our own short summary of it."""

    name: str
    summary: str

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "summary": self.summary}


@dataclass(frozen=True)
class ClassicMap:
    """A deployment map drawn from measured or inferred geometry, with its confidence."""

    map: DeploymentMap
    confidence: str  # "H", "M", "L–M" or "L"
    summary: str
    source: str
    table_edge: str = ""  # which edge is a player's own (7th edition Reserves, Linebreaker)
    number: int | None = None  # its number on the pack's deployment table, if any
    mirrored: bool = False  # drawn across the other diagonal (7th edition Vanguard Strike)

    @property
    def key(self) -> str:
        return self.map.key

    @property
    def name(self) -> str:
        return self.map.name

    @property
    def approximate(self) -> bool:
        return self.confidence in LOW_CONFIDENCE

    def to_dict(self) -> dict[str, object]:
        return {
            "key": self.key,
            "name": self.name,
            "confidence": self.confidence,
            "approximate": self.approximate,
            "summary": self.summary,
            "source": self.source,
            "table_edge": self.table_edge,
            "mirrored": self.mirrored,
            "width": self.map.width,
            "height": self.map.height,
        }


@dataclass(frozen=True)
class ClassicMissionDef:
    """One mission of a mission table, as data."""

    name: str
    table: str  # key of the table it is on
    number: int  # its result on that table
    markers: int | str  # a count, or dice ("D3+2")
    primary: str  # our summary of how victory points are scored
    placement: str  # our summary of how the markers are set up
    map_rule: str  # who chooses or how the map is found
    special_rules: tuple[Rule, ...] = ()
    tactical_rule: str = ""  # Maelstrom: our summary of the Tactical Objective generation rule
    own_map: str = ""  # 7th-edition Maelstrom: the key of the mission's own map
    uses_secondaries: bool = True
    key: str = field(default="")

    def __post_init__(self) -> None:
        if not self.key:
            object.__setattr__(self, "key", card_key(self.name))

    def to_dict(self) -> dict[str, object]:
        return {
            "key": self.key,
            "name": self.name,
            "table": self.table,
            "number": self.number,
            "markers": self.markers,
            "primary": self.primary,
            "placement": self.placement,
            "map_rule": self.map_rule,
            "tactical_rule": self.tactical_rule,
            "special_rules": [r.to_dict() for r in self.special_rules],
        }


@dataclass(frozen=True)
class MissionTable:
    """A D6 (or D3) table of missions."""

    key: str
    name: str
    dice: str
    missions: tuple[ClassicMissionDef, ...]

    def by_roll(self, value: int) -> ClassicMissionDef:
        for m in self.missions:
            if m.number == value:
                return m
        raise MissionError("bad_roll", f"roll: {value} is not on the {self.name} table")


@dataclass(frozen=True)
class DiceTable:
    """Any other printed dice table: each entry lists the results it covers."""

    key: str
    name: str
    dice: str
    entries: tuple[tuple[tuple[int, ...], Rule], ...]

    def lookup(self, value: int) -> Rule:
        for results, rule in self.entries:
            if value in results:
                return rule
        raise MissionError("bad_roll", f"roll: {value} is not on the {self.name} table")

    def to_dict(self) -> dict[str, object]:
        return {
            "key": self.key,
            "name": self.name,
            "dice": self.dice,
            "entries": [{"results": list(r), **rule.to_dict()} for r, rule in self.entries],
        }


@dataclass(frozen=True)
class ClassicPack(PackSummary):
    key: str
    name: str
    edition: str
    code_prefix: str
    generates: str  # what one generated mission holds, in a sentence
    tables: tuple[MissionTable, ...]
    maps: tuple[ClassicMap, ...]
    rules: tuple[Rule, ...]  # shared rules every mission uses, in our words
    secondaries: tuple[Rule, ...] = ()
    dice_tables: tuple[DiceTable, ...] = ()
    deployment_dice: str = "D6"  # how a map is rolled when the mission does not fix one
    kind: str = "classic"
    pool: tuple = ()  # no tournament pool: keeps pool endpoints uniform across packs

    @property
    def missions(self) -> tuple[ClassicMissionDef, ...]:
        return tuple(m for t in self.tables for m in t.missions)

    def table(self, key: str) -> MissionTable:
        for t in self.tables:
            if t.key == key:
                return t
        raise MissionError("unknown_table", f"table: no table {key!r} in pack {self.key!r}")

    def mission(self, key: str) -> ClassicMissionDef:
        """A mission by key or printed name (a name on two tables: the first)."""
        found = next((m for m in self.missions if m.key == card_key(key)), None)
        if found is None:
            raise MissionError(
                "unknown_mission",
                f"mission: no mission {key!r} in pack {self.key!r}",
                field="mission",
            )
        return found

    def map(self, key: str) -> ClassicMap:
        for m in self.maps:
            if m.key == card_key(key):
                return m
        raise MissionError(
            "unknown_deployment",
            f"deployment: no map {key!r} in pack {self.key!r}",
            field="deployment",
        )

    def dice_table(self, key: str) -> DiceTable:
        for t in self.dice_tables:
            if t.key == key:
                return t
        raise MissionError("unknown_table", f"table: no table {key!r} in pack {self.key!r}")


@dataclass(frozen=True)
class Roll:
    """One dice roll the generator made: what it decided, the dice, the value, the outcome."""

    what: str
    dice: str
    value: int
    result: str

    def to_dict(self) -> dict[str, object]:
        return {"what": self.what, "dice": self.dice, "value": self.value, "result": self.result}


@dataclass(frozen=True)
class ClassicMission:
    pack: ClassicPack
    code: str
    seed: int
    rolls: tuple[Roll, ...]
    mission: ClassicMissionDef
    deployment: ClassicMap
    marker_count: int
    notes: tuple[str, ...] = ()  # what the rolls settled beyond the tables (marker values...)

    @property
    def map(self) -> DeploymentMap:
        return self.deployment.map

    @property
    def special_rules(self) -> tuple[Rule, ...]:
        return self.mission.special_rules

    @property
    def secondaries(self) -> tuple[Rule, ...]:
        return self.pack.secondaries if self.mission.uses_secondaries else ()

    @property
    def game_length(self) -> Rule:
        return next(r for r in self.pack.rules if r.name in {"Battle length", "Game length"})

    def to_dict(self) -> dict[str, object]:
        return {
            "pack": self.pack.key,
            "kind": self.pack.kind,
            "edition": self.pack.edition,
            "seed": self.seed,
            "code": self.code,
            "rolls": [r.to_dict() for r in self.rolls],
            "mission": self.mission.to_dict(),
            "deployment": self.deployment.to_dict(),
            "marker_count": self.marker_count,
            "special_rules": [r.to_dict() for r in self.special_rules],
            "game_length": self.game_length.to_dict(),
            "secondaries": [r.to_dict() for r in self.secondaries],
            "rules": [r.to_dict() for r in self.pack.rules],
            "notes": list(self.notes),
        }
