"""The clock's stream: the other phone hears a tap without asking.

Served two ways: under the push server (ASGI) a stream follows the process's change feed; under
a WSGI server (development, the test server) it reads the clock itself for a short while. Both
start with the clock as it stands and send each newer version once."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.conftest import add_players
from tests.helpers import run_async

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def game(event, organiser):
    from tournament.services.events.events import event_update
    from tournament.services.rounds.rounds import round_create

    event_update(event=event, user=organiser, changes={"game_clock_minutes": 90})
    a, b = add_players(event, organiser, 2)
    round_ = round_create(
        event_id=event.pk, user=organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}]
    )
    return round_.games.select_related("player_a", "player_b").get()


def _events(chunk: bytes) -> list[dict]:
    return [json.loads(line[5:]) for line in chunk.decode().split("\n") if line.startswith("data:")]


def _tap(game, action: str, version: int, player):
    from clocks.services.clocks import clock_move

    return clock_move(game_id=game.pk, action=action, version=version, player=player)


def test_the_stream_starts_with_the_clock_and_carries_each_tap(client, game, monkeypatch):
    from ops.push import sse

    monkeypatch.setattr(sse, "WSGI_EVERY_S", 0.01)
    monkeypatch.setattr(sse, "WSGI_LIFETIME_S", 5)
    url = f"/api/games/{game.pk}/clock/stream/?key={game.player_b.private_key}"
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert "no-store" in response["Cache-Control"]
    chunks = iter(response.streaming_content)
    first = _events(next(chunks))
    assert [(e["version"], e["running"]) for e in first] == [(0, None)]
    _tap(game, "start", 0, game.player_a)
    assert [(e["version"], e["running"]) for e in _events(next(chunks))] == [(1, "a")]
    _tap(game, "pass", 1, game.player_a)
    assert [(e["version"], e["running"]) for e in _events(next(chunks))] == [(2, "b")]


def test_a_hidden_events_stream_needs_a_key_of_the_game(client, game, organiser):
    """Not the public's, not another player's of the event: the game's own players'."""
    from tournament.models import Event

    Event.objects.filter(pk=game.round.event_id).update(hidden=True)
    stream = f"/api/games/{game.pk}/clock/stream/"
    assert client.get(stream).status_code == 404
    assert client.get(f"{stream}?key=not-a-key").status_code == 404
    from tournament.services.players.players import player_register

    other = player_register(
        event=game.round.event, user=organiser, name="Someone Else", faction="Orks"
    )
    assert client.get(f"{stream}?key={other.private_key}").status_code == 404
    assert client.get(f"{stream}?key={game.player_a.private_key}").status_code == 200


def test_no_stream_for_an_event_without_clocks(client, event, organiser):
    from tournament.services.rounds.rounds import round_create

    a, b = add_players(event, organiser, 2)
    round_ = round_create(
        event_id=event.pk, user=organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}]
    )
    game = round_.games.get()
    assert client.get(f"/api/games/{game.pk}/clock/stream/").status_code == 404


def test_under_the_push_server_a_tap_reaches_the_other_phone_through_the_feed(game):
    """ASGI, as the push server serves it: the stream follows the change feed."""
    from asgiref.sync import sync_to_async
    from django.test import AsyncClient

    from clocks.api import stream

    stream.clock_feed.cache_clear()

    async def go():
        client = AsyncClient()
        url = f"/api/games/{game.pk}/clock/stream/?key={game.player_b.private_key}"
        response = await client.get(url)
        chunks = aiter(response.streaming_content)
        first = _events(await anext(chunks))
        await sync_to_async(_tap)(game, "start", 0, game.player_a)
        second = _events(await asyncio.wait_for(anext(chunks), 5))
        await sync_to_async(_tap)(game, "pass", 1, game.player_a)
        third = _events(await asyncio.wait_for(anext(chunks), 5))
        await response.streaming_content.aclose()
        return first, second, third

    first, second, third = run_async(go())
    assert [e["version"] for e in first + second + third] == [0, 1, 2]
    assert third[0]["running"] == "b"
