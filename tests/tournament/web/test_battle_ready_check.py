"""Battle Ready is checked against registration: a result that gives the bonus to a player not
registered as Battle Ready is accepted (scripts send it) but flagged to staff on the board."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tracker.web.conftest import key_client

pytestmark = pytest.mark.django_db


def _row(html: str, game) -> str:
    return html.split(f'<tr id="game-{game.pk}"')[1].split("</tr>", maxsplit=1)[0]


def test_an_unregistered_battle_ready_bonus_is_accepted_and_flagged(org_client, event, game):
    a, b = game.player_a, game.player_b
    assert not a.battle_ready
    body = {"primary_a": 45, "secondary_a": 40, "battle_ready_a": 10, "vp_b": 20}
    response = key_client(a).post(f"/api/games/{game.pk}/result/", body, format="json")
    assert response.status_code in (200, 201), response.json()
    assert response.json()["vp_a"] == 95
    row = _row(org_client.get(reverse("manage-results", args=[event.pk])).content.decode(), game)
    assert (
        f"{a.name} has the Battle Ready bonus (10 VP) but is not registered as Battle Ready" in row
    )
    assert b.name + " has the Battle Ready" not in row


def test_a_registered_player_is_not_flagged(org_client, event, game):
    a = game.player_a
    a.battle_ready = True
    a.save(update_fields=["battle_ready"])
    body = {"vp_a": 80, "battle_ready_a": 10, "vp_b": 20}
    assert key_client(a).post(f"/api/games/{game.pk}/result/", body, format="json").status_code in (
        200,
        201,
    )
    row = _row(org_client.get(reverse("manage-results", args=[event.pk])).content.decode(), game)
    assert "not registered as Battle Ready" not in row


def test_the_phone_form_sends_the_tick_and_the_opponent_confirms_by_typing(client, game):
    """A registered player's tick records the bonus within their total; the opponent typing the
    same totals (no tick) agrees: confirmed, not disputed."""
    from tournament.models import Result

    a, b = game.player_a, game.player_b
    a.battle_ready = True
    a.save(update_fields=["battle_ready"])
    url = reverse("player-result", args=[a.private_key, game.pk])
    client.post(url, {"vp_a": 80, "vp_b": 60, "battle_ready": "1"})
    result = Result.objects.get(game=game, is_current=True)
    assert (result.vp_a, result.vp_b, result.battle_ready_a, result.status) == (
        80,
        60,
        10,
        "pending",
    )
    client.post(reverse("player-result", args=[b.private_key, game.pk]), {"vp_a": 60, "vp_b": 80})
    result = Result.objects.get(game=game, is_current=True)
    assert result.status == "confirmed"
    assert result.battle_ready_a == 10


@pytest.mark.parametrize(("vp", "flagged"), [(91, True), (100, True), (90, False)])
def test_a_bare_total_only_the_bonus_reaches_is_flagged_like_a_breakdown(
    org_client, event, game, vp, flagged
):
    """A total above what the pack's caps allow without the bonus (90 of 100) claims it."""
    a, b = game.player_a, game.player_b
    assert not a.battle_ready
    body = {"vp_a": vp, "vp_b": 20}
    assert key_client(a).post(f"/api/games/{game.pk}/result/", body, format="json").status_code in (
        200,
        201,
    )
    row = _row(org_client.get(reverse("manage-results", args=[event.pk])).content.decode(), game)
    words = (
        f"{a.name} scored {vp} VP, more than the 90 VP anyone scores without the Battle Ready "
        "bonus, but is not registered as Battle Ready"
    )
    assert (words in row) is flagged
    assert b.name + " scored" not in row


def test_a_registered_player_with_a_high_bare_total_is_not_flagged(org_client, event, game):
    a = game.player_a
    a.battle_ready = True
    a.save(update_fields=["battle_ready"])
    body = {"vp_a": 96, "vp_b": 20}
    assert key_client(a).post(f"/api/games/{game.pk}/result/", body, format="json").status_code in (
        200,
        201,
    )
    row = _row(org_client.get(reverse("manage-results", args=[event.pk])).content.decode(), game)
    assert "not registered as Battle Ready" not in row
