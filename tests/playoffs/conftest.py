"""A finished 64-player Swiss, built in bulk: players in one INSERT, each round paired by the
engine and its results written in one INSERT (the higher player id wins, by a margin that
varies, so the standings are a strict order)."""

from __future__ import annotations

import pytest
from django.db import transaction

from tournament.models import Player, Result, ResultSource, ResultStatus
from tournament.services.events.events import event_create
from tournament.services.results.results import round_refresh_status
from tournament.services.rounds.rounds import round_create


def swiss_round(event, user, number: int) -> None:
    round_ = round_create(event_id=event.pk, user=user, seed=number)
    results = []
    for game in round_.games.filter(player_b__isnull=False):
        hi = max(game.player_a_id, game.player_b_id)
        margin = 5 + (game.player_a_id * 7 + game.player_b_id * 3 + number) % 40
        vp_a, vp_b = (60 + margin, 60) if game.player_a_id == hi else (60, 60 + margin)
        results.append(
            Result(
                game=game,
                version=1,
                vp_a=vp_a,
                vp_b=vp_b,
                status=ResultStatus.CONFIRMED,
                source=ResultSource.ORGANISER,
            )
        )
    Result.objects.bulk_create(results)
    # The service locks the round row: inside a transaction, as its callers are (the browser
    # checks run without the test's own transaction).
    with transaction.atomic():
        round_refresh_status(round_)


def swiss_event(user, players: int = 64, rounds: int = 6, played: int | None = None):
    event = event_create(user=user, name="Knockout GT", rounds=rounds, seed=1)
    Player.objects.bulk_create(
        Player(event=event, name=f"Player {i:02d}", faction="Orks", club=f"Club {i % 5}")
        for i in range(1, players + 1)
    )
    for number in range(1, (rounds if played is None else played) + 1):
        swiss_round(event, user, number)
    return event


@pytest.fixture
def swiss64(organiser):
    return swiss_event(organiser)
