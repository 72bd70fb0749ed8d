"""Fixtures for the game clocks: an event with 90-minute clocks and one game of two players."""

from __future__ import annotations

import pytest

from tests.conftest import add_players


@pytest.fixture
def clock_event(event, organiser):
    from tournament.services.events.events import event_update

    return event_update(event=event, user=organiser, changes={"game_clock_minutes": 90})


@pytest.fixture
def clock_game(clock_event, organiser):
    from tournament.services.rounds.rounds import round_create

    players = add_players(clock_event, organiser, 4)
    round_ = round_create(
        event_id=clock_event.pk,
        user=organiser,
        pairings=[
            {"player_a": players[0].pk, "player_b": players[1].pk},
            {"player_a": players[2].pk, "player_b": players[3].pk},
        ],
    )
    return round_.games.select_related("player_a", "player_b").get(player_a=players[0])


def key_client(player):
    from rest_framework.test import APIClient

    client = APIClient()
    if player is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    return client
