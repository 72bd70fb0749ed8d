"""Issue 26 item 4 on the results board: the organiser records a concession or a tabled side
(seed 000 around line 2018, seed 001 around line 310: the opponent wins at once), and saving the
row unchanged, as a browser posts it, changes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournament.web.browser_form import form_data
from tournament.models import Result

pytestmark = pytest.mark.django_db


def _row(org_client, event, game) -> str:
    html = org_client.get(reverse("manage-results", args=[event.pk])).content.decode()
    return html.split(f'<tr id="game-{game.pk}"')[1].split("</tr>", maxsplit=1)[0]


def test_the_board_records_a_concession_and_round_trips(org_client, event, game):
    url = reverse("manage-result", args=[event.pk, game.pk])
    body = {"vp_a": 60, "vp_b": 20, "outcome": "b_wins", "ended": "concession"}
    org_client.post(url, body, headers={"HX-Request": "true"})
    current = Result.objects.get(game=game, is_current=True)
    assert (current.outcome, current.ended, current.vp_a) == ("b", "concession", 60)
    data = form_data(f'<tr id="game-{game.pk}"' + _row(org_client, event, game), "Fix")
    assert data["outcome"] == "b_wins"
    assert data["ended"] == "concession"
    org_client.post(url, data, headers={"HX-Request": "true"})
    assert Result.objects.filter(game=game).count() == 1


def test_the_board_names_the_field_of_an_early_end_without_a_winner(org_client, event, game):
    url = reverse("manage-result", args=[event.pk, game.pk])
    response = org_client.post(
        url, {"vp_a": 60, "vp_b": 20, "ended": "tabled"}, headers={"HX-Request": "true"}
    )
    assert "Say who won" in response.content.decode()
    assert not Result.objects.filter(game=game).exists()


def test_only_war_power_levels_on_the_board_round_trip(org_client, event, game):
    # Seed 003 around lines 1700-1723: equal VP goes to the Underdog, the lower Power Level.
    event.mission_pack = "only_war"
    event.save(update_fields=["mission_pack"])
    url = reverse("manage-result", args=[event.pk, game.pk])
    org_client.post(
        url, {"vp_a": 6, "vp_b": 6, "power_a": 30, "power_b": 45}, headers={"HX-Request": "true"}
    )
    current = Result.objects.get(game=game, is_current=True)
    assert (current.outcome, current.power_a, current.power_b) == ("a", 30, 45)
    data = form_data(f'<tr id="game-{game.pk}"' + _row(org_client, event, game), "Fix")
    assert (data["power_a"], data["power_b"]) == ("30", "45")
    org_client.post(url, data, headers={"HX-Request": "true"})
    assert Result.objects.filter(game=game).count() == 1
