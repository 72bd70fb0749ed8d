"""Deployment maps of the older packs on a 72" x 48" table, from the facts file's geometry.

Landscape, origin at a corner, y downwards from the top long edge; centre (36, 24). Player A
has the zone given; player B always gets its point reflection through the centre. The zones
are tagged attacker/defender only because the shared geometry needs two tags: the older packs
have no attacker or defender, and the renderer names them "Player A" and "Player B".
No marker is fixed: players place them, so maps carry none.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

from missions.classic.types import ClassicMap
from missions.pack.geometry import Circle, DeploymentMap, Point, Polygon, Tag, Zone
from missions.pack.types import card_key

WIDTH, HEIGHT = 72.0, 48.0
CENTRE: Point = (WIDTH / 2, HEIGHT / 2)
KXD = "fan redraw of the rulebook maps (KailelleXD/Battle-Tactics), measured"
SCO = '7th edition rules text (12" from the centre line), applied to each map'


def reflect(p: Point) -> Point:
    """The point reflection through the table's centre."""
    return (WIDTH - p[0], HEIGHT - p[1])


def _zones(points: tuple[Point, ...], cut: Circle | None = None) -> tuple[Zone, Zone]:
    cuts = (cut,) if cut else ()
    a = Zone(Tag.ATTACKER, Polygon(points), cuts)
    b = Zone(Tag.DEFENDER, Polygon(tuple(reflect(p) for p in points)), cuts)
    return a, b


def _map(name: str, points: tuple[Point, ...], notes: tuple[str, ...] = (), cut=None):
    a, b = _zones(points, cut)
    return DeploymentMap(card_key(name), name, a, b, (), WIDTH, HEIGHT, notes)


def _mirror_zone(zone: Zone) -> Zone:
    points = tuple((WIDTH - x, y) for x, y in zone.polygon.points)
    cuts = tuple(Circle((WIDTH - c.centre[0], c.centre[1]), c.radius) for c in zone.cutouts)
    return Zone(zone.tag, Polygon(points), cuts)


@lru_cache(maxsize=16)
def mirrored(cmap: ClassicMap) -> ClassicMap:
    """The map reflected left to right: a diagonal map played across the other diagonal."""
    m = cmap.map
    flipped = replace(m, attacker=_mirror_zone(m.attacker), defender=_mirror_zone(m.defender))
    return replace(cmap, map=flipped, mirrored=not cmap.mirrored)


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def diagonal_offset_triangle(gap: float) -> tuple[Point, ...]:
    """Corner triangle at (0, 0) bounded by a line parallel to the table diagonal from (72, 0)
    to (0, 48), `gap` inches nearer the corner: 7th edition Vanguard Strike with gap 12."""
    diagonal = math.hypot(WIDTH, HEIGHT)
    corner_distance = WIDTH * HEIGHT / diagonal  # from (0, 0) to that diagonal
    scale = (corner_distance - gap) / corner_distance
    return ((0.0, 0.0), (WIDTH * scale, 0.0), (0.0, HEIGHT * scale))


# --- 8th edition standard maps, numbered as the rulebook's D6 table -----------------------

EIGHTH_MAPS: tuple[ClassicMap, ...] = (
    ClassicMap(
        _map("Spearhead Assault", ((0, 0), (12, 0), (26.5, 24), (12, 48), (0, 48))),
        "L–M",
        'Chevron on each short edge: 12" deep at the corners, narrowing in straight lines to a '
        'point on the centre line about 26.5" from that edge (about 9.5" from the centre).',
        KXD + '; the tip may be 27" deep',
        "short edge",
        1,
    ),
    ClassicMap(
        _map("Dawn of War", _rect(0, 0, 72, 12)),
        "H",
        'Strips 12" deep along each long edge; the 24" band between is no man\'s land.',
        KXD + ', agreeing with the 12"-from-centre-line rule',
        "long edge",
        2,
    ),
    ClassicMap(
        _map("Search and Destroy", _rect(0, 0, 36, 24), cut=Circle(CENTRE, 9.0)),
        "M",
        'Two diagonally opposite table quarters, each without the part within 9" of the centre.',
        KXD,
        "long edge",
        3,
    ),
    ClassicMap(
        _map("Hammer and Anvil", _rect(0, 0, 24, 48)),
        "H",
        'Blocks 24" deep on each short edge; the 24" band between is no man\'s land.',
        KXD,
        "short edge",
        4,
    ),
    ClassicMap(
        _map("Front-line Assault", ((0, 0), (72, 0), (72, 6), (36, 15), (0, 6))),
        "L–M",
        'Along each long edge: 6" deep at the short-edge ends, rising in straight lines to about '
        '15" deep at the middle of the table.',
        KXD,
        "long edge",
        5,
    ),
    ClassicMap(
        _map("Vanguard Strike", ((0, 0), (51, 0), (0, 32))),
        "M",
        'Opposite corner triangles: along the long edge about 51" from the corner and along the '
        'short edge about 32", about 12" short of the table diagonal.',
        KXD,
        "long edge",
        6,
    ),
)

# --- 7th edition Random Deployment Zones (12" from the centre line) -----------------------

_V7 = diagonal_offset_triangle(12.0)

SEVENTH_MAPS: tuple[ClassicMap, ...] = (
    ClassicMap(
        _map("Dawn of War", _rect(0, 0, 72, 12)),
        "M",
        "Table split lengthways; each player sets up in the strip along their long edge, more "
        'than 12" from the centre line.',
        SCO,
        "long edge",
        1,
    ),
    ClassicMap(
        _map("Hammer and Anvil", _rect(0, 0, 24, 48)),
        "M",
        "Table split across its width; each player sets up on their short-edge side, more than "
        '12" from the centre line (a block 24" deep).',
        SCO,
        "short edge",
        3,
    ),
    ClassicMap(
        _map("Vanguard Strike", _V7),
        "M",
        "Table split along a diagonal (agreed or rolled); each player sets up in their corner, "
        'more than 12" from the diagonal.',
        SCO,
        "long edge",
        5,
    ),
)

# --- Only War: the table in two equal halves, chosen by a player ---------------------------

ONLY_WAR_MAP = ClassicMap(
    _map("Equal Halves", _rect(0, 0, 72, 12)),
    "H",
    "One player splits the table into two equal halves (drawn here lengthways, one of the "
    'splits they may choose); units set up in their own half, more than 12" from the other '
    "half, so the zones drawn are the parts of each half where units may set up.",
    "Only War rules text",
    "",
)
