"""Leviathan deployment cards and their maps (60" x 44", origin at a corner)."""

from __future__ import annotations

from missions.pack.geometry import Circle, DeploymentMap, Marker, Point, Polygon, Tag, Zone
from missions.pack.types import Card, CardKind, card_key

A, D, N = Tag.ATTACKER, Tag.DEFENDER, Tag.NO_MANS_LAND
CENTRE: Point = (30.0, 22.0)


def _rect(x0: float, y0: float, x1: float, y1: float) -> Polygon:
    return Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)))


def _markers(attacker: Point, defender: Point, nml: tuple[Point, Point]) -> tuple[Marker, ...]:
    return (
        Marker("centre", *CENTRE, N),
        Marker("attacker_home", *attacker, A),
        Marker("defender_home", *defender, D),
        Marker("nml_1", *nml[0], N),
        Marker("nml_2", *nml[1], N),
    )


def _map(name: str, attacker: Zone, defender: Zone, markers: tuple[Marker, ...]) -> DeploymentMap:
    return DeploymentMap(card_key(name), name, attacker, defender, markers)


_CUT = (Circle(CENTRE, 9.0),)

MAPS: tuple[DeploymentMap, ...] = (
    _map(
        "Search and Destroy",
        Zone(A, _rect(0, 22, 30, 44), _CUT),
        Zone(D, _rect(30, 0, 60, 22), _CUT),
        _markers((14, 34), (46, 10), ((14, 10), (46, 34))),
    ),
    _map(
        "Dawn of War",
        Zone(A, _rect(0, 34, 60, 44)),
        Zone(D, _rect(0, 0, 60, 10)),
        _markers((30, 38), (30, 6), ((10, 22), (50, 22))),
    ),
    _map(
        "Sweeping Engagement",
        Zone(A, Polygon(((0, 22), (0, 44), (60, 44)))),
        Zone(D, Polygon(((0, 0), (60, 0), (60, 22)))),
        _markers((18, 38), (42, 6), ((10, 14), (50, 30))),
    ),
    _map(
        "Crucible of Battle",
        Zone(A, Polygon(((0, 0), (0, 44), (30, 44)))),
        Zone(D, Polygon(((30, 0), (60, 0), (60, 44)))),
        _markers((14, 34), (46, 10), ((20, 8), (40, 36))),
    ),
    _map(
        "Hammer and Anvil",
        Zone(A, _rect(0, 0, 18, 44)),
        Zone(D, _rect(42, 0, 60, 44)),
        _markers((10, 22), (50, 22), ((30, 6), (30, 38))),
    ),
)

_SUMMARIES = {
    "search_and_destroy": 'Diagonal table quarters, each minus a 9" circle round the centre; '
    "the other two quarters and the circle are No Man's Land.",
    "dawn_of_war": 'Long-edge strips 10" deep; the 24" band between is No Man\'s Land.',
    "sweeping_engagement": "Each zone is the triangle between a long edge and the diagonal "
    "from a short-edge midpoint to the far corner.",
    "crucible_of_battle": "Each zone is a triangle with a short edge as one side and its apex "
    "at the midpoint of a long edge.",
    "hammer_and_anvil": 'Short-edge strips 18" deep; the 24" band between is No Man\'s Land.',
}

DEPLOYMENTS: tuple[Card, ...] = tuple(
    Card(name=m.name, kind=CardKind.DEPLOYMENT, summary=_SUMMARIES[m.key]) for m in MAPS
)
