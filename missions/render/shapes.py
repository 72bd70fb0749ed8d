"""Outlines of zones for drawing: a polygon minus circular cut-outs as plain point lists."""

from __future__ import annotations

import math

from missions.pack.geometry import Circle, Point, Polygon, Zone

ARC_STEPS = 24


def _edge_circle_hits(a: Point, b: Point, c: Circle) -> list[float]:
    """Parameters t in (0, 1) where segment a->b crosses the circle."""
    (ax, ay), (bx, by), (cx, cy) = a, b, c.centre
    dx, dy, fx, fy = bx - ax, by - ay, ax - cx, ay - cy
    qa, qb, qc = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - c.radius**2
    disc = qb * qb - 4 * qa * qc
    if qa == 0 or disc < 0:
        return []
    root = math.sqrt(disc)
    return sorted(t for t in ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa)) if 0 < t < 1)


def _arc(c: Circle, p: Point, q: Point, poly: Polygon) -> list[Point]:
    """Arc points strictly between p and q, going the way that stays inside `poly`."""
    a0 = math.atan2(p[1] - c.centre[1], p[0] - c.centre[0])
    a1 = math.atan2(q[1] - c.centre[1], q[0] - c.centre[0])
    sweep = (a1 - a0) % (2 * math.pi)
    mid = a0 + sweep / 2
    probe = (c.centre[0] + c.radius * math.cos(mid), c.centre[1] + c.radius * math.sin(mid))
    if not poly.contains(probe):
        sweep -= 2 * math.pi
    steps = max(2, int(ARC_STEPS * abs(sweep) / math.pi))
    return [
        (
            c.centre[0] + c.radius * math.cos(a0 + sweep * i / steps),
            c.centre[1] + c.radius * math.sin(a0 + sweep * i / steps),
        )
        for i in range(1, steps)
    ]


def _cut(poly: Polygon, c: Circle) -> tuple[list[Point], list[Point] | None]:
    """(outline, hole) of poly minus one circle; the hole is set when the circle lies inside."""
    out: list[Point] = []
    entry: Point | None = None
    pts = list(poly.points)
    # Start the walk at a vertex outside the circle so every inside run is closed in one pass.
    start = next((i for i, p in enumerate(pts) if math.dist(p, c.centre) >= c.radius), None)
    if start is None:
        return [], None  # the circle swallows the polygon
    pts = pts[start:] + pts[:start]
    crossings = 0
    for i, a in enumerate(pts):
        b = pts[(i + 1) % len(pts)]
        if math.dist(a, c.centre) >= c.radius and entry is None:
            out.append(a)
        for t in _edge_circle_hits(a, b, c):
            hit = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            crossings += 1
            if entry is None:
                entry = hit
                out.append(hit)
            else:
                out.extend(_arc(c, entry, hit, poly))
                out.append(hit)
                entry = None
    hole = None
    if crossings == 0 and poly.contains(c.centre):
        hole = [
            (
                c.centre[0] + c.radius * math.cos(2 * math.pi * k / (2 * ARC_STEPS)),
                c.centre[1] + c.radius * math.sin(2 * math.pi * k / (2 * ARC_STEPS)),
            )
            for k in range(2 * ARC_STEPS)
        ]
    return out, hole


def zone_outline(zone: Zone) -> tuple[list[Point], list[list[Point]]]:
    """(outline, holes) of a zone, ready to fill with the even-odd rule."""
    outline, holes = list(zone.polygon.points), []
    for c in zone.cutouts:
        outline, hole = _cut(Polygon(tuple(outline)), c)
        if hole:
            holes.append(hole)
    return outline, holes
