"""Two answers for one game sent at the same moment count once (PostgreSQL, real threads)."""

from __future__ import annotations

import pytest

from tests.threads import run_at_once
from tournament.models import SportsVote
from tournament.services.standings.awards import sports_vote

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def test_two_votes_at_once_count_once(played, four):
    game = played["Ann"]
    outcomes = run_at_once(
        [
            lambda: sports_vote(game_id=game.pk, player=four["Ann"], favourite=True),
            lambda: sports_vote(game_id=game.pk, player=four["Ann"], favourite=False),
            lambda: sports_vote(game_id=game.pk, player=four["Bob"], favourite=True),
        ]
    )
    kinds = sorted(kind for kind, _ in outcomes)
    assert kinds == ["ok", "ok", "refused"]
    refused = next(value for kind, value in outcomes if kind == "refused")
    assert refused.codes == {"game": ["already_voted"]}
    assert SportsVote.objects.filter(game=game, voter=four["Ann"]).count() == 1
    assert SportsVote.objects.filter(game=game, voter=four["Bob"]).count() == 1
