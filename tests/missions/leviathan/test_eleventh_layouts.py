"""The 11th-edition terrain layouts: all 45 known, 30 with geometry that keeps the layout
cards' promises (point symmetry, objective counts, marker spots, homes in their zones)."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from missions.eleventh import layout_data
from missions.eleventh.layouts import (
    MISSING_NOTE,
    PAIRINGS,
    UnknownLayout,
    all_layouts,
    layout,
    layout_for,
)
from missions.eleventh.matrix import (
    DISPOSITION_IDS,
    LAYOUT_LETTERS,
    LAYOUT_MAPS,
    MAP_NAMES,
    layout_available,
)

SHORT = {
    "T&H": "take-and-hold",
    "Dis": "disruption",
    "PtF": "purge-the-foe",
    "PA": "priority-assets",
    "Rec": "reconnaissance",
}

# The facts file's marker table (section 7), Defender side only: the Defender's home, the
# expansion in the Defender's territory, and the central objective (with two, the Defender's).
MARKERS = """
T&H-T&H | h(11.76,26.5) e(18.75,6.5) c(30,22) | h(29.75,7.5) e(10.5,18.75) c(30,22) | h(9.57,33.49) e(10.75,9.5) c(30,22)
T&H-Dis | h(49.25,7.5) e(10.75,13.5) c(30,22) | h(8.75,35.5) e(12.16,10.72) c(30,22) | h(13.5,22.25) e(22.5,7.75) c(30,22)
T&H-PtF | h(48.25,8.5) e(10.75,13.5) c(30,22) | h(10.75,35.5) e(10.5,9.75) c(30,22) | h(10.5,33.25) e(22.5,7.75) c(30,22)
T&H-PA | h(8.5,33.25) e(15.16,9.72) c(24.2,22.6) | h(10.5,32.25) e(24.75,6.5) c(24.03,25.73) | h(38.25,6.5) e(8.75,17.5) c(23.62,21.68)
T&H-Rec | h(8.5,31.25) e(16.5,9.75) c(30,22) | h(47.25,8) e(10.75,16.5) c(30,22) | h(12.75,35.5) e(11.75,9.5) c(30,22)
Dis-Dis | missing | h(8.5,32.25) e(17.5,9.75) c(30,22) | h(49.25,8.5) e(8.5,16.25) c(30,22)
Dis-PtF | h(10.75,34.5) e(46.49,34.29) c(30,22) | h(12.75,26.5) e(17.5,9.75) c(30,22) | h(49.25,8.5) e(9.96,18.86) c(30,22)
Dis-Rec | missing | missing | h(15.75,37.5) e(9.56,8.52) c(25.2,23.1)
PtF-PtF | h(9.75,35.5) e(7,10) c(23.25,17.5) | h(11.91,31.73) e(17.5,7.75) c(30.4,31.69) | h(50.25,8.5) e(7,14) c(36.5,22.75)
PtF-PA | h(43.25,8) e(9.75,16.5) c(26.34,19.33) | h(9.75,35.5) e(42.5,35.25) c(31.67,25.66) | h(12.5,20.75) e(22.5,7.75) c(28.46,26.21)
PtF-Rec | h(11.5,25.25) e(24.75,6.5) c(23.8,21.4) | h(39.25,6.5) e(9.75,17.5) c(36.21,21.1) | h(8.5,31.25) e(15.16,9.72) c(24.99,21.13)
"""  # noqa: E501

# Layouts with a second central objective (one per territory), as the facts file lists them.
SIX_OBJECTIVES = {
    ("take-and-hold-vs-priority-assets", letter) for letter in "ABC"
} | {
    (f"{pairing}", letter)
    for pairing in (
        "purge-the-foe-vs-purge-the-foe",
        "purge-the-foe-vs-reconnaissance",
        "purge-the-foe-vs-priority-assets",
    )
    for letter in "ABC"
} | {("disruption-vs-reconnaissance", "C")}  # fmt: skip

MISSING = {
    ("disruption-vs-disruption", "A"): "h",
    ("disruption-vs-priority-assets", "A"): "v",
    ("disruption-vs-priority-assets", "B"): "h",
    ("disruption-vs-priority-assets", "C"): "v",
    ("disruption-vs-reconnaissance", "A"): "h",
    ("disruption-vs-reconnaissance", "B"): "v",
    ("priority-assets-vs-priority-assets", "A"): "v",
    ("priority-assets-vs-priority-assets", "B"): "h",
    ("priority-assets-vs-priority-assets", "C"): "h",
    ("priority-assets-vs-reconnaissance", "A"): "h",
    ("priority-assets-vs-reconnaissance", "B"): "h",
    ("priority-assets-vs-reconnaissance", "C"): "v",
    ("reconnaissance-vs-reconnaissance", "A"): "v",
    ("reconnaissance-vs-reconnaissance", "B"): "h",
    ("reconnaissance-vs-reconnaissance", "C"): "h",
}


def _point(token: str) -> tuple[float, float]:
    x, y = token[2:-1].split(",")
    return float(x), float(y)


def _marker_table() -> dict[tuple[str, str], dict[str, tuple[float, float]]]:
    table = {}
    for line in MARKERS.strip().splitlines():
        name, *cells = (c.strip() for c in line.split("|"))
        first, second = name.split("-")
        pairing = f"{SHORT[first]}-vs-{SHORT[second]}"
        for letter, cell in zip("ABC", cells, strict=True):
            if cell != "missing":
                table[(pairing, letter)] = {t[0]: _point(t) for t in cell.split()}
    return table


TABLE = _marker_table()
PRESENT = sorted(TABLE)


def _reflect(p):
    return (60 - p[0], 44 - p[1])


def _same_polygon(p, q, tol=0.01):
    return len(p) == len(q) and all(any(math.dist(a, b) < tol for b in q) for a in p)


def test_all_45_layouts_with_30_in_the_data():
    layouts = all_layouts()
    assert len(layouts) == 45
    assert len(PAIRINGS) == 15
    assert {(x.pairing, x.letter) for x in layouts if x.available} == set(TABLE)
    assert len(TABLE) == 30
    assert set(layout_data.LAYOUTS) == set(TABLE)


def test_maps_agree_with_the_shared_matrix():
    for key, map_id in LAYOUT_MAPS.items():
        built = layout(*key)
        assert built.map.id == map_id
        assert built.map_name == MAP_NAMES[map_id]


@pytest.mark.parametrize("key", sorted(MISSING), ids="-".join)
def test_missing_layouts_are_stubs_with_their_orientation(key):
    stub = layout(*key)
    assert not stub.available
    assert stub.orientation == MISSING[key]
    assert stub.map is None
    assert stub.areas == stub.objectives == ()
    assert stub.note.startswith(MISSING_NOTE)


@pytest.mark.parametrize("key", PRESENT, ids="-".join)
def test_sixteen_areas_point_symmetric(key):
    built = layout(*key)
    polygons = [a.polygon.points for a in built.areas]
    assert len(polygons) == 16
    for poly in polygons:
        mirrored = [_reflect(p) for p in poly]
        assert any(_same_polygon(mirrored, other) for other in polygons), poly


@pytest.mark.parametrize("key", PRESENT, ids="-".join)
def test_objectives_point_symmetric_and_counted(key):
    built = layout(*key)
    expected = 6 if key in SIX_OBJECTIVES else 5
    assert len(built.objectives) == expected
    roles = sorted(o.role for o in built.objectives)
    assert roles == sorted(["home"] * 2 + ["expansion"] * 2 + ["central"] * (expected - 4))
    for o in built.objectives:
        twin = [p for p in built.objectives if math.dist(p.marker, _reflect(o.marker)) < 0.01]
        assert len(twin) == 1
        assert twin[0].role == o.role


@pytest.mark.parametrize("key", PRESENT, ids="-".join)
def test_defender_markers_match_the_facts_table(key):
    built = layout(*key)
    want = TABLE[key]
    (home,) = built.objective("home", "defender")
    (expansion,) = built.objective("expansion", "defender")
    central_side = "defender" if key in SIX_OBJECTIVES else None
    (central,) = built.objective("central", central_side)
    for role, got in (("h", home), ("e", expansion), ("c", central)):
        assert got.marker == pytest.approx(want[role], abs=0.006), role
    # ... and the Attacker's are their reflections
    (away,) = built.objective("home", "attacker")
    assert away.marker == pytest.approx(_reflect(home.marker), abs=0.002)


@pytest.mark.parametrize("key", PRESENT, ids="-".join)
def test_homes_in_their_owners_zone_expansions_in_no_mans_land(key):
    built = layout(*key)
    dmap = built.map
    for o in built.objectives:
        if o.role == "home":
            assert dmap.zone(o.side).contains(o.marker)
            assert not dmap.zone("attacker" if o.side == "defender" else "defender").contains(
                o.marker
            )
        if o.role == "expansion":
            assert not dmap.defender_zone.contains(o.marker)
            assert not dmap.attacker_zone.contains(o.marker)
        if o.side is not None:
            assert dmap.territory(o.side).contains(o.marker)


@pytest.mark.parametrize("key", PRESENT, ids="-".join)
def test_objective_areas_hold_their_marker_and_features_have_a_kind(key):
    built = layout(*key)
    for o in built.objectives:
        assert o.number == built.objectives.index(o) + 1
        for i in o.areas:
            assert built.areas[i].objective == o.number
    assert built.objectives[0].label == "Defender home"
    assert built.features
    for f in built.features:
        assert f.category in {"dense", "light"}
        assert f.height in {2.0, 3.0, 5.0}
        assert all(0 <= x <= 60 and 0 <= y <= 44 for x, y in f.polygon.points)


def test_layout_for_either_order_and_unknowns():
    assert layout_for("disruption", "take-and-hold", "B") is layout(
        "take-and-hold-vs-disruption", "B"
    )
    title = layout("take-and-hold-vs-disruption", "B").title
    assert title == "Take and Hold vs Disruption, layout B"
    with pytest.raises(UnknownLayout):
        layout("take-and-hold-vs-disruption", "D")
    with pytest.raises(UnknownLayout):
        layout("disruption-vs-take-and-hold", "A")


@given(
    a=st.sampled_from(DISPOSITION_IDS),
    b=st.sampled_from(DISPOSITION_IDS),
    letter=st.sampled_from(LAYOUT_LETTERS),
)
def test_any_two_dispositions_in_either_order_name_one_layout(a, b, letter):
    built = layout_for(a, b, letter)
    assert built is layout_for(b, a, letter)
    assert built.available == layout_available(a, b, letter)
    assert set(built.dispositions) == {a, b}
    assert built.letter == letter
