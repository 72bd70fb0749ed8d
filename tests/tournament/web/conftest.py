"""An event mid-round: eight players, round 1 paired with a fixed seed."""

from __future__ import annotations

import pytest


@pytest.fixture
def paired(event, players, organiser):
    from tournament.services.rounds.rounds import round_create

    return round_create(event_id=event.pk, user=organiser, seed=7)


@pytest.fixture
def game(paired):
    return paired.games.filter(player_b__isnull=False).order_by("table_number").first()
