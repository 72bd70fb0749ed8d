"""`/api/games/{gid}/clock/`: read by anyone who may see the game, moved by its players and
staff; a stale version is 409 stale_clock; unknown fields refused; no clocks is a clear 4xx."""

from __future__ import annotations

import pytest

from clocks.models import GameClock
from tests.clocks.conftest import key_client

pytestmark = pytest.mark.django_db


def url(game) -> str:
    return f"/api/games/{game.pk}/clock/"


def test_anyone_reads_a_public_events_clock(clock_game, anon):
    answer = anon.get(url(clock_game))
    assert answer.status_code == 200
    body = answer.json()
    assert {k: body[k] for k in ("running", "remaining_a", "remaining_b", "paused")} == {
        "running": None,
        "remaining_a": 5400,
        "remaining_b": 5400,
        "paused": False,
    }
    assert (body["paused_for"], body["version"]) == (None, 0)
    assert body["at"]


def test_a_hidden_events_clock_is_for_its_players_and_staff(clock_game, anon, api, clock_event):
    clock_event.hidden = True
    clock_event.save()
    assert anon.get(url(clock_game)).status_code == 404
    assert key_client(clock_game.player_b).get(url(clock_game)).status_code == 200
    assert api.get(url(clock_game)).status_code == 200


def test_two_phones_start_and_pass(clock_game):
    a, b = key_client(clock_game.player_a), key_client(clock_game.player_b)
    answer = a.post(url(clock_game), {"action": "start", "version": 0}, format="json")
    assert answer.status_code == 200
    assert (answer.json()["running"], answer.json()["version"]) == ("a", 1)
    # B's phone still shows version 0: its tap is stale and changes nothing.
    stale = b.post(url(clock_game), {"action": "start", "version": 0}, format="json")
    assert stale.status_code == 409
    assert stale.json()["error_codes"] == {"version": ["stale_clock"]}
    refused = b.post(url(clock_game), {"action": "pass", "version": 1}, format="json")
    assert refused.status_code == 409
    assert refused.json()["error_codes"] == {"action": ["not_your_clock"]}
    passed = a.post(url(clock_game), {"action": "pass", "version": 1}, format="json")
    assert passed.json()["running"] == "b"
    assert GameClock.objects.get(game=clock_game).version == 2


def test_unknown_fields_and_other_sides_are_refused(clock_game, anon, api):
    a = key_client(clock_game.player_a)
    answer = a.post(url(clock_game), {"action": "start", "version": 0, "x": 1}, format="json")
    assert answer.status_code == 400
    assert answer.json()["error_codes"] == {"x": ["unknown_field"]}
    answer = a.post(url(clock_game), {"action": "start", "version": 0, "side": "b"}, format="json")
    assert answer.status_code == 403
    assert anon.post(url(clock_game), {"action": "start", "version": 0}).status_code in (401, 403)
    assert not GameClock.objects.filter(game=clock_game, version__gt=0).exists()
    staff = api.post(url(clock_game), {"action": "start", "version": 0, "side": "b"}, format="json")
    assert staff.json()["running"] == "b"


def test_an_event_without_clocks_says_so(event, organiser, api):
    from tests.conftest import add_players
    from tournament.services.rounds.rounds import round_create

    players = add_players(event, organiser, 2)
    game = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": players[0].pk, "player_b": players[1].pk}],
    ).games.get()
    answer = api.get(url(game))
    assert answer.status_code == 404
    assert answer.json()["error_codes"] == {"clock": ["no_clock"]}
    moved = key_client(players[0]).post(url(game), {"action": "start", "version": 0}, format="json")
    assert moved.status_code == 409
    assert moved.json()["error_codes"] == {"game": ["no_clock"]}


def test_the_event_setting_round_trips_in_the_api(clock_event, api):
    answer = api.get(f"/api/events/{clock_event.pk}/")
    assert answer.json()["game_clock_minutes"] == 90
    changed = api.patch(
        f"/api/events/{clock_event.pk}/", {"game_clock_minutes": None}, format="json"
    )
    assert changed.status_code == 200, changed.json()
    assert changed.json()["game_clock_minutes"] is None
    bad = api.patch(f"/api/events/{clock_event.pk}/", {"game_clock_minutes": 0}, format="json")
    assert bad.status_code == 400


def test_a_results_answer_carries_the_clock_times(clock_game, api):
    a = key_client(clock_game.player_a)
    a.post(url(clock_game), {"action": "start", "version": 0}, format="json")
    answer = a.post(
        f"/api/games/{clock_game.pk}/result/", {"vp_a": 60, "vp_b": 40}, format="json"
    )
    assert answer.status_code in (200, 201), answer.json()
    body = answer.json()
    assert body["time_used_a"] is not None and body["time_used_a"] >= 0
    assert body["time_used_b"] == 0
    assert body["timed_out"] is None
    clock = api.get(url(clock_game)).json()
    assert (clock["running"], clock["finished"]) == (None, True)
