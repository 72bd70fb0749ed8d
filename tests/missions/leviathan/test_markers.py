"""Objective markers changed by mission rules and primaries."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from missions.engine.markers import plan_markers, supply_drop_candidates
from missions.engine.placement import placement_issues, placement_rules
from missions.pack.errors import MissionError
from missions.pack.geometry import MARKER_RADIUS, Tag
from missions.pack.registry import get_pack

PACK = get_pack("leviathan")
N = Tag.NO_MANS_LAND


def _ids(markers):
    return sorted(m.id for m in markers)


@pytest.mark.parametrize("dmap", PACK.maps, ids=lambda m: m.key)
def test_hidden_supplies_moves_centre_and_adds_opposite_marker(dmap):
    plan = plan_markers(dmap, ["hidden_supplies"], "take_and_hold")
    by_id = {m.id: m for m in plan.markers}
    assert len(plan.markers) == 6
    moved, new = by_id["centre"], by_id["hidden_supplies"]
    corner = plan.hidden_supplies_corners[0]
    assert moved.moved_from == (30, 22)
    assert math.dist(moved.point, (30, 22)) == pytest.approx(6)
    assert math.dist(new.point, (30, 22)) == pytest.approx(6)
    assert math.dist(moved.point, corner) == pytest.approx(math.dist((30, 22), corner) - 6)
    assert new.point == pytest.approx((60 - moved.x, 44 - moved.y))  # diagonally opposite
    assert moved.tag is N
    assert new.tag is N
    if dmap.nml_corners():
        assert plan.hidden_supplies_corners == dmap.nml_corners()
    else:
        assert len(plan.hidden_supplies_corners) == 4


def test_hidden_supplies_offsets_match_facts():
    plan = plan_markers(PACK.map("search_and_destroy"), ["hidden_supplies"], "take_and_hold")
    by_id = {m.id: m.point for m in plan.markers}
    assert by_id["centre"] == pytest.approx((30 - 4.84, 22 - 3.55), abs=0.01)
    assert by_id["hidden_supplies"] == pytest.approx((30 + 4.84, 22 + 3.55), abs=0.01)


def test_hidden_supplies_corner_choice_and_illegal_corner():
    dmap = PACK.map("crucible_of_battle")
    plan = plan_markers(dmap, ["hidden_supplies"], "take_and_hold", corner=(60, 44))
    assert {m.id: m.point for m in plan.markers}["centre"] == pytest.approx(
        (34.84, 25.55), abs=0.01
    )
    with pytest.raises(MissionError) as err:
        plan_markers(dmap, ["hidden_supplies"], "take_and_hold", corner=(60, 0))
    assert err.value.code == "bad_corner"


@pytest.mark.parametrize("dmap", PACK.maps, ids=lambda m: m.key)
def test_vital_ground_removes_the_centre(dmap):
    plan = plan_markers(dmap, [], "vital_ground")
    assert _ids(plan.removed) == ["centre"]
    assert _ids(plan.markers) == ["attacker_home", "defender_home", "nml_1", "nml_2"]


@pytest.mark.parametrize("dmap", PACK.maps, ids=lambda m: m.key)
def test_the_ritual_keeps_only_the_centre_in_no_mans_land(dmap):
    plan = plan_markers(dmap, [], "the_ritual")
    assert _ids(plan.markers) == ["attacker_home", "centre", "defender_home"]
    assert _ids(plan.removed) == ["nml_1", "nml_2"]
    with_hs = plan_markers(dmap, ["hidden_supplies"], "the_ritual")
    assert sum(m.tag is N for m in with_hs.markers) == 1
    assert len(with_hs.removed) == 3
    assert with_hs.notes


@pytest.mark.parametrize(
    ("primary", "role", "count"),
    [
        ("sites_of_power", "site_of_power", 3),
        ("deploy_servo_skulls", "servo_skull", 3),
        ("supply_drop", "supply_drop", 3),
        ("scorched_earth", "burnable", 5),
    ],
)
def test_primary_roles(primary, role, count):
    plan = plan_markers(PACK.map("dawn_of_war"), [], primary)
    tagged = [m for m in plan.markers if role in m.roles]
    assert len(tagged) == count
    if count == 3:
        assert all(m.tag is N for m in tagged)


def test_supply_drop_alpha_and_omega():
    dmap = PACK.map("hammer_and_anvil")
    assert supply_drop_candidates(dmap, []) == ("centre", "nml_1", "nml_2")
    assert len(supply_drop_candidates(dmap, ["hidden_supplies"])) == 4
    plan = plan_markers(dmap, [], "supply_drop", supply_drop=("nml_2", "centre"))
    roles = {m.id: m.roles for m in plan.markers}
    assert "alpha" in roles["nml_2"]
    assert "omega" in roles["centre"]


def test_no_rule_leaves_printed_markers():
    dmap = PACK.map("dawn_of_war")
    assert plan_markers(dmap, ["chilling_rain"], "take_and_hold").markers == dmap.markers


def test_chosen_battlefield_returns_constraints_not_positions():
    dmap = PACK.map("dawn_of_war")
    plan = plan_markers(dmap, ["chosen_battlefield"], "take_and_hold")
    assert plan.markers == ()
    assert plan.placement.per_zone == {"attacker": 1, "defender": 1, "no_mans_land": 3}
    assert (plan.placement.edge_clearance, plan.placement.min_separation) == (6, 9)
    both = plan_markers(dmap, ["chosen_battlefield", "hidden_supplies"], "take_and_hold")
    assert both.placement.per_zone["no_mans_land"] == 4  # extra marker placed, none moved
    assert both.hidden_supplies_corners == ()


GOOD = [(30, 36.5), (30, 7.5), (12, 22), (48, 22), (30, 22)]


def test_legal_placement_builds_markers_and_applies_primary():
    dmap = PACK.map("dawn_of_war")
    plan = plan_markers(dmap, ["chosen_battlefield"], "vital_ground", placed=GOOD)
    assert _ids(plan.removed) == ["nml_3"]  # the one nearest the centre
    assert {m.tag for m in plan.markers} == {Tag.ATTACKER, Tag.DEFENDER, N}


@pytest.mark.parametrize(
    ("points", "code"),
    [
        ([(30, 38), *GOOD[1:]], "too_close_to_edge"),
        ([(30, 34.2), *GOOD[1:]], "not_wholly_within"),
        ([*GOOD[:4], (30, 30)], "too_close_to_marker"),
        ([(20, 36.5), (40, 36.5), *GOOD[2:]], "zone_full"),
        ([*GOOD, (20, 30)], "too_many_markers"),
    ],
)
def test_illegal_placements_are_named(points, code):
    dmap = PACK.map("dawn_of_war")
    rules = placement_rules(dmap)
    assert code in {i.code for i in placement_issues(dmap, rules, points)}
    with pytest.raises(MissionError) as err:
        plan_markers(dmap, ["chosen_battlefield"], "take_and_hold", placed=points)
    assert err.value.code == "bad_placement"


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(PACK.maps),
    st.lists(st.tuples(st.floats(0, 60), st.floats(0, 44)), min_size=1, max_size=5),
)
def test_placement_validator_agrees_with_brute_force(dmap, points):
    rules = placement_rules(dmap)
    issues = {i.code for i in placement_issues(dmap, rules, points)}
    r = MARKER_RADIUS
    edge_ok = all(min(x, y, 60 - x, 44 - y) - r > 6 for x, y in points)
    apart_ok = all(
        math.dist(p, q) - 2 * r > 9 for i, p in enumerate(points) for q in points[i + 1 :]
    )
    assert ("too_close_to_edge" not in issues) == edge_ok
    assert ("too_close_to_marker" not in issues) == apart_ok
    if not issues:  # then every marker disc lies wholly in one area (sampled on its rim)
        for x, y in points:
            rim = {
                dmap.tag_at(
                    (
                        x + r * 0.999 * math.cos(a / 8 * math.pi),
                        y + r * 0.999 * math.sin(a / 8 * math.pi),
                    )
                )
                for a in range(16)
            }
            assert len(rim) == 1
