"""Deployment map geometry against the facts table (60in x 44in, origin at a corner)."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from missions.pack.geometry import Tag
from missions.pack.registry import get_pack

PACK = get_pack("leviathan")
A, D, N = Tag.ATTACKER, Tag.DEFENDER, Tag.NO_MANS_LAND

# map -> (attacker polygon, defender polygon, attacker home, defender home, NML pair)
FACTS = {
    "hammer_and_anvil": (
        ((0, 0), (18, 0), (18, 44), (0, 44)),
        ((42, 0), (60, 0), (60, 44), (42, 44)),
        (10, 22),
        (50, 22),
        {(30, 6), (30, 38)},
    ),
    "dawn_of_war": (
        ((0, 34), (60, 34), (60, 44), (0, 44)),
        ((0, 0), (60, 0), (60, 10), (0, 10)),
        (30, 38),
        (30, 6),
        {(10, 22), (50, 22)},
    ),
    "search_and_destroy": (
        ((0, 22), (30, 22), (30, 44), (0, 44)),
        ((30, 0), (60, 0), (60, 22), (30, 22)),
        (14, 34),
        (46, 10),
        {(14, 10), (46, 34)},
    ),
    "crucible_of_battle": (
        ((0, 0), (0, 44), (30, 44)),
        ((30, 0), (60, 0), (60, 44)),
        (14, 34),
        (46, 10),
        {(20, 8), (40, 36)},
    ),
    "sweeping_engagement": (
        ((0, 22), (0, 44), (60, 44)),
        ((0, 0), (60, 0), (60, 22)),
        (18, 38),
        (42, 6),
        {(10, 14), (50, 30)},
    ),
}


def _markers(dmap, tag):
    return {m.point for m in dmap.markers if m.tag is tag}


@pytest.mark.parametrize("key", sorted(FACTS))
def test_map_matches_facts(key):
    a_poly, d_poly, a_home, d_home, nml = FACTS[key]
    dmap = PACK.map(key)
    assert (dmap.width, dmap.height) == (60, 44)
    assert set(dmap.attacker.polygon.points) == set(a_poly)
    assert set(dmap.defender.polygon.points) == set(d_poly)
    assert _markers(dmap, A) == {a_home}
    assert _markers(dmap, D) == {d_home}
    assert _markers(dmap, N) == nml | {(30, 22)}
    assert len(dmap.markers) == 5
    for m in dmap.markers:  # each tag agrees with where the marker lies
        assert dmap.tag_at(m.point) is m.tag


def test_search_and_destroy_cuts_a_9_inch_circle_from_both_quarters():
    dmap = PACK.map("search_and_destroy")
    for zone in (dmap.attacker, dmap.defender):
        assert [(c.centre, c.radius) for c in zone.cutouts] == [((30, 22), 9.0)]
    assert dmap.tag_at((25, 25)) is N  # inside the quarter, inside the circle
    assert dmap.tag_at((20, 32)) is A  # inside the quarter, outside the circle
    assert dmap.tag_at((35, 18)) is N
    assert dmap.tag_at((45, 12)) is D
    assert all(
        not z.cutouts
        for m in PACK.maps
        if m.key != "search_and_destroy"
        for z in (m.attacker, m.defender)
    )


@pytest.mark.parametrize(
    ("key", "corners"),
    [
        ("hammer_and_anvil", ()),
        ("dawn_of_war", ()),
        ("search_and_destroy", ((0, 0), (60, 44))),
        ("crucible_of_battle", ((0, 0), (60, 44))),
        ("sweeping_engagement", ((0, 0), (60, 44))),
    ],
)
def test_corners_touched_by_no_mans_land(key, corners):
    assert PACK.map(key).nml_corners() == corners


def _oracle_tag(key, x, y):
    """Independent inequalities for each zone, straight from the facts table."""
    in_circle = math.hypot(x - 30, y - 22) < 9
    rules = {
        "hammer_and_anvil": (x <= 18, x >= 42),
        "dawn_of_war": (y >= 34, y <= 10),
        "search_and_destroy": (
            x <= 30 and y >= 22 and not in_circle,
            x >= 30 and y <= 22 and not in_circle,
        ),
        "crucible_of_battle": (x <= 30 * y / 44, x >= 30 + 30 * y / 44),
        "sweeping_engagement": (y >= 22 + 22 * x / 60, y <= 22 * x / 60),
    }
    a, d = rules[key]
    return A if a else D if d else N


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(FACTS)), st.floats(0.01, 59.99), st.floats(0.01, 43.99))
def test_tag_at_agrees_with_inequalities(key, x, y):
    expected = _oracle_tag(key, x, y)
    dmap = PACK.map(key)
    # skip points within a hair of a boundary, where float rounding may differ
    near = min(z.polygon.distance_to_boundary((x, y)) for z in (dmap.attacker, dmap.defender))
    if near > 1e-6 and abs(math.hypot(x - 30, y - 22) - 9) > 1e-6:
        assert dmap.tag_at((x, y)) is expected
