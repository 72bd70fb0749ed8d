"""The army list header parser: battle size and points total from the exports' first lines."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournament.engine.armylist import ListHeader, parse_header, points_over

GW_APP = """My Waaagh! (1995 Points)

Orks
Strike Force (2000 Points)
War Horde

CHARACTERS

Warboss (80 Points)
  • Warlord
"""

BATTLESCRIBE = """++ Army Roster (Orks) [1,995pts] ++

+ Configuration +
Battle Size: 2. Strike Force (2000 Point limit)

+ HQ [80pts] +
Warboss [80pts]
"""


def test_the_official_app_export_gives_size_and_total():
    assert parse_header(GW_APP) == ListHeader(battle_size="Strike Force", points=1995)


def test_a_battlescribe_roster_gives_the_total_with_thousands_separator():
    header = parse_header(BATTLESCRIBE)
    assert header.points == 1995
    assert header.battle_size == "Strike Force"


def test_a_battle_size_line_alone_gives_its_points():
    assert parse_header("Onslaught (3000 Points)") == ListHeader("Onslaught", 3000)
    assert parse_header("incursion (1,000 pts)\r\nUnits") == ListHeader("Incursion", 1000)


def test_unit_points_below_the_header_are_not_the_total():
    text = "CHARACTERS\nWarboss (80 points)\nBATTLELINE\nBoyz (170 points)"
    assert parse_header(text) == ListHeader(None, None)


def test_a_list_without_header_or_text_states_nothing():
    assert parse_header("") == ListHeader()
    assert parse_header("Just some units\nand more") == ListHeader()


def test_points_over_the_limit():
    assert points_over(ListHeader("Strike Force", 2050), 2000) == 50
    assert points_over(ListHeader("Strike Force", 1995), 2000) == 0
    assert points_over(ListHeader(), 2000) == 0


@given(st.text(max_size=400))
def test_any_text_parses_without_error(text):
    header = parse_header(text)
    assert header.points is None or header.points >= 0
    assert header.battle_size in (None, "Combat Patrol", "Incursion", "Strike Force", "Onslaught")


@given(
    st.integers(min_value=0, max_value=99_999),
    st.sampled_from(["pts", "Points", "points", " pts", " Points"]),
    st.booleans(),
    st.text(alphabet="abcdefgh XYZ()-", max_size=30),
)
def test_a_stated_total_is_read_back(points, unit, separators, name):
    number = f"{points:,}" if separators else str(points)
    text = f"{name.strip()} ({number}{unit})\n\nCHARACTERS\nWarboss (80 points)"
    assert parse_header(text).points == points
