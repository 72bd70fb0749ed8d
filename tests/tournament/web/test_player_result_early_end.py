"""The player's phone form names the winner and how the game ended in 8th and 7th edition
events (issue 26): a concession or a tabled side is the opponent's win whatever the VP (seed 000
around line 2018, seed 001 around line 310), and The Relic names its winner (seed 000 around
line 2439). The phone's choices read "I won" / "<opponent> won", whatever the player's seat."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournament.web.browser_form import form_data
from tournament.models import Result

pytestmark = pytest.mark.django_db


@pytest.fixture
def eighth_game(event, game):
    event.mission_pack = "eighth"
    event.save(update_fields=["mission_pack"])
    return game


def test_side_b_enters_a_concession_from_the_phone_and_side_a_confirms(client, eighth_game):
    game = eighth_game
    b = game.player_b
    page = client.get(reverse("player-home", args=[b.private_key])).content.decode()
    data = form_data(page, "Send result")
    assert data["outcome"] == ""
    assert data["ended"] == ""
    # B is behind on VP but A conceded: B's phone says "I won" (the form's a_wins).
    data.update({"vp_a": "5", "vp_b": "12", "outcome": "a_wins", "ended": "concession"})
    client.post(reverse("player-result", args=[b.private_key, game.pk]), data)
    current = Result.objects.get(game=game, is_current=True)
    assert (current.vp_a, current.vp_b, current.outcome, current.ended) == (
        12,
        5,
        "b",
        "concession",
    )
    client.post(reverse("player-confirm", args=[game.player_a.private_key, game.pk]))
    current = Result.objects.get(game=game, is_current=True)
    assert current.status == "confirmed"
    assert (current.outcome, current.ended) == ("b", "concession")


def test_a_leviathan_phone_form_has_no_winner_choice(client, game):
    page = client.get(reverse("player-home", args=[game.player_a.private_key])).content.decode()
    assert "outcome" not in form_data(page, "Send result")
    assert 'name="ended"' not in page
