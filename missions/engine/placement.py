"""Chosen Battlefield: constraints on where players place objective markers, and a validator."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from missions.pack.errors import MissionError
from missions.pack.geometry import MARKER_RADIUS, DeploymentMap, Marker, Point, Tag, Zone

EDGE_CLEARANCE = 6.0  # more than this from every battlefield edge
MIN_SEPARATION = 9.0  # more than this from every other marker


@dataclass(frozen=True)
class PlacementRules:
    per_zone: dict[str, int]  # how many markers wholly within each area
    edge_clearance: float = EDGE_CLEARANCE
    min_separation: float = MIN_SEPARATION
    marker_radius: float = MARKER_RADIUS

    @property
    def total(self) -> int:
        return sum(self.per_zone.values())

    def to_dict(self) -> dict[str, object]:
        return {
            "per_zone": dict(self.per_zone),
            "edge_clearance": self.edge_clearance,
            "min_separation": self.min_separation,
            "marker_radius": round(self.marker_radius, 3),
            "measured_from": "marker edge",
        }


@dataclass(frozen=True)
class PlacementIssue:
    code: str
    index: int
    message: str


def placement_rules(dmap: DeploymentMap, extra_nml: int = 0) -> PlacementRules:
    """One marker per deployment zone, the rest (printed count, plus extras) in NML."""
    nml = sum(m.tag is Tag.NO_MANS_LAND for m in dmap.markers) + extra_nml
    return PlacementRules(
        {Tag.ATTACKER.value: 1, Tag.DEFENDER.value: 1, Tag.NO_MANS_LAND.value: nml}
    )


def _zone_distance(zone: Zone, p: Point) -> float:
    """Distance from p (outside the zone) to the zone."""
    if not zone.polygon.contains(p):
        return zone.polygon.distance_to_boundary(p)
    return min(
        (c.radius - math.dist(p, c.centre) for c in zone.cutouts if c.contains(p)), default=0.0
    )


def _area(dmap: DeploymentMap, p: Point, r: float) -> Tag | None:
    """The area the marker disc lies wholly within, or None when it straddles a boundary."""
    for zone in (dmap.attacker, dmap.defender):
        if zone.contains(p):
            return zone.tag if zone.wholly_contains(p, r) else None
    if all(_zone_distance(z, p) >= r for z in (dmap.attacker, dmap.defender)):
        return Tag.NO_MANS_LAND
    return None


def placement_issues(
    dmap: DeploymentMap, rules: PlacementRules, points: Sequence[Point]
) -> list[PlacementIssue]:
    """Every rule broken by a proposed placement (empty when it is legal)."""
    issues: list[PlacementIssue] = []
    r = rules.marker_radius
    if len(points) > rules.total:
        issues.append(
            PlacementIssue(
                "too_many_markers",
                rules.total,
                f"placed: {len(points)} markers, at most {rules.total}",
            )
        )
    counts = dict.fromkeys(rules.per_zone, 0)
    for i, (x, y) in enumerate(points):
        edge = min(x, y, dmap.width - x, dmap.height - y) - r
        if edge <= rules.edge_clearance:
            issues.append(
                PlacementIssue(
                    "too_close_to_edge",
                    i,
                    f"placed[{i}]: marker edge "
                    f"{edge:.2f}in from a battlefield edge, must be more "
                    f"than {rules.edge_clearance}in",
                )
            )
        area = _area(dmap, (x, y), r)
        if area is None:
            issues.append(
                PlacementIssue(
                    "not_wholly_within",
                    i,
                    f"placed[{i}]: marker straddles a deployment zone boundary",
                )
            )
            continue
        counts[area.value] += 1
        if counts[area.value] > rules.per_zone[area.value]:
            issues.append(
                PlacementIssue(
                    "zone_full",
                    i,
                    f"placed[{i}]: more than {rules.per_zone[area.value]} marker(s) in {area}",
                )
            )
    for i, a in enumerate(points):
        for j in range(i + 1, len(points)):
            gap = math.dist(a, points[j]) - 2 * r
            if gap <= rules.min_separation:
                issues.append(
                    PlacementIssue(
                        "too_close_to_marker",
                        j,
                        f"placed[{j}]: {gap:.2f}"
                        f"in from placed[{i}], must be more than "
                        f"{rules.min_separation}in",
                    )
                )
    return issues


def check_placement(
    dmap: DeploymentMap, rules: PlacementRules, points: Sequence[Point]
) -> tuple[Marker, ...]:
    """Markers for a legal placement; raises MissionError `bad_placement` naming the first
    broken rule (its code is in the message and in `.issues`)."""
    issues = placement_issues(dmap, rules, points)
    if issues:
        err = MissionError(
            "bad_placement", f"{issues[0].message} ({issues[0].code})", field="placed"
        )
        err.issues = issues  # type: ignore[attr-defined]
        raise err
    markers, nml = [], 0
    for x, y in points:
        tag = _area(dmap, (x, y), rules.marker_radius)
        if tag is Tag.NO_MANS_LAND:
            nml += 1
            mid = f"nml_{nml}"
        else:
            mid = f"{tag}_home"
        markers.append(Marker(mid, x, y, tag))  # type: ignore[arg-type]
    return tuple(markers)
