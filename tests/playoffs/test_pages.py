"""The bracket's pages: the public page, its PDF, the big screen's panel and the player's
next knockout game on their own page."""

from __future__ import annotations

import pytest
from django.test import Client

from playoffs.services.playoffs import playoff_advance, playoff_create
from tests.playoffs.conftest import swiss_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def cut(organiser):
    event = swiss_event(organiser, players=10, rounds=3)
    playoff_create(
        event_id=event.pk, user=organiser, format="single", size=4, knockout_tiebreak="primary_vp"
    )
    return event


def test_no_bracket_page_before_the_cut(organiser):
    event = swiss_event(organiser, players=4, rounds=1)
    assert Client().get(f"/events/{event.pk}/playoffs/").status_code == 404
    assert "Play-offs" not in Client().get(f"/events/{event.pk}/standings/").content.decode()


def test_bracket_page_names_the_players_the_rule_and_the_tables(cut, organiser):
    seeds = list(cut.playoff.seeds)
    names = dict(cut.players.values_list("pk", "name"))
    page = Client().get(f"/events/{cut.pk}/playoffs/").content.decode()
    assert "more primary VP goes through" in page
    assert all(names[p] in page for p in seeds)
    assert "Semi-final" in page
    playoff_advance(event_id=cut.pk, user=organiser)
    page = Client().get(f"/events/{cut.pk}/playoffs/").content.decode()
    assert "table 1" in page
    # The tab appears on the event's pages once the cut is made.
    assert "/playoffs/" in Client().get(f"/events/{cut.pk}/standings/").content.decode()


def test_bracket_pdf(cut):
    response = Client().get(f"/events/{cut.pk}/playoffs/bracket.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_big_screen_shows_the_bracket_once_cut(cut):
    page = Client().get(f"/events/{cut.pk}/screen/").content.decode()
    assert 'aria-label="Play-offs"' in page
    first = cut.players.get(pk=cut.playoff.seeds[0]).name
    assert first in page


def test_player_page_says_who_and_where_next(cut, organiser):
    round_ = playoff_advance(event_id=cut.pk, user=organiser)
    game = round_.games.get(player_a_id=cut.playoff.seeds[0])
    player = game.player_a
    page = Client().get(f"/p/{player.private_key}/").content.decode()
    assert f"Play-offs, Semi-final v {game.player_b.name}, table {game.table_number}" in page
