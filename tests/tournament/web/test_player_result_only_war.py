"""Only War from the player's phone (issue 26): each player enters both armies' Power Levels
with the score. Seed 003 lines 1701-1705: the army with the lower Power Level is the
Underdog (on equal Power Levels, the player who assigned the deployment zones); lines
1723-1727: equal VP is a minor victory for the Underdog. The phone's fields read "mine" and
"theirs" whatever the player's seat, and the scoring rules are the API's."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournament.web.browser_form import form_data
from tournament.models import Result

pytestmark = pytest.mark.django_db


@pytest.fixture
def only_war_game(event, game):
    event.mission_pack = "only_war"
    event.save(update_fields=["mission_pack"])
    return game


def _page(client, player) -> str:
    return client.get(reverse("player-home", args=[player.private_key])).content.decode()


def test_the_phone_form_asks_both_power_levels_and_round_trips(client, only_war_game):
    game = only_war_game
    page = _page(client, game.player_b)
    assert f"{game.player_a.name}'s Power Level" in page.replace("&#x27;", "'")
    assert "My army's Power Level" in page.replace("&#x27;", "'")
    data = form_data(page, "Send result")
    assert (data["power_a"], data["power_b"], data["outcome"], data["ended"]) == ("", "", "", "")
    # Sent as shown with only the VP typed: no Power Levels, the VP decide.
    data.update({"vp_a": "7", "vp_b": "4"})
    client.post(reverse("player-result", args=[game.player_b.private_key, game.pk]), data)
    current = Result.objects.get(game=game, is_current=True)
    assert (current.vp_a, current.vp_b, current.power_a, current.power_b) == (4, 7, None, None)
    assert current.outcome == "b"


def test_equal_vp_goes_to_the_lower_power_level_entered_from_side_b(client, only_war_game):
    game = only_war_game
    b = game.player_b
    data = form_data(_page(client, b), "Send result")
    # B's army is the smaller (40 against 52): the Underdog, who wins equal VP.
    data.update({"vp_a": "6", "vp_b": "6", "power_a": "40", "power_b": "52"})
    client.post(reverse("player-result", args=[b.private_key, game.pk]), data)
    current = Result.objects.get(game=game, is_current=True)
    assert (current.power_a, current.power_b) == (52, 40)  # the game's sides: A 52, B 40
    assert (current.vp_a, current.vp_b, current.outcome) == (6, 6, "b")
    client.post(reverse("player-confirm", args=[game.player_a.private_key, game.pk]))
    current = Result.objects.get(game=game, is_current=True)
    assert (current.status, current.outcome) == ("confirmed", "b")


def test_a_winner_against_the_underdog_rule_is_refused_and_nothing_is_saved(client, only_war_game):
    game = only_war_game
    a = game.player_a
    data = form_data(_page(client, a), "Send result")
    # A's army is the bigger, VP are equal, yet A's phone says "I won": refused as the API does.
    data.update({"vp_a": "3", "vp_b": "3", "power_a": "60", "power_b": "45", "outcome": "a_wins"})
    response = client.post(reverse("player-result", args=[a.private_key, game.pk]), data)
    assert response.status_code == 302
    assert not Result.objects.filter(game=game).exists()
    page = client.get(response["Location"]).content.decode()
    assert "the Underdog (the lower Power Level) wins" in page
    # What was typed is still in the boxes.
    kept = form_data(page, "Send result")
    assert (kept["power_a"], kept["power_b"]) == ("60", "45")


def test_equal_power_levels_and_equal_vp_name_the_underdog(client, only_war_game):
    # Seed 003 line 1705: on equal Power Levels the player who assigned the deployment
    # zones is the Underdog; only the players know who that was, so the phone names them.
    game = only_war_game
    a = game.player_a
    data = form_data(_page(client, a), "Send result")
    data.update({"vp_a": "5", "vp_b": "5", "power_a": "50", "power_b": "50", "outcome": "b_wins"})
    client.post(reverse("player-result", args=[a.private_key, game.pk]), data)
    current = Result.objects.get(game=game, is_current=True)
    assert (current.outcome, current.power_a, current.power_b) == ("b", 50, 50)


def test_an_eighth_edition_phone_form_has_no_power_levels(client, event, game):
    event.mission_pack = "eighth"
    event.save(update_fields=["mission_pack"])
    assert "power_a" not in form_data(_page(client, game.player_a), "Send result")
