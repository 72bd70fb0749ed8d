"""A hidden 11th-edition event's games do not exist for anyone outside its staff: changing a
layout (API or page) answers as for a game that never was; a player's key of another event
cannot reach it either."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tournament.models import Game
from tournament.services.events.events import event_create, event_update
from tournament.services.players.players import player_register
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db
MISSING = 987_654


@pytest.fixture
def hidden_game(organiser):
    event = event_create(user=organiser, name="Secret XI", rounds=3, mission_pack="eleventh")
    for i, disposition in enumerate(("disruption", "reconnaissance")):
        player_register(event=event, user=organiser, name=f"S{i}", disposition=disposition)
    round_create(event_id=event.pk, user=organiser, seed=1)
    event_update(event=event, user=organiser, changes={"hidden": True})
    return Game.objects.get(round__event=event)


def _api_answers(client, game_id: int) -> list[int]:
    return [
        client.get(f"/api/games/{game_id}/").status_code,
        client.patch(f"/api/games/{game_id}/", {"layout": "B"}, format="json").status_code,
    ]


def test_the_api_says_not_found_for_a_hidden_games_layout(hidden_game, other_organiser):
    rival = APIClient()
    rival.force_authenticate(other_organiser)
    assert _api_answers(rival, hidden_game.pk) == _api_answers(rival, MISSING) == [404, 404]
    anon = APIClient()
    assert _api_answers(anon, hidden_game.pk) == _api_answers(anon, MISSING) == [404, 404]
    assert Game.objects.get(pk=hidden_game.pk).layout == hidden_game.layout


def test_the_round_pages_layout_control_is_not_found_for_others(hidden_game, other_organiser):
    client = Client()
    client.force_login(other_organiser)
    event_id = hidden_game.round.event_id
    for game_id in (hidden_game.pk, MISSING):
        url = reverse("manage-game-layout", args=[event_id, game_id])
        assert client.post(url, {"layout": "B"}).status_code == 404
    assert Game.objects.get(pk=hidden_game.pk).layout == hidden_game.layout


def test_a_players_key_of_another_event_cannot_change_it(hidden_game, organiser):
    other = event_create(user=organiser, name="Open", rounds=3, mission_pack="eleventh")
    player = player_register(event=other, user=organiser, name="Stranger")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    assert _api_answers(client, hidden_game.pk) == [404, 404]
