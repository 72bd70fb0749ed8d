"""Table packs print a published list as its parsed roster, laid out to read at the table
(detachments, units with models and points, enhancements, warlord, totals), and a list that
does not parse as it was sent."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from rosters.engine.roster import Roster, RosterUnit
from rosters.engine.sheet import roster_sheet
from rosters.services.armylists import army_list_submit
from tests.conftest import add_players
from tests.rosters.lists.conftest import set_deadline
from tournament.models import Event
from tournament.services.documents.printing import print_document
from tournament.services.rounds.rounds import round_create

ORKS = (Path(__file__).parent / "lists" / "gw_app_11th_orks.txt").read_text()


def test_the_sheet_names_every_part_of_the_roster():
    roster = Roster(
        name="Waaagh",
        points=180,
        faction="Orks",
        battle_size="Incursion",
        points_limit=1000,
        detachments=("War Horde",),
        dispositions=("Take and Hold",),
        units=(
            RosterUnit(
                "Warboss", 100, None, ("Power klaw",), ("Follow Me Ladz",), True, "character"
            ),
            RosterUnit("Boyz", 80, 10, ("10x Choppa",), (), False, "battleline"),
        ),
    )
    lines = roster_sheet(roster).splitlines()
    assert lines[:4] == [
        "Waaagh: Orks, Incursion (1,000 points)",
        "Detachments: War Horde",
        "Force Disposition: Take and Hold",
        "Warlord: Warboss",
    ]
    assert "CHARACTERS" in lines
    assert "BATTLELINE" in lines
    assert "Warboss: 100 pts (Warlord; Enhancement: Follow Me Ladz)" in lines
    assert "    Power klaw" in lines
    assert "Boyz: 10 models, 80 pts" in lines
    assert lines[-1] == "2 units, 180 points (the list states 180)"


def _pdf_text(event) -> str:
    pdf = print_document(event=Event.objects.get(pk=event.pk), kind="table-packs", round_number=1)
    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.django_db
def test_a_published_list_prints_parsed_and_one_that_does_not_parse_as_sent(event, organiser):
    orks, other = add_players(event, organiser, 2)
    army_list_submit(player=orks, text=ORKS, by_player=True)
    army_list_submit(player=other, text="Just some Boyz, trust me", by_player=True)
    round_create(event_id=event.pk, user=organiser, seed=3)
    set_deadline(event, organiser, hours=-1)
    text = _pdf_text(event)
    assert "Detachments: War Horde" in text
    assert "Warlord: Warboss" in text
    assert "Warboss: 100 pts (Warlord; Enhancement: Follow Me Ladz)" in text
    assert "Boyz: 20 models, 170 pts" in text
    assert "(the list states 1,965)" in text
    # Not the export's own bullets.
    assert "• Warlord" not in text
    assert "Just some Boyz, trust me" in text
