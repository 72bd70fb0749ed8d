"""A QR code printed under `make run` points at 127.0.0.1, which no phone can open: every page
that carries such a code says so in plain words, as the pages on screen do; a sheet printed by
the venue server (SITE_URL on the venue network) carries no such line."""

from __future__ import annotations

import pytest

from tests.conftest import add_players
from tests.tournament.printing.helpers import pair_in_order, pdf_pages
from tournament.services.documents.door_sheet import door_sheet_pdf
from tournament.services.documents.printing import print_document
from tournament.services.events.events import event_create
from tournament.services.players.players import player_register

pytestmark = pytest.mark.django_db

WARNING = "phones cannot open"


def _flat(page: str) -> str:
    return " ".join(page.split())


@pytest.mark.parametrize(
    "site", ["http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"]
)
def test_loopback_codes_carry_a_warning_on_every_page(event, organiser, settings, site):
    settings.SITE_URL = site
    pair_in_order(event, organiser, add_players(event, organiser, 4))
    for what, pdf in (
        ("scoresheets", print_document(event=event, kind="scoresheets", round_number=1)),
        ("door sheet", door_sheet_pdf(event=event)),
    ):
        pages = [_flat(p) for p in pdf_pages(pdf)]
        assert pages, what
        for page in pages:
            assert WARNING in page, f"a {what} page with a 127.0.0.1 code has no warning"
            assert "make serve" in page


def test_venue_codes_and_pages_without_codes_carry_none(event, organiser, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    pair_in_order(event, organiser, add_players(event, organiser, 4))
    for pdf in (
        print_document(event=event, kind="scoresheets", round_number=1),
        door_sheet_pdf(event=event),
    ):
        assert not any(WARNING in _flat(p) for p in pdf_pages(pdf))
    settings.SITE_URL = "http://127.0.0.1:8000"
    # The pairings print no code at all, so nothing to warn about.
    pairings = print_document(event=event, kind="pairings", round_number=1)
    assert not any(WARNING in _flat(p) for p in pdf_pages(pairings))


def test_eleventh_edition_sheets_warn_and_table_packs_without_codes_do_not(organiser, settings):
    settings.SITE_URL = "http://127.0.0.1:8000"
    event = event_create(user=organiser, name="XI GT", rounds=3, mission_pack="eleventh")
    players = [
        player_register(
            event=event, user=organiser, name=f"P{i}", faction="Orks", disposition="disruption"
        )
        for i in range(4)
    ]
    pair_in_order(event, organiser, players, mission_code=None)
    pdf = print_document(event=event, kind="scoresheets", round_number=1)
    sheets = [_flat(p) for p in pdf_pages(pdf)]
    assert sheets
    assert all(WARNING in page and "make serve" in page for page in sheets)
    # The table packs print the map and the cards, no code: nothing to warn about.
    packs = pdf_pages(print_document(event=event, kind="table-packs", round_number=1))
    assert packs
    assert not any(WARNING in _flat(p) for p in packs)
