"""The private player page: table, opponent, mission map, tracker link; report and confirm."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Result

pytestmark = pytest.mark.django_db


def test_player_page_shows_table_opponent_mission_and_tracker(client, game):
    a = game.player_a
    html = client.get(reverse("player-home", args=[a.private_key])).content.decode()
    assert f"<strong>{game.table_number}</strong>" in html
    assert game.player_b.name in html
    assert "<svg" in html
    assert reverse("tracker-game", args=[game.pk]) + f"?key={a.private_key}" in html
    assert "Send result" in html


def test_unknown_key_is_not_found(client):
    assert client.get(reverse("player-home", args=["nope"])).status_code == 404


def test_player_b_enters_scores_from_their_own_side(client, game):
    b = game.player_b
    client.post(reverse("player-result", args=[b.private_key, game.pk]), {"vp_a": 80, "vp_b": 20})
    result = Result.objects.get(game=game, is_current=True)
    # "My VP" of player B is side B's score.
    assert (result.vp_a, result.vp_b, result.status) == (20, 80, "pending")


def test_opponent_confirms_then_result_is_final(client, game):
    a, b = game.player_a, game.player_b
    client.post(reverse("player-result", args=[a.private_key, game.pk]), {"vp_a": 70, "vp_b": 30})
    html = client.get(reverse("player-home", args=[b.private_key])).content.decode()
    assert "Confirm this result" in html
    waiting = client.get(reverse("player-home", args=[a.private_key])).content.decode()
    assert "Awaiting confirmation" in waiting
    assert 'hx-trigger="every 15s"' in waiting
    client.post(reverse("player-confirm", args=[b.private_key, game.pk]))
    assert Result.objects.get(game=game, is_current=True).status == "confirmed"


def test_a_different_score_from_the_opponent_is_a_dispute(client, game):
    a, b = game.player_a, game.player_b
    client.post(reverse("player-result", args=[a.private_key, game.pk]), {"vp_a": 70, "vp_b": 30})
    response = client.post(
        reverse("player-result", args=[b.private_key, game.pk]), {"vp_a": 40, "vp_b": 60}
    )
    assert response.status_code == 302
    assert Result.objects.get(game=game, is_current=True).status == "disputed"
    html = client.get(reverse("player-home", args=[b.private_key])).content.decode()
    assert "Disputed" in html


def test_invalid_score_is_refused_with_a_message(client, game):
    a = game.player_a
    response = client.post(
        reverse("player-result", args=[a.private_key, game.pk]),
        {"vp_a": 120, "vp_b": 3},
        follow=True,
    )
    assert "less than or equal to 100" in response.content.decode()
    assert not Result.objects.filter(game=game).exists()


def test_player_page_query_count_is_small(client, game, django_assert_max_num_queries):
    # A fixed number whatever the event's size: the page's games, the clock strip, the
    # sportsmanship ballot and the army list each read once. The player's place comes from
    # the published standings, computed once per change for every phone (4 more queries on
    # the first read after a change, none after). One more: the play-offs' link (their app's
    # PLAYER_PAGE_LINKS hook looks for the player's next knockout game), and one for the
    # people's link (the player's results across events, once a public event shows them).
    # One more: the army list and the event's list settings live in the rosters app, read
    # together in one query by its PLAYER_PAGE_SECTIONS hook. Issue 35: the clocks app's
    # section reads whether the event has game clocks (this one has none); the judge call card
    # reads the current game with its latest call; the player's cards of the last 366 days
    # from every event (people's section, one query); and three on the first read after a
    # change: the penalties the standings count and the marks they show, and the tables given
    # more time beside the clock, once per change for every phone. Issue 37: whether the
    # player's person left ratings (the ratings app's section, one query), and two for "why
    # this opponent" (the player's own lines of the round's pairing record, then the names).
    # Issue 36: the player's latest answer on publishing beyond the event (people's section,
    # one query).
    url = reverse("player-home", args=[game.player_a.private_key])
    with django_assert_max_num_queries(31):
        client.get(url)
    with django_assert_max_num_queries(23):
        client.get(url)
