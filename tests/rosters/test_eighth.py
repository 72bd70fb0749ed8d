"""8th-edition lists at an organised event: BattleScribe's detachment titles read, and the
rulebook's event guidelines (detachments and datasheet repeats by points limit) checked, each
with a list that breaks it and one that passes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from rosters.engine.checks import ERROR, WARNING, MusterSettings, check_roster
from rosters.engine.eighth import EXEMPT_ROLES, GUIDELINES, ROLES, guideline_for
from rosters.engine.parse import norm, parse_roster
from rosters.engine.printer import print_roster
from rosters.engine.roster import Roster, RosterUnit, UnreadLine
from rosters.services.checking import roster_check, roster_check_event

LISTS = Path(__file__).parent / "lists"
EIGHTH = MusterSettings(edition="8th", points_limit=2000)


def read(name: str) -> Roster:
    return parse_roster((LISTS / name).read_text())


def codes(roster: Roster, limit: int | None = 2000) -> dict[str, str]:
    found = check_roster(roster, MusterSettings(edition="8th", points_limit=limit))
    return {p.code: p.severity for p in found}


CAPTAIN = RosterUnit("Captain", 80, None, (), (), True, "hq")
TACTICALS = RosterUnit("Tactical Squad", 90, 5, (), (), False, "troops")
RHINO = RosterUnit("Rhino", 70, None, (), (), False, "dedicated-transport")
DEVASTATORS = RosterUnit("Devastator Squad", 120, 5, (), (), False, "heavy-support")
ARMY = Roster(
    points=80 + 90 * 4 + 70 * 4 + 120 * 3,
    faction="Imperium - Adeptus Astartes",
    detachments=("Battalion Detachment", "Spearhead Detachment"),
    units=(CAPTAIN, *[TACTICALS] * 4, *[RHINO] * 4, *[DEVASTATORS] * 3),
)


def test_the_guidelines_table():
    assert [(g.up_to, g.detachments, g.datasheet_repeats) for g in GUIDELINES] == [
        (1000, 2, 2),
        (2000, 3, 3),
        (3000, 4, 4),
    ]
    assert guideline_for(1000).detachments == 2
    assert guideline_for(1001).detachments == 3
    assert guideline_for(2001).battlefield == "8' x 4'"
    assert guideline_for(3001) is None


@given(st.integers(1, 6000))
def test_the_row_for_a_limit_is_the_first_that_covers_it(limit):
    # Brute force: the rows' ranges as the rulebook prints them.
    ranges = [(1, 1000), (1001, 2000), (2001, 3000)]
    expected = next((i for i, (lo, hi) in enumerate(ranges) if lo <= limit <= hi), None)
    assert guideline_for(limit) == (None if expected is None else GUIDELINES[expected])


# -- reading ----------------------------------------------------------------------------------
def test_battlescribe_8th_edition_detachments_and_roles():
    roster = read("battlescribe_8th_ultramarines.txt")
    assert roster.source == "battlescribe"
    assert roster.faction == "Imperium - Adeptus Astartes - Ultramarines"
    assert roster.detachments == ("Battalion Detachment", "Patrol Detachment")
    assert roster.points == 1899  # the "++ Total ++" line, not a detachment's
    assert roster.units_points() == 1899
    captain = roster.units[0]
    assert (captain.name, captain.points, captain.section, captain.warlord) == (
        "Captain in Gravis Armour",
        118,
        "hq",
        True,
    )
    squads = [u for u in roster.units if u.name == "Intercessor Squad"]
    assert [(u.section, u.models) for u in squads] == [("troops", 5)] * 4
    assert roster.units[-1].section == "dedicated-transport"
    assert roster.unread == ()  # the CP and chapter lines are read, not lost


def test_every_8th_edition_fixture_prints_and_reads_back_the_same():
    for name in ("battlescribe_8th_ultramarines.txt", "battlescribe_8th_orks_too_many.txt"):
        roster = read(name)
        assert parse_roster(print_roster(roster)) == roster


def test_power_level_beside_the_points_is_not_the_points():
    roster = parse_roster("Warboss [5 PL, 1CP, 80pts]: Warlord\n")
    assert (roster.units[0].name, roster.units[0].points) == ("Warboss", 80)


# -- the checks -------------------------------------------------------------------------------
def test_a_legal_list_passes():
    assert codes(ARMY) == {}
    assert codes(read("battlescribe_8th_ultramarines.txt")) == {}


def test_points_over_the_limit():
    assert codes(ARMY, 1000)["points-over"] == ERROR
    assert "points-over" not in codes(ARMY, 1200)


def test_too_many_detachments_for_the_points_limit():
    three = replace(ARMY, detachments=(*ARMY.detachments, "Patrol Detachment"))
    assert "detachment-count" not in codes(three)
    four = replace(three, detachments=(*three.detachments, "Vanguard Detachment"))
    assert codes(four)["detachment-count"] == ERROR
    assert "detachment-count" not in codes(four, 2500)  # 4 allowed at 2,001-3,000
    assert codes(three, 1000)["detachment-count"] == ERROR  # 2 allowed up to 1,000


def test_a_datasheet_taken_too_often():
    four = replace(ARMY, units=(*ARMY.units, DEVASTATORS))
    found = [p for p in check_roster(four, EIGHTH) if p.code == "datasheet-limit"]
    assert [(p.severity, p.subject) for p in found] == [(ERROR, "Devastator Squad")]
    assert found[0].message == (
        "Devastator Squad is taken 4 times; at 1,001-2,000 points a datasheet may be taken at "
        "most 3 times unless it is Troops or a Dedicated Transport."
    )
    assert "datasheet-limit" not in codes(four, 2500)


def test_troops_and_dedicated_transports_are_not_limited():
    many = replace(ARMY, units=(CAPTAIN, *[TACTICALS] * 9, *[RHINO] * 9))
    assert "datasheet-limit" not in codes(many, 1000)


def test_a_unit_whose_role_the_list_does_not_say_only_warns():
    unsorted = replace(ARMY, units=tuple(replace(u, section=None) for u in ARMY.units))
    assert codes(unsorted)["datasheet-limit"] == WARNING  # 4 Tactical Squads: Troops?
    within = replace(unsorted, units=(*unsorted.units[:1], *unsorted.units[9:]), points=None)
    assert codes(within) == {}  # three of each: within the limit whatever their roles


def test_the_fixture_with_four_detachments_and_four_lootas():
    found = {p.code: p for p in check_roster(read("battlescribe_8th_orks_too_many.txt"), EIGHTH)}
    assert set(found) == {"detachment-count", "datasheet-limit"}
    assert found["datasheet-limit"].subject == "Lootas"
    assert found["datasheet-limit"].line is not None


def test_missing_information_warns_and_never_fails():
    assert codes(replace(ARMY, detachments=())) == {"detachment-none": WARNING}
    assert codes(ARMY, None) == {"guidelines-no-limit": WARNING}
    stated = replace(ARMY, points_limit=2000)
    assert codes(stated, None) == {}  # the list's own limit is used when the event has none
    assert codes(ARMY, 4000) == {"guidelines-none": WARNING}
    no_warlord = replace(ARMY, units=(replace(CAPTAIN, warlord=False), *ARMY.units[1:]))
    assert codes(no_warlord) == {"warlord-none": WARNING}
    unread = replace(ARMY, unread=(UnreadLine("zzkq", 3),))
    assert codes(unread) == {"unread-lines": WARNING}


def test_two_warlords():
    two = replace(ARMY, units=(*ARMY.units, CAPTAIN), points=ARMY.points + 80)
    assert codes(two)["warlord-many"] == ERROR


# -- a property: errors only where the list states all a rule needs ---------------------------
role = st.sampled_from([None, *sorted(ROLES)])
unit = st.builds(
    RosterUnit,
    name=st.sampled_from(["Lootas", "Boyz", "Trukk", "Warboss"]),
    points=st.integers(0, 200),
    warlord=st.booleans(),
    section=role,
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(unit, max_size=14),
    st.lists(st.sampled_from(["Patrol Detachment", "Battalion Detachment"]), max_size=5),
    st.integers(500, 3500),
)
def test_errors_match_a_brute_force_count(units, detachments, limit):
    roster = Roster(detachments=tuple(detachments), units=tuple(units))
    found = {p.code: p.severity for p in check_roster(roster, MusterSettings("8th", None, limit))}
    row = guideline_for(limit)
    total = sum(u.points for u in units)
    assert (found.get("points-over") == ERROR) == (total > limit)
    if row is None:
        assert "detachment-count" not in found
        assert "datasheet-limit" not in found
        return
    assert (found.get("detachment-count") == ERROR) == (len(detachments) > row.detachments)
    problems = check_roster(roster, MusterSettings("8th", None, limit))
    repeats = {p.subject: p.severity for p in problems if p.code == "datasheet-limit"}
    expected = {}
    for name in {u.name for u in units}:
        counted = [u for u in units if u.name == name and u.section not in EXEMPT_ROLES]
        if len(counted) > row.datasheet_repeats:
            known = all(u.section is not None for u in counted)
            expected[name] = ERROR if known else WARNING
    assert repeats == expected
    assert (found.get("warlord-many") == ERROR) == (sum(u.warlord for u in units) > 1)


# -- the service, by the event's pack ---------------------------------------------------------
def test_an_8th_edition_event_checks_its_lists_against_the_guidelines():
    event = SimpleNamespace(mission_pack="eighth", battle_size="strike_force", points_limit=2000)
    text = (LISTS / "battlescribe_8th_orks_too_many.txt").read_text()
    check = roster_check_event(event=event, text=text)
    assert check.edition == "8th"
    assert check.checked
    assert not check.passes
    assert check.data_version is None  # no rules data: the guidelines are the rules
    assert [p.code for p in check.problems] == ["detachment-count", "datasheet-limit"]
    legal = roster_check_event(
        event=event, text=(LISTS / "battlescribe_8th_ultramarines.txt").read_text()
    )
    assert legal.passes
    assert legal.as_dict()["checked"] is True


def test_open_war_counts_as_8th_and_7th_stays_unchecked():
    text = (LISTS / "battlescribe_8th_ultramarines.txt").read_text()
    assert roster_check(text=text, edition="8th", points_limit=1000).problems
    seventh = SimpleNamespace(mission_pack="seventh", battle_size="strike_force", points_limit=2000)
    check = roster_check_event(event=seventh, text=text)
    assert (check.edition, check.checked, check.problems) == ("7th", False, ())
    assert norm(check.roster.detachments[0]) == "battalion detachment"
