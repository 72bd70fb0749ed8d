"""POST /api/games/{gid}/extension/ and the game's `ends_at` / `extra_minutes` (issue 35)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from unittest.mock import patch

import pytest

from tournament.models import AuditEntry, Game
from tournament.services.live.clock import round_clock_act
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)


@pytest.fixture
def game(event, organiser, players):
    round_create(event_id=event.pk, user=organiser, seed=1)
    return Game.objects.filter(round__event=event, player_b__isnull=False).order_by("table_number")[
        0
    ]


def test_staff_extend_a_table_and_its_end_moves(api, anon, event, organiser, game):
    assert anon.get(f"/api/games/{game.pk}/").json()["ends_at"] is None
    with patch("django.utils.timezone.now", return_value=T0):
        round_clock_act(event=event, round_number=1, user=organiser, action="start", minutes=180)
    shown = anon.get(f"/api/games/{game.pk}/").json()
    assert shown["extra_minutes"] == 0
    assert datetime.fromisoformat(shown["ends_at"]) == T0 + timedelta(minutes=180)
    answer = api.post(
        f"/api/games/{game.pk}/extension/", {"minutes": 10, "reason": "Judge call"}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["extra_minutes"] == 10
    shown = anon.get(f"/api/games/{game.pk}/").json()
    assert datetime.fromisoformat(shown["ends_at"]) == T0 + timedelta(minutes=190)
    assert shown["extra_minutes"] == 10
    rnd = anon.get(f"/api/events/{event.pk}/rounds/1/").json()
    mine = next(g for g in rnd["games"] if g["id"] == game.pk)
    assert mine["extra_minutes"] == 10


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"minutes": 0, "reason": "x"}, "minutes"),
        ({"minutes": 121, "reason": "x"}, "minutes"),
        ({"minutes": "10", "reason": "x"}, "minutes"),
        ({"minutes": 10}, "reason"),
        ({"minutes": 10, "reason": "x", "table": 3}, "table"),
    ],
)
def test_bad_bodies_are_400_naming_the_field(api, game, body, field):
    answer = api.post(f"/api/games/{game.pk}/extension/", body, format="json")
    assert answer.status_code == 400
    assert field in answer.json()
    assert Game.objects.get(pk=game.pk).extra_minutes == 0
    assert not AuditEntry.objects.filter(action="game_extend").exists()


def test_the_public_and_players_may_not_extend(anon, game):
    answer = anon.post(
        f"/api/games/{game.pk}/extension/", {"minutes": 5, "reason": "x"}, format="json"
    )
    assert answer.status_code in (401, 403)
    key = game.player_a.private_key
    anon.credentials(HTTP_AUTHORIZATION=f"Key {key}")
    answer = anon.post(
        f"/api/games/{game.pk}/extension/", {"minutes": 5, "reason": "x"}, format="json"
    )
    assert answer.status_code in (401, 403)
    assert Game.objects.get(pk=game.pk).extra_minutes == 0
