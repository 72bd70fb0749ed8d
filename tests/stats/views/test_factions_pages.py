"""Faction statistics pages: the event's and every event's, with the SVG chart, the table and
the rules in words; the PDF; the download links on the standings, pairings and results pages."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from tests.conftest import add_players
from tests.tournament.printing.helpers import pdf_pages
from tournament.models import Player
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(event, organiser):
    people = add_players(event, organiser, 4)
    for person, faction in zip(people, ["Orks", "Necrons", "Aeldari", "T'au Empire"], strict=True):
        Player.objects.filter(pk=person.pk).update(faction=faction)
    event.start_date = dt.date(2026, 5, 2)
    event.save()
    first = round_create(event_id=event.pk, user=organiser, seed=1)
    games = list(first.games.order_by("table_number"))
    for game in games:
        result_enter(game_id=game.pk, data={"vp_a": 75, "vp_b": 45}, user=organiser)
    return games


def test_event_page_draws_the_chart_and_states_the_rules(client, event, played):
    html = client.get(reverse("event-factions", args=[event.pk])).content.decode()
    assert '<svg viewBox="0 0 400' in html
    assert '<title id="factions-chart-title">Win rate by faction</title>' in html
    assert "count for neither side" in html
    assert "Byes are not games against a faction" in html
    winner = played[0].player_a
    assert f'<th scope="row">{winner.faction.replace(chr(39), "&#x27;")}</th>' in html
    assert "100.0%" in html
    assert "0.0%" in html
    assert reverse("event-factions-pdf", args=[event.pk]) in html
    assert 'aria-current="page">Factions' in html


def test_event_pdf_prints_the_table(client, event, played):
    response = client.get(reverse("event-factions-pdf", args=[event.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="test-gt-factions.pdf"'
    text = "\n".join(pdf_pages(response.content))
    assert "FACTIONS" in text
    assert "Necrons" in text
    assert "100.0%" in text


def test_instance_page_filters_by_start_date(client, event, played):
    inside = client.get(reverse("factions"), {"from": "2026-05-01", "to": "2026-05-31"})
    html = inside.content.decode()
    assert "1 May 2026 to 31 May 2026" in html
    assert "1 event · 4 players · 2 games confirmed" in html
    assert "Test GT" in html  # the best-placed players name their event
    outside = client.get(reverse("factions"), {"from": "2026-06-01", "to": ""}).content.decode()
    assert "0 events" in outside
    assert "No players yet." in outside
    pdf = client.get(reverse("factions-pdf"), {"from": "2026-05-01"})
    assert "from 2 May 2026" not in "\n".join(pdf_pages(pdf.content))
    assert "from 1 May 2026" in "\n".join(pdf_pages(pdf.content))


def test_instance_page_names_a_bad_date(client):
    response = client.get(reverse("factions"), {"from": "2026-06-01", "to": "2026-05-01"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="range-to-error">Must not be before the start of the range.' in html
    assert 'value="2026-06-01"' in html  # what was typed stays in the form
    assert client.get(reverse("factions-pdf"), {"from": "soon"}).status_code == 400


def test_hidden_event_factions_are_not_found(client, event, played):
    event.hidden = True
    event.save()
    assert client.get(reverse("event-factions", args=[event.pk])).status_code == 404
    assert client.get(reverse("event-factions-pdf", args=[event.pk])).status_code == 404
    assert "0 events" in client.get(reverse("factions")).content.decode()


def test_download_links(client, event, organiser, played):
    standings = client.get(reverse("event-standings", args=[event.pk])).content.decode()
    assert f'href="/api/events/{event.pk}/standings.csv" download' in standings
    assert f'href="/api/events/{event.pk}/results.csv" download' in standings
    pairings = client.get(reverse("event-pairings", args=[event.pk])).content.decode()
    assert f'href="/api/events/{event.pk}/rounds/1/pairings.csv" download' in pairings
    client.force_login(organiser)
    board = client.get(reverse("manage-results", args=[event.pk])).content.decode()
    assert f'href="/api/events/{event.pk}/results.csv?provisional=1" download' in board
    csv = client.get(f"/api/events/{event.pk}/standings.csv?provisional=1")
    assert csv.status_code == 200  # the organiser's session opens the provisional download


def test_print_page_offers_the_factions_pdf(client, event, organiser):
    client.force_login(organiser)
    html = client.get(reverse("print-event", args=[event.pk])).content.decode()
    assert reverse("event-factions-pdf", args=[event.pk]) in html
