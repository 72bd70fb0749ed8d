"""A private link is printed only where one player alone receives it: the door sheet, one card
per player. Sheets left on a shared table (scoresheets, table packs), the pairings and the
standings carry the event's public pairings page or no code at all, never a player's key.

Every PDF is read back: its text with pypdf, and every QR code it draws decoded from the
page's own drawing (tests/tournament/printing/qr_read.py)."""

from __future__ import annotations

import pytest
from django.conf import settings

from teams.services.printing import TEAM_KINDS, team_print_document
from teams.services.rounds import team_round_create
from tests.conftest import add_players
from tests.tournament.eleventh.events.test_teams import _event, _pair_match, _teams
from tests.tournament.printing.helpers import pair_in_order, pdf_pages
from tests.tournament.printing.qr_read import decode, pdf_qr_texts
from tournament.models import Player
from tournament.printing.kit.qr import qr_matrix
from tournament.printing.render import KINDS
from tournament.services.documents.door_sheet import door_sheet_pdf
from tournament.services.documents.printing import print_document
from tournament.services.events.events import event_create, event_update

pytestmark = pytest.mark.django_db


def _keys(event) -> list[str]:
    return list(Player.objects.filter(event=event).values_list("private_key", flat=True))


def _public_pairings(event, number: int) -> str:
    return f"{settings.SITE_URL.rstrip('/')}/events/{event.pk}/pairings/?round={number}"


def _assert_no_key(pdf: bytes, keys: list[str], what: str) -> list[str]:
    """No key in the PDF's text or in any code it draws; the codes' texts, flat."""
    text = "".join("".join(page.split()) for page in pdf_pages(pdf))
    codes = [code for page in pdf_qr_texts(pdf) for code in page]
    for key in keys:
        assert key not in text, f"{what} prints a private key"
        assert not any(key in code for code in codes), f"{what} has a private link as a QR code"
    assert "/p/" not in "".join(codes), f"{what} has a player link as a QR code"
    return codes


def test_the_reader_decodes_what_the_printing_code_encodes():
    for text in ("http://127.0.0.1:8000/p/abc/", "https://gt.example/events/12/pairings/?round=3"):
        assert decode(qr_matrix(text)) == text
    assert decode(qr_matrix("x" * 300)) == "x" * 300  # a version with several blocks


@pytest.mark.parametrize("pack", ["leviathan", "eighth", "eleventh"])
def test_no_document_of_a_round_carries_a_private_key(organiser, pack):
    event = event_create(user=organiser, name="Key GT", rounds=3, mission_pack=pack)
    players = add_players(event, organiser, 5)
    for p in players:
        if pack == "eleventh":
            from tournament.services.players.players import player_update

            player_update(player=p, user=organiser, changes={"disposition": "take-and-hold"})
    pair_in_order(event, organiser, players, mission_code="C" if pack == "leviathan" else None)
    keys = _keys(event)
    for kind in KINDS:
        pdf = print_document(event=event, kind=kind, round_number=1)
        codes = _assert_no_key(pdf, keys, kind)
        if kind == "scoresheets":
            # One code per sheet, the round's public pairings (find my table, the standings).
            assert codes == [_public_pairings(event, 1)] * 2
        if kind == "fallback":
            # The paper pack (issue 33): pairings by name, by table and the result slips,
            # made for when phones fail, carry no code at all.
            assert codes == []
    assert "fallback" in KINDS


def test_a_hidden_events_scoresheets_carry_no_code(event, organiser):
    players = add_players(event, organiser, 4)
    pair_in_order(event, organiser, players)
    event = event_update(event=event, user=organiser, changes={"hidden": True})
    assert event.hidden
    pdf = print_document(event=event, kind="scoresheets", round_number=1)
    assert _assert_no_key(pdf, _keys(event), "a hidden event's scoresheets") == []


def test_the_door_sheet_gives_each_card_its_own_players_link_only(event, organiser):
    players = add_players(event, organiser, 5)
    pair_in_order(event, organiser, players)
    [codes] = pdf_qr_texts(door_sheet_pdf(event=event))
    assert sorted(codes) == sorted(f"{settings.SITE_URL}/p/{p.private_key}/" for p in players)


def test_a_team_events_documents_carry_no_private_key(organiser):
    event = _event(organiser)
    _teams(event, organiser)
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=3)
    _pair_match(team_round, organiser)
    keys = _keys(event)
    for kind in TEAM_KINDS:
        _assert_no_key(team_print_document(event=event, kind=kind, round_number=1), keys, kind)
    for kind in KINDS:
        _assert_no_key(print_document(event=event, kind=kind, round_number=1), keys, kind)
