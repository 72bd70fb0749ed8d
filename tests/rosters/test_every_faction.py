"""A list generated from the pinned data for every faction that has unit data: printed as text,
read back and checked under 11th-edition rules, it parses whole and breaks no rule."""

from __future__ import annotations

import pytest

from rosters.data import rules_data
from rosters.engine.checks import MusterSettings, check_roster, errors
from rosters.engine.parse import norm, parse_roster
from rosters.engine.printer import print_roster
from rosters.engine.roster import Roster, RosterUnit
from rosters.engine.rules import Faction, RulesData, Unit

PINNED = "40kdc-0.5.17-9578345"
RULES = rules_data(PINNED)
LIMIT = 2000
SETTINGS = MusterSettings(edition="11th", battle_size="Strike Force", points_limit=LIMIT)


def section(unit: Unit) -> str:
    if "CHARACTER" in unit.flags:
        return "character"
    if "BATTLELINE" in unit.flags:
        return "battleline"
    if "DEDICATED TRANSPORT" in unit.flags:
        return "dedicated-transport"
    return "other"


def pool(rules: RulesData, faction: Faction) -> list[Unit]:
    source = faction if faction.has_units else rules.factions[faction.parent]
    units = [u for u in source.units.values() if rules.unit(faction, u.name) is u and u.points]
    return sorted(units, key=lambda u: u.name)


def fits(rules: RulesData, faction: Faction, unit: Unit, enhancement) -> bool:
    have = unit.keywords | {norm(unit.name)} | {norm(k) for k in faction.keywords}
    checkable = [norm(r) for r in enhancement.restrictions if norm(r) in rules.known_keywords]
    return not enhancement.upgrade and all(r in have for r in checkable)


def generated_list(rules: RulesData, faction: Faction) -> Roster:
    units = pool(rules, faction)
    leaders = [u for u in units if "CHARACTER" in u.flags and "EPIC HERO" not in u.flags]
    # The cheapest detachment that has an enhancement one of the characters may take, else
    # the cheapest detachment and no enhancement.
    detachments = sorted(faction.detachments.values(), key=lambda d: (d.points, d.name))
    found = [
        (d, leader, e)
        for d in detachments
        for leader in leaders
        for group in faction.enhancements.values()
        for e in group
        if e.detachment == d.name and fits(rules, faction, leader, e)
    ]
    if found:
        detachment, leader, enhancement = found[0]
    else:
        detachment, enhancement = detachments[0], None
        leader = leaders[0] if leaders else units[0]
    models, cost = leader.points[0]
    chosen = [
        RosterUnit(
            leader.name,
            cost + (enhancement.cost if enhancement else 0),
            models,
            ("1x Close combat weapon",),
            (enhancement.name,) if enhancement else (),
            warlord=True,
            section=section(leader),
        )
    ]
    total = chosen[0].points
    for unit in units:
        if unit is leader or len(chosen) == 6 or "EPIC HERO" in unit.flags:
            continue
        models, cost = unit.points[0]
        if total + cost <= LIMIT:
            total += cost
            chosen.append(RosterUnit(unit.name, cost, models, (), (), section=section(unit)))
    chosen.sort(
        key=lambda u: ["character", "battleline", "dedicated-transport", "other"].index(u.section)
    )
    return Roster(
        name=f"Generated {faction.name}",
        points=total,
        faction=faction.name,
        battle_size="Strike Force",
        points_limit=LIMIT,
        detachments=(detachment.name,),
        dispositions=tuple(d.replace("-", " ").title() for d in detachment.dispositions),
        units=tuple(chosen),
    )


FACTIONS = sorted(fid for fid, faction in RULES.factions.items() if RULES.pool_known(faction))


def test_the_pinned_data_covers_the_factions_it_should():
    with_units = [fid for fid, f in RULES.factions.items() if f.has_units]
    assert len(RULES.factions) == 35
    assert len(with_units) == 23
    assert len(FACTIONS) == 35  # the chapters take their units from Adeptus Astartes


@pytest.mark.parametrize("fid", FACTIONS)
def test_a_generated_list_parses_and_passes(fid):
    faction = RULES.factions[fid]
    roster = generated_list(RULES, faction)
    text = print_roster(roster)
    parsed = parse_roster(text, vocabulary=RULES.vocabulary())
    assert parsed == roster
    problems = check_roster(parsed, SETTINGS, RULES)
    assert errors(problems) == []
    # Nothing the data itself lacks or disputes either (bar the one flagged detachment).
    assert [p.code for p in problems if p.code != "data-disputed"] == []


def test_most_generated_lists_carry_an_enhancement():
    carried = [
        fid for fid in FACTIONS if generated_list(RULES, RULES.factions[fid]).units[0].enhancements
    ]
    assert len(carried) >= 30
