"""A per-table extension on the pages (issue 35): the round page's form, the public pairings'
"+10 min", the player's own end time, the big screen and the clock's "still playing"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from unittest.mock import patch

import pytest

from tournament.models import Game
from tournament.services.live.clock import round_clock_act
from tournament.services.rounds.extensions import game_extend
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(event, organiser, players):
    round_create(event_id=event.pk, user=organiser, seed=1)
    return Game.objects.filter(round__event=event, player_b__isnull=False).order_by("table_number")[
        0
    ]


def test_staff_give_a_table_more_time_from_the_round_page(org_client, event, game):
    page = org_client.get(f"/manage/events/{event.pk}/rounds/").content.decode()
    assert f"More time for table {game.table_number}" in page
    answer = org_client.post(
        f"/manage/events/{event.pk}/games/{game.pk}/extension/",
        {"minutes": "10", "reason": "Rules dispute", "next": f"/manage/events/{event.pk}/rounds/"},
        follow=True,
    )
    assert answer.status_code == 200
    assert f"Table {game.table_number}: +10 min in all." in answer.content.decode()
    assert Game.objects.get(pk=game.pk).extra_minutes == 10


def test_a_bad_extension_says_why_and_changes_nothing(org_client, event, game):
    answer = org_client.post(
        f"/manage/events/{event.pk}/games/{game.pk}/extension/",
        {"minutes": "0", "reason": ""},
        follow=True,
    )
    assert "Minutes" in answer.content.decode()
    assert Game.objects.get(pk=game.pk).extra_minutes == 0


def test_the_public_pairings_show_the_extension_beside_the_table(client, event, organiser, game):
    game_extend(game_id=game.pk, minutes=10, reason="Judge call", user=organiser)
    page = client.get(f"/events/{event.pk}/pairings/").content.decode()
    assert "+10 min" in page
    assert "Judge call" not in page
    by_name = client.get(f"/events/{event.pk}/pairings/?by=name").content.decode()
    assert "+10 min" in by_name


def test_the_clock_shows_an_extended_table_still_playing_after_time(client, event, organiser, game):
    t0 = datetime.now(UTC) - timedelta(hours=4)
    with patch("django.utils.timezone.now", return_value=t0):
        round_clock_act(event=event, round_number=1, user=organiser, action="start", minutes=180)
    game_extend(game_id=game.pk, minutes=10, reason="Judge call", user=organiser)
    page = client.get(f"/events/{event.pk}/pairings/").content.decode()
    assert "Time is up" in page
    assert f'Still playing: <span class="extension">table {game.table_number} +10 min' in page
    screen = client.get(f"/events/{event.pk}/screen/").content.decode()
    assert "+10 min" in screen


def test_the_player_sees_their_tables_own_end(client, event, organiser, game):
    t0 = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)
    with patch("django.utils.timezone.now", return_value=t0):
        round_clock_act(event=event, round_number=1, user=organiser, action="start", minutes=180)
    game_extend(game_id=game.pk, minutes=10, reason="Judge call", user=organiser)
    page = client.get(f"/p/{game.player_a.private_key}/").content.decode()
    assert "+10 min" in page
    assert "it ends at" in page
    assert "13:10" in page or "14:10" in page  # 13:10 UTC in the event's zone
