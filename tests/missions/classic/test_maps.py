"""Classic maps against the facts gathered: depths, areas, point reflection, confidence."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from missions.classic.maps import CENTRE, HEIGHT, WIDTH, diagonal_offset_triangle, reflect
from missions.pack.geometry import Tag
from missions.pack.registry import get_pack

EIGHTH = {m.key: m for m in get_pack("eighth").maps}
SEVENTH = {m.key: m for m in get_pack("seventh").maps}
ALL_MAPS = [*EIGHTH.values(), *SEVENTH.values(), *get_pack("only_war").maps]


def area(cmap, tag: Tag, step: float = 0.25) -> float:
    """Zone area by counting grid cells whose centre lies in the zone (step 1/4")."""
    zone = cmap.map.zone(tag)
    nx, ny = int(WIDTH / step), int(HEIGHT / step)
    inside = sum(
        zone.contains(((i + 0.5) * step, (j + 0.5) * step)) for i in range(nx) for j in range(ny)
    )
    return inside * step * step


def depth_at_x(cmap, x: float) -> float:
    """How far player A's zone reaches from the top long edge at `x` (0.01" steps)."""
    zone = cmap.map.attacker
    y = 0.0
    while zone.contains((x, y + 0.01)):
        y += 0.01
    return y


def test_every_map_is_72_by_48_with_no_fixed_markers_and_a_free_centre():
    for cmap in ALL_MAPS:
        assert (cmap.map.width, cmap.map.height) == (72.0, 48.0)
        assert cmap.map.markers == ()
        assert cmap.map.tag_at(CENTRE) is Tag.NO_MANS_LAND


def test_confidence_and_approximate_flags_follow_the_facts():
    expected = {
        "spearhead_assault": "L–M",
        "dawn_of_war": "H",
        "search_and_destroy": "M",
        "hammer_and_anvil": "H",
        "front_line_assault": "L–M",
        "vanguard_strike": "M",
    }
    assert {k: m.confidence for k, m in EIGHTH.items()} == expected
    assert {k for k, m in EIGHTH.items() if m.approximate} == {
        "spearhead_assault",
        "front_line_assault",
    }
    assert not any(m.approximate for m in SEVENTH.values())


@pytest.mark.parametrize("cmap", ALL_MAPS, ids=lambda m: m.key)
@given(x=st.floats(0, 72), y=st.floats(0, 48))
def test_player_b_zone_is_the_point_reflection_of_player_a(cmap, x, y):
    dmap = cmap.map
    assert dmap.attacker.contains((x, y)) == dmap.defender.contains(reflect((x, y)))


def test_dawn_of_war_and_hammer_and_anvil_depths():
    for maps in (EIGHTH, SEVENTH):
        dow, ha = maps["dawn_of_war"].map, maps["hammer_and_anvil"].map
        assert dow.tag_at((10, 11.9)) is Tag.ATTACKER
        assert dow.tag_at((10, 12.1)) is Tag.NO_MANS_LAND
        assert dow.tag_at((10, 36.1)) is Tag.DEFENDER
        assert ha.tag_at((23.9, 40)) is Tag.ATTACKER
        assert ha.tag_at((24.1, 40)) is Tag.NO_MANS_LAND
        assert ha.tag_at((48.1, 1)) is Tag.DEFENDER
    assert area(EIGHTH["dawn_of_war"], Tag.ATTACKER) == pytest.approx(864, abs=1)
    assert area(EIGHTH["hammer_and_anvil"], Tag.DEFENDER) == pytest.approx(1152, abs=1)


def test_search_and_destroy_quarter_minus_9_inches_round_the_centre():
    dmap = EIGHTH["search_and_destroy"].map
    assert dmap.tag_at((36 - 9.1, 23.9)) is Tag.ATTACKER
    assert dmap.tag_at((36 - 8.9, 23.9)) is Tag.NO_MANS_LAND
    assert dmap.tag_at((40, 30)) is Tag.NO_MANS_LAND  # inside B's quarter but within 9"
    assert dmap.tag_at((60, 40)) is Tag.DEFENDER
    assert dmap.tag_at((60, 10)) is Tag.NO_MANS_LAND  # the other two quarters
    assert area(EIGHTH["search_and_destroy"], Tag.ATTACKER) == pytest.approx(
        864 - math.pi * 81 / 4, abs=2
    )


def test_spearhead_assault_chevron():
    cmap = EIGHTH["spearhead_assault"]
    # 12" deep at both corners, tip on the centre line 26.5" from the short edge.
    dmap = cmap.map
    assert dmap.tag_at((11.9, 0.1)) is Tag.ATTACKER
    assert dmap.tag_at((12.1, 0.1)) is not Tag.ATTACKER
    assert dmap.tag_at((11.9, 47.9)) is Tag.ATTACKER
    assert dmap.tag_at((26.4, 24)) is Tag.ATTACKER
    assert dmap.tag_at((26.6, 24)) is Tag.NO_MANS_LAND
    assert area(cmap, Tag.ATTACKER) == pytest.approx(12 * 48 + 14.5 * 48 / 2, abs=2)  # ≈ 924


def test_front_line_assault_is_6_deep_at_the_ends_and_15_in_the_middle():
    cmap = EIGHTH["front_line_assault"]
    assert depth_at_x(cmap, 0.01) == pytest.approx(6, abs=0.02)
    assert depth_at_x(cmap, 71.99) == pytest.approx(6, abs=0.02)
    assert depth_at_x(cmap, 36) == pytest.approx(15, abs=0.02)
    assert area(cmap, Tag.ATTACKER) == pytest.approx(72 * 6 + 72 * 9 / 2, abs=2)  # 756


def test_vanguard_strike_eighth_legs_and_area():
    cmap = EIGHTH["vanguard_strike"]
    assert depth_at_x(cmap, 0.01) == pytest.approx(32, abs=0.05)
    assert cmap.map.tag_at((50.9, 0.05)) is Tag.ATTACKER
    assert cmap.map.tag_at((51.1, 0.05)) is Tag.NO_MANS_LAND
    assert area(cmap, Tag.ATTACKER) == pytest.approx(51 * 32 / 2, abs=2)  # 816, facts ≈ 817


def test_vanguard_strike_seventh_is_12_inches_from_the_diagonal():
    a, b, c = diagonal_offset_triangle(12.0)
    # Distance from the zone's long side to the table diagonal (72,0)-(0,48).
    diag = math.hypot(WIDTH, HEIGHT)
    for x, y in (b, c):
        gap = (WIDTH * HEIGHT - HEIGHT * x - WIDTH * y) / diag
        assert gap == pytest.approx(12.0)
    zone = SEVENTH["vanguard_strike"].map
    assert zone.attacker.polygon.points == (a, b, c)
    # The two zones are 24" apart, like every 7th edition map.
    far = SEVENTH["vanguard_strike"].map.defender.polygon.points
    gap = (HEIGHT * far[1][0] + WIDTH * far[1][1] - WIDTH * HEIGHT) / diag
    assert gap == pytest.approx(12.0)


def test_vanguard_strike_on_the_other_diagonal_is_the_mirror_image():
    from missions.classic.maps import mirrored

    cmap = SEVENTH["vanguard_strike"]
    other = mirrored(cmap)
    assert other.mirrored
    assert other.key == cmap.key
    assert mirrored(other).map == cmap.map
    assert other.map.tag_at((71, 1)) is Tag.ATTACKER
    assert other.map.tag_at((1, 47)) is Tag.DEFENDER
    assert cmap.map.tag_at((1, 1)) is Tag.ATTACKER
