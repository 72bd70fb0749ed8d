"""The door sheet: every player's name, round 1 seat and private-link QR code on one printout,
for handing out links at the door."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import add_players
from tests.tournament.printing.helpers import pair_in_order, pdf_pages
from tournament.printing.kit.qr import qr_matrix
from tournament.services.documents.door_sheet import door_sheet_data, door_sheet_pdf
from tournament.services.players.players import player_update

pytestmark = pytest.mark.django_db


def test_each_player_has_name_seat_and_link(event, organiser):
    players = add_players(event, organiser, 5)
    pair_in_order(event, organiser, players)
    data = door_sheet_data(event=event)
    cards = {c.name: c for c in data.cards}
    assert set(cards) == {p.name for p in players}
    first = cards[players[0].name]
    assert first.seat == f"Round 1: table 1, side A, against {players[1].name}"
    assert cards[players[4].name].seat == "Round 1: bye"
    assert first.link.endswith(f"/p/{players[0].private_key}/")
    text = "\n".join(pdf_pages(door_sheet_pdf(event=event)))
    for player in players:
        assert player.name in text
    assert "table 1, side A" in text
    assert qr_matrix(first.link)  # the link encodes as a QR code


def test_before_round_one_and_without_dropped_players(event, organiser):
    kim, leo = add_players(event, organiser, 2)
    player_update(player=leo, user=organiser, changes={"dropped": True})
    [card] = door_sheet_data(event=event).cards
    assert (card.name, card.seat) == (kim.name, "Round 1 not paired yet")


def test_organisers_download_it_others_do_not(client, event, organiser, players):
    url = reverse("manage-door-sheet", args=[event.pk])
    assert client.get(url).status_code in (302, 403)
    client.force_login(organiser)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert players[0].name in "\n".join(pdf_pages(response.content))
    page = client.get(reverse("manage-event", args=[event.pk])).content.decode()
    assert url in page


def test_a_round_one_under_review_stays_off_the_cards(event, organiser):
    """The cards are handed to the players: an unreleased draw is the staff's alone."""
    from tournament.services.events.events import event_update
    from tournament.services.rounds.release import round_release

    players = add_players(event, organiser, 4)
    event_update(event=event, user=organiser, changes={"review_pairings": True})
    pair_in_order(event, organiser, players)
    data = door_sheet_data(event=event)
    assert {c.seat for c in data.cards} == {"Round 1 pairings not released yet"}
    text = " ".join(pdf_pages(door_sheet_pdf(event=event)))
    assert "against" not in text
    round_release(event_id=event.pk, user=organiser, number=1)
    first = {c.name: c for c in door_sheet_data(event=event).cards}[players[0].name]
    assert first.seat == f"Round 1: table 1, side A, against {players[1].name}"
