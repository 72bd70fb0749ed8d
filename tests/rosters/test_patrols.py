"""Combat Patrol lists against the patrol they name: each check with a list that breaks it and
one that passes, and a property against a brute-force comparison."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from missions.pack.combat_patrol import BATTLE_ROUNDS, BATTLEFIELD, SEQUENCE, SUMMARY
from rosters.engine.checks import ERROR, WARNING, MusterSettings, check_roster
from rosters.engine.parse import parse_roster
from rosters.engine.patrols import Patrol, PatrolUnit
from rosters.engine.printer import print_roster
from rosters.engine.roster import Roster, RosterUnit
from rosters.services.checking import roster_check

LISTS = Path(__file__).parent / "lists"
NECRONS = Patrol(
    name="Necrons Combat Patrol",
    units=(
        PatrolUnit("Overlord", 1),
        PatrolUnit("Royal Warden", 1),
        PatrolUnit("Necron Warriors", 10),
        PatrolUnit("Skorpekh Destroyers", 3),
        PatrolUnit("Canoptek Scarab Swarms", 3),
    ),
    enhancements=("Vengeful Resolve", "Dynastic Heirloom"),
    faction="Necrons",
)
ORKS = Patrol("Orks Combat Patrol", (PatrolUnit("Warboss", 1), PatrolUnit("Boyz", 10)))
PATROLS = (NECRONS, ORKS)
SETTINGS = MusterSettings(edition="10th", battle_size="Combat Patrol", patrols=PATROLS)


def fixture() -> Roster:
    return parse_roster((LISTS / "gw_app_10th_combat_patrol_necrons.txt").read_text())


def codes(roster: Roster, patrols=PATROLS) -> dict[str, str]:
    found = check_roster(roster, replace(SETTINGS, patrols=patrols))
    return {p.code: p.severity for p in found}


def units_of(roster: Roster, **changed) -> Roster:
    return replace(roster, units=tuple(replace(u, **changed.get(u.name, {})) for u in roster.units))


def test_the_battle_size_facts():
    assert BATTLEFIELD == (44, 30)
    assert BATTLE_ROUNDS == 5
    assert len(SEQUENCE) == 10
    assert '44" x 30"' in SUMMARY


def test_the_patrol_fixture_reads_and_passes():
    roster = fixture()
    assert roster.battle_size == "Combat Patrol"
    assert roster.detachments == ("Necrons Combat Patrol",)
    assert [(u.name, u.models) for u in roster.units][2:] == [
        ("Royal Warden", None),
        ("Skorpekh Destroyers", 3),
        ("Canoptek Scarab Swarms", 3),
    ]
    assert parse_roster(print_roster(roster)) == roster
    # A lone character's model is not printed: one model, as its patrol has.
    assert codes(roster) == {}


def test_a_unit_whose_models_the_list_does_not_say_only_warns():
    roster = units_of(fixture(), **{"Necron Warriors": {"models": None}})
    assert codes(roster) == {"patrol-models-unstated": WARNING}


def passing() -> Roster:
    return fixture()


def test_a_combat_patrol_line_names_the_patrol():
    roster = parse_roster("Combat Patrol: Orks Combat Patrol\n\nWarboss (0 Points)\n")
    assert roster.detachments == ("Orks Combat Patrol",)


def test_no_patrols_entered_only_warns():
    assert codes(passing(), ()) == {"patrol-not-entered": WARNING}


def test_a_list_naming_no_patrol_of_the_event_only_warns():
    assert codes(replace(passing(), detachments=())) == {"patrol-none": WARNING}
    other = check_roster(replace(passing(), detachments=("Awakened Dynasty",)), SETTINGS)
    assert [p.code for p in other] == ["patrol-none"]
    assert other[0].message == (
        "The list names Awakened Dynasty, not one of this event's patrols "
        "(Necrons Combat Patrol, Orks Combat Patrol)."
    )


def test_a_unit_the_patrol_does_not_have():
    extra = replace(passing(), units=(*passing().units, RosterUnit("Lychguard", 0, 5)))
    found = [p for p in check_roster(extra, SETTINGS) if p.code == "patrol-unit-extra"]
    assert [(p.severity, p.subject) for p in found] == [(ERROR, "Lychguard")]
    twice = replace(passing(), units=(*passing().units, passing().units[2]))
    assert codes(twice) == {"patrol-unit-extra": ERROR}


def test_a_unit_of_the_patrol_left_out():
    missing = replace(passing(), units=passing().units[:-1])
    found = check_roster(missing, SETTINGS)
    assert [(p.code, p.severity, p.subject) for p in found] == [
        ("patrol-unit-missing", ERROR, "Canoptek Scarab Swarms")
    ]


def test_model_counts_differ():
    roster = units_of(passing(), **{"Necron Warriors": {"models": 20}})
    found = check_roster(roster, SETTINGS)
    assert [(p.code, p.severity) for p in found] == [("patrol-models", ERROR)]
    assert found[0].message == (
        "Necron Warriors has 20 models in the list; Necrons Combat Patrol has 10 models."
    )


def test_one_enhancement_of_the_patrols_two():
    roster = passing()
    overlord = roster.units[0]

    def bearing(*names):
        return replace(roster, units=(replace(overlord, enhancements=names), *roster.units[1:]))

    two = bearing("Vengeful Resolve", "Dynastic Heirloom")
    assert codes(two) == {"patrol-enhancement-count": ERROR}
    other = bearing("Veil of Darkness")
    assert codes(other) == {"patrol-enhancement-unknown": ERROR}
    none = bearing()
    assert codes(none) == {"patrol-enhancement-none": WARNING}
    unentered = replace(NECRONS, enhancements=())
    assert codes(other, (unentered,)) == {}  # the organiser gave none: nothing to hold it to


def test_the_service_checks_a_combat_patrol_event_by_its_patrols():
    text = (LISTS / "gw_app_10th_combat_patrol_necrons.txt").read_text()
    check = roster_check(text=text, edition="10th", battle_size="combat_patrol", patrols=PATROLS)
    assert check.checked
    assert check.passes
    assert check.problems == ()
    bare = roster_check(text=text, edition="10th", battle_size="combat_patrol")
    assert [p.code for p in bare.problems] == ["patrol-not-entered"]


# -- a property: the errors are exactly the differences a brute-force count finds -------------
NAMES = ["Warboss", "Boyz", "Gretchin"]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(NAMES), st.integers(1, 3)), min_size=1, max_size=5),
    st.lists(st.tuples(st.sampled_from(NAMES), st.integers(1, 3)), max_size=6),
)
def test_errors_are_the_differences_between_list_and_patrol(patrol_units, list_units):
    patrol = Patrol("P", tuple(PatrolUnit(n, m) for n, m in patrol_units))
    roster = Roster(detachments=("P",), units=tuple(RosterUnit(n, 0, m) for n, m in list_units))
    found = check_roster(roster, replace(SETTINGS, patrols=(patrol,)))
    got = Counter(p.code for p in found if p.severity == ERROR)
    want_counts, list_counts = (
        Counter(n for n, _ in patrol_units),
        Counter(n for n, _ in list_units),
    )
    extra = sum(1 for n in list_counts if list_counts[n] > want_counts[n])
    missing = sum(1 for n in want_counts if list_counts[n] < want_counts[n])

    def models_of(units, name):
        return Counter(m for x, m in units if x == name)

    models = sum(
        1
        for n in want_counts
        if list_counts[n] == want_counts[n]
        and models_of(list_units, n) != models_of(patrol_units, n)
    )
    expected = {"patrol-unit-extra": extra, "patrol-unit-missing": missing, "patrol-models": models}
    assert got == Counter({k: v for k, v in expected.items() if v})
    assert (not got) == (Counter(list_units) == Counter(patrol_units))
