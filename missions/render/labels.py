"""Where to put an area's name so it sits inside the area, clear of markers and boundaries."""

from __future__ import annotations

import math
from collections.abc import Sequence

from missions.pack.geometry import CONTROL_RANGE, DeploymentMap, Point, Tag


def _clearance(dmap: DeploymentMap, tag: Tag, p: Point, avoid: Sequence[Point]) -> float:
    if dmap.tag_at(p) is not tag:
        return -1.0
    edge = min(p[0], p[1], dmap.width - p[0], dmap.height - p[1])
    zones = [z.polygon.distance_to_boundary(p) for z in (dmap.attacker, dmap.defender)]
    cuts = [
        abs(math.dist(p, c.centre) - c.radius)
        for z in (dmap.attacker, dmap.defender)
        for c in z.cutouts
    ]
    markers = [math.dist(p, a) - CONTROL_RANGE for a in avoid]
    return min([edge, *zones, *cuts, *markers])


def _search(
    dmap: DeploymentMap,
    *,
    tag: Tag,
    avoid: Sequence[Point],
    half: float,
    size: float,
    candidates: Sequence[Point],
) -> tuple[Point, float]:
    best, best_score = dmap.centre, -math.inf
    for x, y in candidates:
        score = _clearance(dmap, tag, (x, y), avoid)
        # A candidate's score is a minimum over its probes, so it can only drop: skip the
        # remaining probes once it cannot beat the best so far.
        for p in ((x + dx, y + dy) for dx in (-half, half, 0) for dy in (0, -size * 0.7)):
            if score <= best_score:
                break
            score = min(score, _clearance(dmap, tag, p, avoid))
        if score > best_score:
            best, best_score = (x, y), score
    return best, best_score


def label_point(
    dmap: DeploymentMap, tag: Tag, avoid: Sequence[Point], text_width: float, size: float
) -> Point:
    """Baseline centre of a label of `text_width` inches: the point whose text box corners
    and middle have the most room (coarse grid, then a finer look around the best)."""
    half = text_width / 2
    coarse = [(x, y) for y in _steps(2.0, dmap.height, 2.0) for x in _steps(2.0, dmap.width, 2.0)]
    (bx, by), _ = _search(dmap, tag=tag, avoid=avoid, half=half, size=size, candidates=coarse)
    fine = [(bx + dx / 2, by + dy / 2) for dx in range(-4, 5) for dy in range(-4, 5)]
    return _search(dmap, tag=tag, avoid=avoid, half=half, size=size, candidates=fine)[0]


def _steps(start: float, stop: float, step: float) -> list[float]:
    count = int((stop - start) / step)
    return [start + i * step for i in range(count + 1) if start + i * step < stop]
