"""A corpus of army-list exports as players paste them (official app, New Recruit,
BattleScribe), written for these tests: each file is read and checked against the pinned rules
data, and must raise exactly the problems `corpus/expected.json` names for it, no others.
The parts the checks rest on (detachments, Detachment Points, dispositions, enhancements) are
held to what the file says too, and every file prints and reads back the same."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rosters.data import rules_data
from rosters.engine.checks import MusterSettings, check_roster
from rosters.engine.checks.detachments import disposition_granted
from rosters.engine.parse import parse_roster
from rosters.engine.printer import print_roster

CORPUS = Path(__file__).parent / "corpus"
EXPECTED = json.loads((CORPUS / "expected.json").read_text())
PINNED = "40kdc-0.5.17-9578345"


def test_every_file_has_its_expectations():
    assert sorted(p.name for p in CORPUS.glob("*.txt")) == sorted(EXPECTED)


def _read(name: str):
    rules = rules_data(PINNED)
    return parse_roster((CORPUS / name).read_text(encoding="utf-8"), vocabulary=rules.vocabulary())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_file_raises_its_problems_and_no_others(name):
    expected = EXPECTED[name]
    roster = _read(name)
    problems = check_roster(roster, MusterSettings(**expected["event"]), rules_data(PINNED))
    assert sorted(p.code for p in problems) == sorted(expected["problems"]), [
        p.message for p in problems
    ]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_file_is_read_into_its_parts(name):
    expected = EXPECTED[name]["roster"]
    roster = _read(name)
    data = roster.as_dict()
    for key in ("name", "points", "points_limit", "faction", "notes", "detachment_points"):
        if key in expected:
            assert data[key] == expected[key], key
    for key in ("detachments", "dispositions"):
        if key in expected:
            assert list(data[key]) == expected[key], key
    if "units" in expected:
        assert len(roster.units) == expected["units"]
    carried = defaultdict(list)
    for unit in roster.units:
        carried[unit.name].extend(unit.enhancements)
    assert {k: v for k, v in carried.items() if v} == expected["enhancements"]
    assert roster.unread == ()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_disposition_follows_from_a_single_granting_detachment(name):
    expected = EXPECTED[name]
    if "disposition" not in expected:
        return
    rules = rules_data(PINNED)
    roster = _read(name)
    assert disposition_granted(roster, rules) == expected["disposition"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_file_prints_and_reads_back_the_same(name):
    roster = _read(name)
    again = parse_roster(print_roster(roster), vocabulary=rules_data(PINNED).vocabulary())
    assert again == roster


def _joined(names: list[str]) -> str:
    """The app's way of naming several detachments on one line."""
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return f"{names[0]} and {names[1]}"
    return ", ".join(names[:-1]) + f", and {names[-1]}"


@st.composite
def _faction_detachments(draw):
    rules = rules_data(PINNED)
    factions = sorted((f for f in rules.factions.values() if f.detachments), key=lambda f: f.id)
    faction = draw(st.sampled_from(factions))
    names = draw(
        st.lists(
            st.sampled_from(sorted(d.name for d in faction.detachments.values())),
            min_size=1,
            max_size=3,
            unique=True,
        )
    )
    return faction, names


@settings(max_examples=150, deadline=None)
@given(_faction_detachments(), st.integers(0, 9))
def test_any_detachments_on_one_line_are_read_back_each(found, points):
    faction, names = found
    text = (
        f"{faction.name}\n{_joined(names)} ({points} Detachment Points)\nOnslaught (3000 Points)\n"
    )
    roster = parse_roster(text, vocabulary=rules_data(PINNED).vocabulary())
    assert list(roster.detachments) == names
    assert roster.detachment_points == points
    assert roster.faction == faction.name
