"""Fixtures for the tracker's web side: an event game with two players and a stranger."""

from __future__ import annotations

import pytest

from tests.conftest import add_players


@pytest.fixture
def event_game(event, organiser):
    from tournament.services.rounds.rounds import round_create

    players = add_players(event, organiser, 4)
    round_ = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[
            {"player_a": players[0].pk, "player_b": players[1].pk},
            {"player_a": players[2].pk, "player_b": players[3].pk},
        ],
    )
    return round_.games.get(player_a=players[0])


@pytest.fixture
def stranger(event_game):
    """A player of the same event, in another game."""
    from tournament.models import Player

    return Player.objects.exclude(pk__in=[event_game.player_a_id, event_game.player_b_id]).first()


def key_client(player):
    from rest_framework.test import APIClient

    client = APIClient()
    if player is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    return client
