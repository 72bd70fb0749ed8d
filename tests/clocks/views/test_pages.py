"""The clock on the player's page and the tracker: both sides' time, one big button for this
phone, the rule for a player out of time; without JavaScript a tap is a form post that comes
back to the page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clocks.models import GameClock
from clocks.services.clocks import clock_move
from clocks.templatetags.game_clocks import clock_time

pytestmark = pytest.mark.django_db


def home(player) -> str:
    return reverse("player-home", kwargs={"key": player.private_key})


def test_the_players_page_shows_the_clock_and_its_button(client, clock_game):
    html = client.get(home(clock_game.player_a)).content.decode()
    assert 'id="game-clock"' in html
    assert "Start my clock" in html
    assert "1:30:00" in html
    assert "may only score objectives they hold" in html
    assert "js/gameclock.js" in html
    assert f'data-clock-url="/api/games/{clock_game.pk}/clock/"' in html


def test_the_page_says_whose_turn_it_is(client, clock_game):
    clock_move(game_id=clock_game.pk, action="start", version=0, player=clock_game.player_a)
    mine = client.get(home(clock_game.player_a)).content.decode()
    theirs = client.get(home(clock_game.player_b)).content.decode()
    assert "End my turn" in mine
    assert "Opponent&#x27;s turn" in theirs or "Opponent's turn" in theirs


def test_a_tap_without_javascript_moves_the_clock_and_comes_back(client, clock_game):
    key = clock_game.player_a.private_key
    answer = client.post(
        reverse("clock-move", kwargs={"game_id": clock_game.pk}),
        {"action": "start", "version": "0", "key": key, "next": home(clock_game.player_a)},
    )
    assert answer.status_code == 302
    assert answer["Location"] == home(clock_game.player_a) + "#game-clock"
    assert GameClock.objects.get(game=clock_game).running == "a"
    # The same tap again (a double tap) is stale: nothing changes, the page says so.
    again = client.post(
        reverse("clock-move", kwargs={"game_id": clock_game.pk}),
        {"action": "start", "version": "0", "key": key, "next": "https://evil.example/"},
        follow=True,
    )
    assert "The clock had changed" in again.content.decode()
    assert GameClock.objects.get(game=clock_game).version == 1


def test_an_event_without_clocks_shows_none(client, event, organiser):
    from tests.conftest import add_players
    from tournament.services.rounds.rounds import round_create

    players = add_players(event, organiser, 2)
    round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": players[0].pk, "player_b": players[1].pk}],
    )
    assert 'id="game-clock"' not in client.get(home(players[0])).content.decode()


def test_the_tracker_shows_the_clock(client, clock_game):
    url = reverse("tracker-game", kwargs={"game_id": clock_game.pk})
    html = client.get(url + f"?key={clock_game.player_b.private_key}").content.decode()
    assert 'id="game-clock"' in html
    assert "Start my clock" in html


def test_staff_see_both_sides_and_start_either(org_client, clock_game):
    url = reverse("tracker-game", kwargs={"game_id": clock_game.pk})
    html = org_client.get(url).content.decode()
    assert "Start Player 001&#x27;s clock" in html or "Start Player 001's clock" in html


@pytest.mark.parametrize(
    ("seconds", "shown"), [(5400, "1:30:00"), (59.2, "1:00"), (0, "0:00"), (3599.5, "1:00:00")]
)
def test_times_are_shown_as_a_clock_shows_them(seconds, shown):
    assert clock_time(seconds) == shown


def test_the_results_board_shows_the_clock_times(org_client, clock_game, clock_event):
    from tournament.models import Result
    from tournament.services.results.results import result_enter

    clock_move(game_id=clock_game.pk, action="start", version=0, player=clock_game.player_a)
    result, _ = result_enter(
        game_id=clock_game.pk, data={"vp_a": 70, "vp_b": 50}, player=clock_game.player_a
    )
    Result.objects.filter(pk=result.pk).update(time_used_a=5400, time_used_b=3725, timed_out="a")
    html = org_client.get(reverse("manage-results", args=[clock_event.pk])).content.decode()
    assert "Game clock: A 1:30:00, B 1:02:05" in html
    assert "Player 001 ran out of time" in html


def test_the_section_names_its_stream_with_the_players_key(client, clock_game, settings):
    """The player's page gives gameclock.js the clock's stream (with the player's key, as
    EventSource sends no headers): on the page's own server in development, on the push
    server's port under `make serve`."""
    key = clock_game.player_a.private_key
    stream = f"/api/games/{clock_game.pk}/clock/stream/?key={key}"
    html = client.get(home(clock_game.player_a)).content.decode()
    assert f'data-clock-stream="{stream}"' in html
    settings.PUSH_PORT = 8001
    settings.ALLOWED_HOSTS = ["192.168.1.20", "testserver"]
    html = client.get(home(clock_game.player_a), HTTP_HOST="192.168.1.20:8000").content.decode()
    assert f'data-clock-stream="http://192.168.1.20:8001{stream}"' in html


def test_under_serve_the_pages_policy_lets_them_reach_the_push_server(client, clock_game, settings):
    """Under `make serve` the clock's stream is on the push server, this host's other port,
    which is another origin: the page's Content-Security-Policy must name it, or browsers
    refuse the stream and the other phone falls back to polling every 2 s. Without a push
    server the policy names this site only."""
    answer = client.get(home(clock_game.player_a))
    assert "connect-src 'self';" in answer["Content-Security-Policy"]
    settings.PUSH_PORT = 8001
    settings.ALLOWED_HOSTS = ["192.168.1.20", "testserver"]
    answer = client.get(home(clock_game.player_a), HTTP_HOST="192.168.1.20:8000")
    assert 'data-clock-stream="http://192.168.1.20:8001/' in answer.content.decode()
    assert "connect-src 'self' http://192.168.1.20:8001;" in answer["Content-Security-Policy"]
