"""A Polish event's paper reads in Polish, its letters intact (ą, ę, ł, ó, ż: the embedded
DejaVu Sans has them, where the built-in Helvetica would drop them), read back with pdftotext."""

from __future__ import annotations

import shutil

import pytest
from django.utils import translation

from tests.tournament.printing.helpers import played_event
from tests.tournament.printing.test_event_language import text_of
from tournament.services.documents.door_sheet import door_sheet_pdf
from tournament.services.documents.printing import print_document

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler's pdftotext missing"),
]


def test_a_polish_event_prints_in_polish_for_an_english_asker(event, organiser):
    event.language = "pl"
    event.save(update_fields=["language"])
    played_event(event, organiser, 4)
    with translation.override("en-gb"):
        standings = text_of(print_document(event=event, kind="standings"))
        pairings = text_of(print_document(event=event, kind="pairings", round_number=2))
        door = text_of(door_sheet_pdf(event=event))
    assert "Kolejność według punktów meczowych" in standings
    assert "STÓŁ" in pairings
    assert "GRACZ A" in pairings
    assert "LINKI GRACZY" in door
    assert "Osobista strona każdego gracza" in door
    for english in ("Ranked by match points", "PLAYER A", "PLAYER LINKS"):
        assert english not in standings + pairings + door
