"""The muster checks: for each, a list that breaks it and one that passes, against the pinned
rules data (version named, so a newer default snapshot does not move these tests)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rosters.data import rules_data
from rosters.engine.checks import CODES, ERROR, WARNING, MusterSettings, check_roster, errors
from rosters.engine.roster import Roster, RosterUnit, UnreadLine
from rosters.engine.rules import RulesData
from tests.rosters.test_parse import rosters

PINNED = "40kdc-0.5.17-9578345"
RULES = rules_data(PINNED)
ELEVENTH = MusterSettings(edition="11th", battle_size="Strike Force", points_limit=2000)
TENTH = MusterSettings(edition="10th", battle_size="Strike Force", points_limit=2000)

OVERLORD = RosterUnit(
    "Overlord", 105, None, ("1x Overlord's blade",), ("Veil of Darkness",), True, "character"
)
TECHNOMANCER = RosterUnit("Technomancer", 80, None, ("1x Staff of light",), (), False, "character")
WARRIORS = RosterUnit("Necron Warriors", 200, 20, ("20x Gauss flayer",), (), False, "battleline")
SMALL_WARRIORS = RosterUnit("Necron Warriors", 90, 10, (), (), False, "battleline")
IMOTEKH = RosterUnit("Imotekh the Stormlord", 100, None, (), (), False, "character")
NECRONS = Roster(
    points=475,
    faction="Necrons",
    battle_size="Strike Force",
    points_limit=2000,
    detachments=("Awakened Dynasty",),
    dispositions=("Take and Hold",),
    units=(OVERLORD, TECHNOMANCER, WARRIORS, SMALL_WARRIORS),
)


def codes(roster: Roster, settings: MusterSettings = ELEVENTH, rules=RULES) -> dict[str, str]:
    return {p.code: p.severity for p in check_roster(roster, settings, rules)}


def with_units(roster: Roster, *units: RosterUnit) -> Roster:
    return replace(roster, units=units, points=sum(u.points for u in units))


def test_the_base_lists_pass_both_editions():
    assert check_roster(NECRONS, ELEVENTH, RULES) == []
    tenth = replace(NECRONS, dispositions=())
    assert check_roster(tenth, TENTH, RULES) == []


# -- points -----------------------------------------------------------------------------------
def test_points_over_the_limit():
    assert codes(NECRONS, replace(ELEVENTH, points_limit=400)) == {"points-over": ERROR}
    assert codes(NECRONS, replace(TENTH, points_limit=400)) == {"points-over": ERROR}
    assert "points-over" not in codes(NECRONS, replace(ELEVENTH, points_limit=475))


def test_points_over_a_battle_size_without_a_stated_limit():
    settings = MusterSettings(edition="11th", battle_size="Incursion")
    big = with_units(NECRONS, *NECRONS.units, replace(WARRIORS, name="Necron Warriors"))
    big = replace(big, units=(*big.units, WARRIORS, WARRIORS), points=1075)
    assert codes(big, settings)["points-over"] == ERROR


def test_stated_total_differs_from_the_units():
    assert codes(replace(NECRONS, points=500)) == {"points-sum": WARNING}


def test_list_built_for_another_battle_size():
    found = codes(replace(NECRONS, battle_size="Onslaught"))
    assert found == {"battle-size": WARNING}


# -- faction, detachments, Detachment Points --------------------------------------------------
def test_faction_missing_or_unknown_only_warns():
    assert codes(replace(NECRONS, faction=None))["faction-none"] == WARNING
    assert codes(replace(NECRONS, faction="Squats of Old")) == {"faction-unknown": WARNING}


def test_faction_read_from_its_most_specific_part():
    assert codes(replace(NECRONS, faction="Xenos - Necrons")) == {}


def test_no_detachment():
    assert codes(replace(NECRONS, detachments=()))["detachment-none"] == ERROR


def test_detachment_the_data_lacks_is_a_warning_naming_it():
    roster = replace(NECRONS, detachments=("Awakened Dynasty", "Silent Host of Nowhere"))
    problems = check_roster(roster, ELEVENTH, RULES)
    unknown = [p for p in problems if p.code == "detachment-unknown"]
    assert [p.subject for p in unknown] == ["Silent Host of Nowhere"]
    assert unknown[0].severity == WARNING
    assert "Silent Host of Nowhere" in unknown[0].message
    assert errors(problems) == []


def test_detachment_of_another_faction():
    roster = replace(NECRONS, detachments=("Awakened Dynasty", "War Horde"))
    problems = check_roster(roster, ELEVENTH, RULES)
    wrong = [p for p in problems if p.code == "detachment-faction"]
    assert wrong[0].severity == ERROR
    assert wrong[0].message == "War Horde is a detachment of Orks, not of Necrons."


def test_a_chapter_detachment_in_a_list_that_names_no_chapter_only_warns():
    marines = Roster(
        faction="Space Marines",
        detachments=("The Lost Brethren",),
        units=(RosterUnit("Captain", 80, 1, warlord=True, section="character"),),
    )
    assert codes(marines) == {"detachment-chapter": WARNING}
    angels = replace(marines, faction="Space Marines - Blood Angels")
    assert codes(angels) == {}
    wolves = replace(marines, faction="Space Wolves")
    assert codes(wolves) == {"detachment-faction": ERROR}


def test_detachment_points_over_the_budget():
    roster = replace(NECRONS, detachments=("Awakened Dynasty", "Cryptek Conclave"))
    problems = check_roster(roster, ELEVENTH, RULES)
    over = [p for p in problems if p.code == "detachment-points"]
    assert over[0].severity == ERROR
    assert "5 Detachment Points" in over[0].message
    assert "Strike Force allows 3" in over[0].message
    incursion = MusterSettings(edition="11th", battle_size="Incursion", points_limit=1000)
    assert codes(NECRONS, incursion)["detachment-points"] == ERROR  # 3 DP > 2
    onslaught = MusterSettings(edition="11th", battle_size="Onslaught", points_limit=3000)
    assert codes(roster, onslaught)["detachment-points"] == ERROR  # 5 DP > 4
    four = replace(roster, detachments=("Awakened Dynasty", "Hand of the Dynasty"))
    assert "detachment-points" not in codes(four, onslaught)
    # 3 DP within Strike Force's 3: Hand of the Dynasty (1) + Cryptek Conclave (2).
    fits = replace(NECRONS, detachments=("Hand of the Dynasty", "Cryptek Conclave"))
    assert "detachment-points" not in codes(fits)


# -- Force Disposition ------------------------------------------------------------------------
def test_more_than_one_disposition():
    roster = replace(NECRONS, dispositions=("Take and Hold", "Priority Assets"))
    assert codes(roster)["disposition-many"] == ERROR


def test_a_disposition_that_does_not_exist():
    assert codes(replace(NECRONS, dispositions=("Hold the Line",)))["disposition-unknown"] == ERROR


def test_a_disposition_none_of_the_detachments_grants():
    roster = replace(NECRONS, dispositions=("Reconnaissance",))
    problems = check_roster(roster, ELEVENTH, RULES)
    assert [p.code for p in problems] == ["disposition-not-granted"]
    assert problems[0].message == (
        "None of the army's detachments grants Reconnaissance (they grant Take and Hold)."
    )


def test_no_disposition_named_when_the_detachments_grant_several():
    roster = replace(
        NECRONS, detachments=("Hand of the Dynasty", "Cryptek Conclave"), dispositions=()
    )
    assert codes(roster)["disposition-none"] == ERROR
    # One detachment, one disposition: the list need not name it.
    assert codes(replace(NECRONS, dispositions=())) == {}


def test_disposition_must_match_the_one_recorded_for_the_player():
    recorded = replace(ELEVENTH, disposition="purge-the-foe")
    problems = check_roster(NECRONS, recorded, RULES)
    assert [(p.code, p.severity) for p in problems] == [("disposition-mismatch", ERROR)]
    assert "Purge the Foe is recorded for this player" in problems[0].message
    assert codes(NECRONS, replace(ELEVENTH, disposition="take-and-hold")) == {}
    # Inferred from the only detachment when the list names none.
    assert "disposition-mismatch" in codes(replace(NECRONS, dispositions=()), recorded)


def test_veiled_blade_is_reconnaissance_and_flagged():
    agents = Roster(
        faction="Agents of the Imperium",
        detachments=("Veiled Blade Elimination Force",),
        dispositions=("Reconnaissance",),
        units=(RosterUnit("Inquisitor", 55, None, (), (), True, "character"),),
    )
    problems = check_roster(agents, ELEVENTH, RULES)
    assert [(p.code, p.severity) for p in problems] == [("data-disputed", WARNING)]
    assert "BSData" in problems[0].message


# -- enhancements -----------------------------------------------------------------------------
def test_too_many_enhancements_for_the_battle_size():
    enhanced = (
        replace(OVERLORD, enhancements=("Veil of Darkness",)),
        replace(TECHNOMANCER, enhancements=("Nether-realm Casket",), points=100),
        replace(OVERLORD, warlord=False, enhancements=("Enaegic Dermal Bond",), points=115),
    )
    incursion = MusterSettings(edition="11th", battle_size="Incursion", points_limit=1000)
    roster = replace(with_units(NECRONS, *enhanced, WARRIORS), detachments=("Hand of the Dynasty",))
    roster = replace(roster, detachments=("Awakened Dynasty",))
    found = codes(roster, incursion)
    assert found["enhancement-count"] == ERROR
    assert "enhancement-count" not in codes(roster)  # Strike Force allows 4
    tenth = replace(roster, dispositions=())
    four = replace(OVERLORD, warlord=False, enhancements=("Phasal Subjugator (Aura)",), points=120)
    assert codes(with_units(tenth, *enhanced, four), TENTH)["enhancement-count"] == ERROR


def test_an_enhancement_taken_twice():
    second = replace(OVERLORD, warlord=False)
    problems = check_roster(with_units(NECRONS, OVERLORD, second, WARRIORS), ELEVENTH, RULES)
    repeated = [p for p in problems if p.code == "enhancement-repeated"]
    assert [p.severity for p in repeated] == [ERROR]
    assert (
        repeated[0].message
        == "Veil of Darkness is taken 2 times; each enhancement may be taken once."
    )


def test_two_enhancements_on_one_unit():
    double = replace(OVERLORD, enhancements=("Veil of Darkness", "Nether-realm Casket"), points=125)
    assert codes(with_units(NECRONS, double, WARRIORS))["enhancement-per-unit"] == ERROR


def test_an_enhancement_of_a_detachment_the_army_does_not_take():
    other = replace(OVERLORD, enhancements=("Arisen Tyrant",), points=110)
    problems = check_roster(with_units(NECRONS, other, WARRIORS), ELEVENTH, RULES)
    assert [(p.code, p.subject) for p in problems] == [("enhancement-detachment", "Arisen Tyrant")]
    assert problems[0].message == (
        "Arisen Tyrant belongs to Hypercrypt Legion, which this army does not take."
    )


def test_an_enhancement_the_data_lacks_only_warns():
    other = replace(OVERLORD, enhancements=("Crown of Ages Past",))
    found = codes(with_units(NECRONS, other, WARRIORS))
    assert found == {"enhancement-unknown": WARNING}


CUSTODES = Roster(
    faction="Adeptus Custodes",
    detachments=("Might of the Moritoi",),
    dispositions=("Purge the Foe",),
    units=(
        RosterUnit("Blade Champion", 120, None, (), (), True, "character"),
        RosterUnit("Contemptor-Achillus Dreadnought", 155, 1, (), ("Interred Expertise",)),
    ),
    points=275,
)


def test_an_enhancement_restricted_to_keywords_the_unit_lacks():
    assert codes(CUSTODES) == {}  # an upgrade on a WALKER: no character needed
    guards = RosterUnit("Allarus Custodians", 110, 2, (), ("Interred Expertise",))
    problems = check_roster(with_units(CUSTODES, CUSTODES.units[0], guards), ELEVENTH, RULES)
    assert [(p.code, p.severity) for p in problems] == [("enhancement-restriction", ERROR)]
    assert "WALKER" in problems[0].message
    assert "Allarus Custodians" in problems[0].message


def test_an_enhancement_on_a_unit_that_is_not_a_character():
    carrier = replace(WARRIORS, enhancements=("Veil of Darkness",), points=220)
    roster = with_units(NECRONS, replace(OVERLORD, enhancements=(), points=85), carrier)
    eleventh = check_roster(roster, ELEVENTH, RULES)
    assert [(p.code, p.severity, p.assumed) for p in eleventh] == [
        ("enhancement-not-character", WARNING, True)
    ]
    tenth = check_roster(replace(roster, dispositions=()), TENTH, RULES)
    assert [(p.code, p.severity) for p in tenth] == [("enhancement-not-character", ERROR)]


def test_an_enhancement_on_an_epic_hero():
    hero = replace(IMOTEKH, enhancements=("Veil of Darkness",), warlord=True, points=120)
    roster = with_units(NECRONS, hero, WARRIORS)
    assert codes(roster) == {"enhancement-epic-hero": WARNING}  # assumed in 11th
    tenth = replace(roster, dispositions=())
    # The app's CHARACTERS group does not say EPIC HERO: only the 11th-edition data does.
    assert codes(tenth, TENTH) == {"enhancement-epic-hero": WARNING}
    grouped = with_units(tenth, replace(hero, section="epic-hero"), WARRIORS)
    assert codes(grouped, TENTH) == {"enhancement-epic-hero": ERROR}


def test_tenth_edition_with_only_another_editions_data_never_fails_on_it():
    # No groups in the list: whether a unit is a CHARACTER comes from 11th-edition data.
    carrier = replace(WARRIORS, enhancements=("Veil of Darkness",), section=None, points=220)
    boss = replace(OVERLORD, enhancements=(), section=None, points=85)
    roster = replace(with_units(NECRONS, boss, carrier), dispositions=())
    assert codes(roster, TENTH) == {"enhancement-not-character": WARNING}


# -- units ------------------------------------------------------------------------------------
def test_a_unit_the_data_lacks_is_a_warning_naming_it():
    ghost = RosterUnit("Tomb Stalker of Yore", 150, 1, line=12)
    problems = check_roster(with_units(NECRONS, OVERLORD, ghost), ELEVENTH, RULES)
    assert [(p.code, p.severity, p.subject) for p in problems] == [
        ("unit-unknown", WARNING, "Tomb Stalker of Yore (line 12)")
    ]


def test_a_unit_of_another_faction():
    boyz = RosterUnit("Boyz", 80, 10)
    assert codes(with_units(NECRONS, OVERLORD, boyz)) == {"unit-faction": ERROR}
    assert codes(replace(with_units(NECRONS, OVERLORD, boyz), dispositions=()), TENTH) == {
        "unit-faction": WARNING  # the data is 11th edition's
    }


def test_allies_and_other_chapters_are_for_the_staff():
    custodes = with_units(CUSTODES, CUSTODES.units[0], RosterUnit("Inquisitor", 55, 1))
    assert codes(custodes) == {"unit-allied": WARNING}
    # Drukhari in an Aeldari army: for the staff; Orks in a Necron army: not allowed.
    aeldari = Roster(
        faction="Aeldari",
        detachments=("Armoured Warhost",),
        units=(RosterUnit("Autarch", 75, 1, warlord=True), RosterUnit("Archon", 75, 1)),
    )
    found = codes(aeldari)
    assert found["unit-allied"] == WARNING
    assert ERROR not in found.values()
    angels = Roster(
        faction="Adeptus Astartes - Blood Angels",
        detachments=("Gladius Task Force",),
        units=(
            RosterUnit("Captain", 80, 1, warlord=True, section="character"),
            RosterUnit("Sanguinary Guard", 125, 3),
        ),
        points=205,
    )
    assert "unit-chapter" not in codes(angels)
    wolves = replace(angels, units=(*angels.units, RosterUnit("Wulfen", 85, 5)), points=290)
    problems = check_roster(wolves, ELEVENTH, RULES)
    assert [(p.code, p.severity) for p in problems] == [("unit-chapter", ERROR)]
    assert (
        problems[0].message == "Wulfen is a Space Wolves unit; the list's faction is Blood Angels."
    )
    # A list naming only "Space Marines" may have left its chapter out: the staff look.
    marines = replace(wolves, faction="Space Marines")
    assert codes(marines) == {"unit-chapter": WARNING}


def test_unit_points_and_size_against_the_data_warn():
    wrong = replace(WARRIORS, points=180)
    assert codes(with_units(NECRONS, OVERLORD, wrong)) == {"unit-points": WARNING}
    odd = replace(WARRIORS, models=15)
    assert codes(with_units(NECRONS, OVERLORD, odd)) == {"unit-size": WARNING}
    # An enhancement's cost inside the unit's points is fine (Overlord 85 + Veil 20).
    assert codes(with_units(NECRONS, OVERLORD, WARRIORS)) == {}


def test_a_faction_without_unit_data_warns_once():
    bare = RulesData(
        {
            "version": "test",
            "factions": {
                "necrons": {
                    "name": "Necrons",
                    "keywords": ["Necrons"],
                    "detachments": [["Awakened Dynasty", 3, ["take-and-hold"]]],
                    "enhancements": [["Veil of Darkness", "Awakened Dynasty", 20, ["Necrons"], 0]],
                }
            },
        }
    )
    assert codes(NECRONS, rules=bare) == {"units-no-data": WARNING}


# -- datasheet limits, epic heroes, characters, warlord ---------------------------------------
def test_a_datasheet_more_than_three_times():
    four = with_units(NECRONS, OVERLORD, *[replace(TECHNOMANCER)] * 4)
    problems = check_roster(four, ELEVENTH, RULES)
    assert [(p.code, p.severity, p.assumed) for p in problems] == [
        ("datasheet-limit", WARNING, True)
    ]
    assert codes(replace(four, dispositions=()), TENTH) == {"datasheet-limit": ERROR}
    battleline = with_units(NECRONS, OVERLORD, *[SMALL_WARRIORS] * 6)
    assert codes(battleline) == {}
    assert codes(replace(battleline, dispositions=()), TENTH) == {}


def test_no_datasheet_more_than_six_times():
    seven = with_units(NECRONS, OVERLORD, *[SMALL_WARRIORS] * 7)
    assert codes(seven) == {"datasheet-limit": WARNING}
    assert codes(replace(seven, dispositions=()), TENTH) == {"datasheet-limit": ERROR}


def test_an_epic_hero_twice():
    twice = with_units(NECRONS, OVERLORD, IMOTEKH, IMOTEKH)
    assert codes(twice) == {"epic-hero-repeated": WARNING}
    hero = replace(IMOTEKH, section="epic-hero")
    grouped = replace(with_units(NECRONS, OVERLORD, hero, hero), dispositions=())
    assert codes(grouped, TENTH) == {"epic-hero-repeated": ERROR}
    assert codes(with_units(NECRONS, OVERLORD, IMOTEKH)) == {}


def test_tenth_edition_needs_a_character():
    roster = replace(with_units(NECRONS, WARRIORS, replace(SMALL_WARRIORS, warlord=True)))
    tenth = replace(roster, dispositions=())
    found = codes(tenth, TENTH)
    assert found["character-none"] == ERROR
    assert "character-none" not in codes(roster)  # not an 11th-edition rule


def test_the_warlord():
    nobody = with_units(NECRONS, replace(OVERLORD, warlord=False), WARRIORS)
    assert codes(nobody) == {"warlord-none": WARNING}
    assert codes(replace(nobody, dispositions=()), TENTH) == {"warlord-none": ERROR}
    two = with_units(NECRONS, OVERLORD, replace(TECHNOMANCER, warlord=True), WARRIORS)
    assert codes(replace(two, dispositions=()), TENTH) == {"warlord-many": ERROR}
    grunt = with_units(NECRONS, replace(OVERLORD, warlord=False), replace(WARRIORS, warlord=True))
    assert codes(replace(grunt, dispositions=()), TENTH) == {"warlord-not-character": ERROR}
    assert codes(grunt) == {"warlord-not-character": WARNING}


def test_tenth_edition_takes_one_detachment():
    two = replace(NECRONS, detachments=("Awakened Dynasty", "Cryptek Conclave"), dispositions=())
    assert codes(two, TENTH) == {"detachment-many": ERROR}
    assert codes(replace(NECRONS, detachments=(), dispositions=()), TENTH) == {
        "detachment-none": WARNING
    }


def test_unread_lines_are_named_for_the_staff():
    roster = replace(NECRONS, unread=(UnreadLine("??", 7), UnreadLine("!!", 9)))
    problems = check_roster(roster, ELEVENTH, RULES)
    assert [(p.code, p.message) for p in problems] == [
        ("unread-lines", "2 lines of the list could not be read (line 7, 9): check them by hand.")
    ]


def test_an_edition_without_checks_is_refused():
    with pytest.raises(ValueError, match="9th"):
        check_roster(NECRONS, MusterSettings(edition="9th"), RULES)


def test_every_problem_reads_as_a_dict():
    problem = check_roster(replace(NECRONS, points=500), ELEVENTH, RULES)[0]
    assert problem.as_dict() == {
        "code": "points-sum",
        "severity": WARNING,
        "subject": "Points",
        "message": "The list states a total of 500 points but its units add up to 475.",
        "line": None,
        "assumed": False,
    }


REAL_UNITS = ["Overlord", "Necron Warriors", "Imotekh the Stormlord", "Boyz", "Captain", "Wulfen"]
REAL_ENHANCEMENTS = ["Veil of Darkness", "Arisen Tyrant", "Interred Expertise", "Follow Me Ladz"]
REAL_DETACHMENTS = ["Awakened Dynasty", "War Horde", "Cryptek Conclave", "Gladius Task Force"]


@st.composite
def real_looking(draw):
    """A generated roster with names the data knows mixed in, so every check gets exercised."""
    roster = draw(rosters())
    units = tuple(
        replace(
            unit,
            name=draw(st.sampled_from([unit.name, *REAL_UNITS])),
            enhancements=tuple(
                draw(st.sampled_from([name, *REAL_ENHANCEMENTS])) for name in unit.enhancements
            ),
        )
        for unit in roster.units
    )
    detachments = draw(st.lists(st.sampled_from(REAL_DETACHMENTS), max_size=3))
    faction = draw(st.sampled_from([roster.faction, "Necrons", "Blood Angels", "Orks"]))
    return replace(
        roster, units=units, faction=faction, detachments=(*roster.detachments, *detachments)
    )


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    real_looking(),
    st.sampled_from(["10th", "11th"]),
    st.sampled_from([None, "Incursion", "Strike Force", "Onslaught"]),
    st.none() | st.integers(0, 4000),
    st.none() | st.sampled_from(["take-and-hold", "reconnaissance"]),
)
def test_any_roster_checks_without_failing_and_every_problem_reads(
    roster, edition, size, limit, disposition
):
    settings = MusterSettings(edition, size, limit, disposition)
    for problem in check_roster(roster, settings, RULES):
        assert problem.code in CODES
        assert problem.severity in (ERROR, WARNING)
        assert problem.subject
        assert problem.message.endswith(".")
        assert not problem.assumed or problem.severity == WARNING


# -- the Detachment Points a list states (issue 32) ---------------------------------------------
def test_stated_detachment_points_over_the_budget_are_an_error_whatever_the_data_knows():
    unknown = replace(NECRONS, detachments=("New Dynasty", "Newer Legion"), detachment_points=5)
    found = codes(unknown)
    assert found["detachment-points"] == ERROR
    within = replace(unknown, detachment_points=3)
    assert "detachment-points" not in codes(within)


def test_stated_detachment_points_that_differ_from_the_data_are_a_warning():
    assert codes(replace(NECRONS, detachment_points=2)) == {"detachment-points-stated": WARNING}
    assert codes(replace(NECRONS, detachment_points=3)) == {}


def test_an_enhancement_for_a_named_datasheet_on_another_is_an_error():
    canoness = RosterUnit("Canoness", 75, None, (), ("Clarion of Urgency",), True, "character")
    jump = RosterUnit(
        "Canoness with Jump Pack", 90, None, (), ("Clarion of Urgency",), True, "character"
    )
    base = Roster(
        faction="Adepta Sororitas",
        detachments=("Chorus of Condemnation",),
        dispositions=("Reconnaissance",),
    )
    assert codes(with_units(base, canoness))["enhancement-restriction"] == ERROR
    assert "enhancement-restriction" not in codes(with_units(base, jump))
