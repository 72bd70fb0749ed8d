"""A generated or pre-set mission: the drawn cards and the objective markers they give."""

from __future__ import annotations

from dataclasses import dataclass

from missions.engine.markers import MarkerPlan
from missions.pack.geometry import DeploymentMap
from missions.pack.pack import Pack
from missions.pack.types import Card


@dataclass(frozen=True)
class Mission:
    pack: Pack
    code: str
    deployment: Card
    mission_rules: tuple[Card, ...]  # first drawn first, then any Maelstrom draws
    primary: Card
    plan: MarkerPlan
    seed: int | None = None
    pool_code: str | None = None  # "A".."O" for Tournament Companion missions
    discarded: tuple[Card, ...] = ()  # cards drawn then discarded by another card's rule
    terrain_layouts: tuple[int, ...] = ()

    @property
    def map(self) -> DeploymentMap:
        return self.pack.map(self.deployment.key)

    @property
    def rule_keys(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.mission_rules)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "pack": self.pack.key,
            "seed": self.seed,
            "code": self.code,
            "pool_code": self.pool_code,
            "deployment": self.deployment.name,
            "mission_rules": [c.name for c in self.mission_rules],
            "primary": self.primary.name,
            "discarded": [c.name for c in self.discarded],
            "terrain_layouts": list(self.terrain_layouts),
            "hidden_supplies_corners": [list(c) for c in self.plan.hidden_supplies_corners],
        }
        out.update(self.plan.to_dict())
        return out
