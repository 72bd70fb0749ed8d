"""Battlefield geometry in inches: zones as polygons minus circles, objective markers."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

Point = tuple[float, float]

MARKER_RADIUS = 40 / 25.4 / 2  # 40mm marker
CONTROL_RANGE = 3.0  # horizontally, from the marker's edge


class Tag(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"
    NO_MANS_LAND = "no_mans_land"


@dataclass(frozen=True)
class Circle:
    centre: Point
    radius: float

    def contains(self, p: Point) -> bool:
        return math.dist(p, self.centre) < self.radius


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]

    def contains(self, p: Point) -> bool:
        """Inside or on the boundary (edges belong to the zone they bound)."""
        x, y = p
        inside = False
        edges = self.edges()
        for (x1, y1), (x2, y2) in edges:
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside or any(_on_segment(p, a, b) for a, b in edges)

    def edges(self) -> tuple[tuple[Point, Point], ...]:
        return _edges(self.points)

    def distance_to_boundary(self, p: Point) -> float:
        return min(_segment_distance(p, a, b) for a, b in self.edges())


@dataclass(frozen=True)
class Zone:
    """A deployment zone: a polygon with optional circular cut-outs (Search and Destroy)."""

    tag: Tag
    polygon: Polygon
    cutouts: tuple[Circle, ...] = ()

    def contains(self, p: Point) -> bool:
        return self.polygon.contains(p) and not any(c.contains(p) for c in self.cutouts)

    def wholly_contains(self, p: Point, radius: float) -> bool:
        """A disc of `radius` around p lies inside the zone."""
        if not self.contains(p) or self.polygon.distance_to_boundary(p) < radius:
            return False
        return all(math.dist(p, c.centre) >= c.radius + radius for c in self.cutouts)


@dataclass(frozen=True)
class Marker:
    """An objective marker. `roles` carry what mission rules and primaries do to it."""

    id: str
    x: float
    y: float
    tag: Tag
    roles: tuple[str, ...] = ()
    moved_from: Point | None = None

    @property
    def point(self) -> Point:
        return (self.x, self.y)

    @property
    def home(self) -> bool:
        return self.tag is not Tag.NO_MANS_LAND

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "id": self.id,
            "x": round(float(self.x), 2),
            "y": round(float(self.y), 2),
            "tag": str(self.tag),
            "roles": list(self.roles),
        }
        if self.moved_from is not None:
            out["moved_from"] = [round(v, 2) for v in self.moved_from]
        return out


@dataclass(frozen=True)
class DeploymentMap:
    key: str
    name: str
    attacker: Zone
    defender: Zone
    markers: tuple[Marker, ...]
    width: float = 60.0
    height: float = 44.0
    notes: tuple[str, ...] = field(default=())

    @property
    def centre(self) -> Point:
        return (self.width / 2, self.height / 2)

    @property
    def corners(self) -> tuple[Point, ...]:
        w, h = self.width, self.height
        return ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h))

    def zone(self, tag: Tag) -> Zone:
        return self.attacker if tag is Tag.ATTACKER else self.defender

    def tag_at(self, p: Point) -> Tag:
        """Which area a point lies in; a point in neither zone is No Man's Land."""
        if self.attacker.contains(p):
            return Tag.ATTACKER
        if self.defender.contains(p):
            return Tag.DEFENDER
        return Tag.NO_MANS_LAND

    def nml_corners(self) -> tuple[Point, ...]:
        """Corners No Man's Land touches: a corner not strictly inside a zone's interior."""
        return tuple(c for c in self.corners if _touches_nml(self, c))


def _touches_nml(m: DeploymentMap, corner: Point) -> bool:
    # Probe just inside the board along both edges and the diagonal: NML touches the corner
    # if any probe next to it lies outside both zones.
    cx, cy = corner
    sx = 1 if cx == 0 else -1
    sy = 1 if cy == 0 else -1
    eps = 1e-3
    probes = ((cx + sx * eps, cy + sy * eps * 0.5), (cx + sx * eps * 0.5, cy + sy * eps))
    return any(m.tag_at(p) is Tag.NO_MANS_LAND for p in probes)


@lru_cache(maxsize=256)
def _edges(pts: tuple[Point, ...]) -> tuple[tuple[Point, Point], ...]:
    return tuple((pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts)))


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return _segment_distance(p, a, b) < 1e-9


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))
