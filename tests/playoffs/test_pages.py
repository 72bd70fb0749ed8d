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


def test_the_tie_rules_in_the_form_are_the_engine_s():
    from playoffs.engine import KNOCKOUT_TIEBREAKS
    from playoffs.views.forms import TIEBREAK_CHOICES

    assert [c for c, _ in TIEBREAK_CHOICES] == list(KNOCKOUT_TIEBREAKS)


def test_organiser_cuts_and_pairs_from_the_page(organiser):
    event = swiss_event(organiser, players=8, rounds=2, played=1)
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.pk}/playoffs/")
    assert page.status_code == 200
    form = {"format": "single", "size": "4", "knockout_tiebreak": "higher_seed"}
    refused = client.post(f"/manage/events/{event.pk}/playoffs/cut/", form)
    assert refused.status_code == 400
    assert "Only 1 of the 2 planned Swiss rounds" in refused.content.decode()
    made = client.post(f"/manage/events/{event.pk}/playoffs/cut/", {**form, "force": "on"})
    assert made.status_code == 302
    assert event.playoff.size == 4
    client.post(f"/manage/events/{event.pk}/playoffs/advance/")
    assert event.rounds.filter(stage="playoff").count() == 1
    page = client.get(f"/manage/events/{event.pk}/playoffs/").content.decode()
    assert "Pair the next knockout round" in page
    assert "Take the cut back" not in page


def test_organiser_decides_a_drawn_game_on_the_page(organiser):
    from tournament.services.results.results import result_enter

    event = swiss_event(organiser, players=4, rounds=1)
    playoff_create(
        event_id=event.pk, user=organiser, format="single", size=2, knockout_tiebreak="organiser"
    )
    game = playoff_advance(event_id=event.pk, user=organiser).games.get()
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 60}, user=organiser)
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.pk}/playoffs/").content.decode()
    assert "Who goes through?" in page
    client.post(
        f"/manage/events/{event.pk}/playoffs/decide/",
        {"game": game.pk, "winner": game.player_b_id},
    )
    page = client.get(f"/events/{event.pk}/playoffs/").content.decode()
    assert f"{game.player_b.name} wins" in page


def test_the_pairing_page_leads_to_the_play_offs(organiser):
    event = swiss_event(organiser, players=4, rounds=1)
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/manage/events/{event.pk}/rounds/").content.decode()
    assert f"/manage/events/{event.pk}/playoffs/" in page
