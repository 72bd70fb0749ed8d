"""The tracker's pages render for phones and keep the seed server-side."""

from __future__ import annotations

import pytest
from django.test import Client

from tracker.models import TrackedGame
from tracker.services.trackers import tracker_create

pytestmark = pytest.mark.django_db


def test_start_page_lists_the_pool():
    response = Client().get("/tracker/new/")
    assert response.status_code == 200
    assert "LEV-A" in response.content.decode()


def test_start_from_a_code_redirects_to_the_game_page():
    response = Client().post("/tracker/new/", {"mission": "LEV-C"})
    assert response.status_code == 302
    tracked = TrackedGame.objects.get()
    assert response["Location"] == f"/tracker/{tracked.token}/"
    assert tracked.mission_code == "LEV-C"


def test_start_with_a_generated_mission_and_a_bad_code():
    assert Client().post("/tracker/new/", {"generate": "1"}).status_code == 302
    response = Client().post("/tracker/new/", {"mission": "ZZZ-9"})
    assert response.status_code == 400
    assert TrackedGame.objects.count() == 1


def test_game_page_shows_deck_counts_without_the_seed():
    tracked = tracker_create(mission_code="LEV-A")
    response = Client().get(f"/tracker/{tracked.token}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-deck="attacker">16<' in html
    assert 'data-deck="defender">16<' in html
    assert "js/tracker.js" in html
    assert tracked.initial_args["seed"] not in html


def test_unknown_game_page_is_404():
    assert Client().get("/tracker/nope/").status_code == 404


def test_event_game_page_needs_the_players_key(event_game, stranger):
    url = f"/tracker/game/{event_game.pk}/"
    assert Client().get(url).status_code == 401
    assert Client().get(url + f"?key={stranger.private_key}").status_code == 403
    ok = Client().get(url + f"?key={event_game.player_a.private_key}")
    assert ok.status_code == 200
    assert 'data-deck="attacker">16<' in ok.content.decode()
