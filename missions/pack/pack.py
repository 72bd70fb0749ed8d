"""A mission pack: its decks, maps, scoring caps and tournament pool."""

from __future__ import annotations

from dataclasses import dataclass, field

from missions.pack.errors import MissionError
from missions.pack.geometry import DeploymentMap
from missions.pack.scoring import ScoreCaps
from missions.pack.types import Card, card_key


@dataclass(frozen=True)
class PoolEntry:
    """One pre-set tournament mission; card fields hold printed names."""

    code: str
    primary: str
    mission_rule: str
    deployment: str
    terrain_layouts: tuple[int, ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "primary": self.primary,
            "mission_rule": self.mission_rule,
            "deployment": self.deployment,
            "terrain_layouts": list(self.terrain_layouts),
        }


class PackSummary:
    """What every kind of pack says about itself (the packs list of the API and pages)."""

    key: str
    name: str
    edition: str
    kind: str
    generates: str
    code_prefix: str

    def to_dict(self) -> dict[str, object]:
        return {
            "key": self.key,
            "name": self.name,
            "edition": self.edition,
            "kind": self.kind,
            "generates": self.generates,
            "code_prefix": self.code_prefix,
        }


@dataclass(frozen=True)
class Pack(PackSummary):
    key: str
    name: str
    deployments: tuple[Card, ...]
    mission_rules: tuple[Card, ...]
    primaries: tuple[Card, ...]
    secondaries: tuple[Card, ...]  # one player's deck; each player has an identical one
    gambits: tuple[Card, ...]  # one player's deck
    caps: ScoreCaps
    maps: tuple[DeploymentMap, ...]
    pool: tuple[PoolEntry, ...] = ()
    decks_per_player: int = 2
    code_prefix: str = ""  # short tag in shareable mission codes, e.g. "LEV"
    edition: str = "10th"
    generates: str = (
        "A Deployment, Mission Rule(s) and Primary Mission drawn from the decks as the mission "
        "sequence does."
    )
    kind: str = "cards"  # a classic pack says "classic"
    _by_key: dict[str, Card] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_key", {c.key: c for c in self.unique_cards})
        if not self.code_prefix:
            object.__setattr__(self, "code_prefix", self.key[:3].upper())

    @property
    def unique_cards(self) -> tuple[Card, ...]:
        return (
            self.deployments + self.mission_rules + self.primaries + self.secondaries + self.gambits
        )

    @property
    def all_cards(self) -> tuple[Card, ...]:
        """Every physical card in the box: secondaries and gambits once per player."""
        per_player = (self.secondaries + self.gambits) * self.decks_per_player
        return self.deployments + self.mission_rules + self.primaries + per_player

    def card(self, key: str) -> Card:
        """A card by key or printed name; raises `unknown_card`."""
        found = self._by_key.get(key) or self._by_key.get(card_key(key))
        if found is None:
            raise MissionError(
                "unknown_card", f"card: no card {key!r} in pack {self.key!r}", field="card"
            )
        return found

    def map(self, deployment: str) -> DeploymentMap:
        """The deployment map for a deployment card key or name; raises `unknown_deployment`."""
        key = card_key(deployment)
        for m in self.maps:
            if m.key == key:
                return m
        raise MissionError(
            "unknown_deployment", f"deployment: no map {deployment!r}", field="deployment"
        )

    def pool_entry(self, code: str) -> PoolEntry:
        for entry in self.pool:
            if entry.code == code.upper():
                return entry
        raise MissionError(
            "unknown_pool_mission",
            f"code: no pool mission {code!r} in pack {self.key!r}",
            field="code",
        )
