"""Where to put an area's name so it sits inside the area, clear of markers and boundaries."""

from __future__ import annotations

import math
from collections.abc import Sequence

from missions.pack.geometry import CONTROL_RANGE, DeploymentMap, Point, Tag

_STEP = 1.0


def _clearance(dmap: DeploymentMap, tag: Tag, p: Point, avoid: Sequence[Point]) -> float:
    if dmap.tag_at(p) is not tag:
        return -1.0
    edge = min(p[0], p[1], dmap.width - p[0], dmap.height - p[1])
    zones = [z.polygon.distance_to_boundary(p) for z in (dmap.attacker, dmap.defender)]
    cuts = [abs(math.dist(p, c.centre) - c.radius)
            for z in (dmap.attacker, dmap.defender) for c in z.cutouts]
    markers = [math.dist(p, a) - CONTROL_RANGE for a in avoid]
    return min([edge, *zones, *cuts, *markers])


def label_point(dmap: DeploymentMap, tag: Tag, avoid: Sequence[Point], text_width: float,
                size: float) -> Point:
    """Baseline centre of a label of `text_width` inches: the grid point whose text box
    corners and middle have the most room."""
    best, best_score = dmap.centre, -math.inf
    half = text_width / 2
    y = _STEP
    while y < dmap.height:
        x = _STEP
        while x < dmap.width:
            probes = [(x + dx, y + dy) for dx in (-half, 0, half) for dy in (0, -size * 0.7)]
            score = min(_clearance(dmap, tag, p, avoid) for p in probes)
            if score > best_score:
                best, best_score = (x, y), score
            x += _STEP
        y += _STEP
    return best
