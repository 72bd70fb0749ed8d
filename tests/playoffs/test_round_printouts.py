"""A knockout round's scoresheets and table packs print the organiser's rule for a game
ending on equal VP, in words, on every page; a Swiss round's do not."""

from __future__ import annotations

import pytest

from playoffs.engine.tiebreak import KNOCKOUT_TIEBREAKS
from playoffs.services.playoffs import playoff_advance, playoff_create
from tests.playoffs.conftest import swiss_event
from tests.tournament.printing.helpers import pdf_pages
from tournament.services.documents.printing import print_document

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("rule", ["primary_vp", "organiser"])
def test_knockout_sheets_and_packs_say_the_tie_rule(organiser, rule):
    event = swiss_event(organiser, players=6, rounds=2)
    playoff_create(
        event_id=event.pk, user=organiser, format="single", size=4, knockout_tiebreak=rule
    )
    knockout = playoff_advance(event_id=event.pk, user=organiser).number
    line = f"Knockout game. {KNOCKOUT_TIEBREAKS[rule]}"
    for kind in ("scoresheets", "table-packs"):
        pages = pdf_pages(print_document(event=event, kind=kind, round_number=knockout))
        assert pages
        assert all(line in " ".join(page.split()) for page in pages), kind
        swiss = pdf_pages(print_document(event=event, kind=kind, round_number=2))
        assert not any("Knockout game" in page for page in swiss), kind
