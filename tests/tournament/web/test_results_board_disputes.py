"""A disputed game on the results board: both claims side by side, accept either in one step."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Result
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def disputed(game):
    result_enter(game_id=game.pk, data={"vp_a": 40, "vp_b": 60}, player=game.player_b)
    result_enter(game_id=game.pk, data={"vp_a": 55, "vp_b": 45}, player=game.player_a)
    return game


def _row(html: str, game) -> str:
    return html.split(f'<tr id="game-{game.pk}"')[1].split("</tr>", maxsplit=1)[0]


def test_board_shows_both_claims_with_who_and_when(org_client, event, disputed):
    html = org_client.get(reverse("manage-results", args=[event.pk])).content.decode()
    row = _row(html, disputed)
    a, b = disputed.player_a.name, disputed.player_b.name
    assert f"<strong>{a}</strong> claims {a} 55–45 {b}" in row
    assert f"<strong>{b}</strong> claims {a} 40–60 {b}" in row
    assert row.count("entered ") == 2
    assert f"Accept {a}'s 55–45" in row
    assert f"Accept {b}'s 40–60" in row
    assert "Enter another score" in row


def test_accepting_a_claim_confirms_it(org_client, event, disputed):
    older = Result.objects.get(game=disputed, entered_by_player=disputed.player_b)
    response = org_client.post(
        reverse("manage-settle", args=[event.pk, disputed.pk]),
        {"version": older.version},
        headers={"HX-Request": "true"},
    )
    row = response.content.decode()
    assert row.startswith(f'<tr id="game-{disputed.pk}" class="state-confirmed"')
    assert "40–60 accepted and confirmed" in row
    current = Result.objects.get(game=disputed, is_current=True)
    assert (current.vp_a, current.vp_b, current.status) == (40, 60, "confirmed")
    assert event.audit.filter(action="result_settle").count() == 1


def test_settling_a_missing_claim_says_so_and_changes_nothing(org_client, event, disputed):
    response = org_client.post(
        reverse("manage-settle", args=[event.pk, disputed.pk]),
        {"version": "99"},
        headers={"HX-Request": "true"},
    )
    assert "This game has no entry with that version." in response.content.decode()
    assert Result.objects.get(game=disputed, is_current=True).status == "disputed"
