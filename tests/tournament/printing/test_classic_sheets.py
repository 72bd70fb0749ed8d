"""Scoresheets, table packs and pairings of the classic packs, read back with pypdf."""

from __future__ import annotations

import re

import pytest

from missions.classic.generator import generate_classic
from missions.pack.registry import get_pack
from tests.conftest import add_players
from tests.tournament.printing.helpers import pair_in_order, pdf_pages
from tournament.services.documents.printing import print_document
from tournament.services.events.events import event_create

pytestmark = pytest.mark.django_db


def code_where(pack_key: str, test) -> object:
    """The first generated mission of the pack that passes `test` (seeds are reproducible)."""
    pack = get_pack(pack_key)
    return next(m for m in (generate_classic(pack, s) for s in range(500)) if test(m))


def paired(organiser, pack_key: str, mission):
    event = event_create(user=organiser, name="Classic GT", rounds=3, mission_pack=pack_key)
    players = add_players(event, organiser, 5)
    round_ = pair_in_order(event, organiser, players, mission_code=mission.code)
    return event, players, round_


def test_eternal_war_sheet_has_seven_rounds_bonus_ticks_and_no_caps(organiser):
    mission = code_where("eighth", lambda m: not m.mission.tactical_rule and m.secondaries)
    event, players, _ = paired(organiser, "eighth", mission)
    pages = pdf_pages(print_document(event=event, kind="scoresheets", round_number=1))
    assert len(pages) == 2  # one per game, the bye has none
    page = pages[0]
    assert mission.mission.name.upper() in page
    assert mission.deployment.name.upper() in page
    assert mission.code in page
    assert "Battle round 7" in page
    assert "if the game goes on" in page
    for bonus in ("Slay the Warlord", "First Blood", "Linebreaker"):
        assert bonus in page
    assert "Mission VP" in page
    assert "max 100" not in page
    assert "Gambit" not in page
    assert players[0].name in page
    assert re.search(r"Page 1 of\s*2", page)


def test_maelstrom_sheet_adds_a_tactical_objective_log_per_game(organiser):
    mission = code_where("eighth", lambda m: bool(m.mission.tactical_rule))
    event, players, _ = paired(organiser, "eighth", mission)
    pages = pdf_pages(print_document(event=event, kind="scoresheets", round_number=1))
    assert len(pages) == 4
    sheet, log = pages[0], pages[1]
    assert "Tactical Objectives VP" in sheet
    assert "Tactical Objective log" in log
    for heading in ("Turn", "D66 rolled", "Tactical Objective", "Achieved", "Discarded", "VP"):
        assert heading in log
    assert players[0].name in log
    assert players[1].name in log
    assert re.search(r"Page 2 of\s*4", log)


def test_low_confidence_map_prints_approximate(organiser):
    mission = code_where("eighth", lambda m: m.deployment.approximate)
    event, _, _ = paired(organiser, "eighth", mission)
    text = "\n".join(pdf_pages(print_document(event=event, kind="scoresheets", round_number=1)))
    assert "APPROXIMATE" in text.upper()


def test_only_war_sheet_has_five_rounds_and_no_bonus_objectives(organiser):
    mission = code_where("only_war", lambda m: True)
    event, _, _ = paired(organiser, "only_war", mission)
    page = pdf_pages(print_document(event=event, kind="scoresheets", round_number=1))[0]
    assert mission.mission.name.upper() in page
    assert "Battle round 5" in page
    assert "Battle round 6" not in page
    assert "Slay the Warlord" not in page


@pytest.mark.parametrize("pack_key", ["eighth", "seventh", "only_war"])
def test_pairings_and_table_packs_name_the_classic_mission(organiser, pack_key):
    mission = code_where(pack_key, lambda m: True)
    event, _, _ = paired(organiser, pack_key, mission)
    pairings = "\n".join(pdf_pages(print_document(event=event, kind="pairings", round_number=1)))
    assert mission.mission.name in pairings
    assert mission.code in pairings
    packs = pdf_pages(print_document(event=event, kind="table-packs", round_number=1))
    assert len(packs) == 4
    assert mission.mission.name in packs[0]
    assert "Gambits" not in "\n".join(packs)


def test_eighth_sheet_prints_boots_on_the_ground(organiser):
    # Issue 26 item 9, seed 000 around line 2047 (Chapter Approved 2019, Boots on the Ground):
    # units with the Flyer Battlefield Role never control objective markers.
    mission = code_where("eighth", lambda m: m.marker_count > 0)
    event, _, _ = paired(organiser, "eighth", mission)
    page = pdf_pages(print_document(event=event, kind="scoresheets", round_number=1))[0]
    assert "Boots on the Ground" in page
