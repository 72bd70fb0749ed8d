"""The last confirmations of a round committing at the same moment still complete the round.

Under PostgreSQL's READ COMMITTED each confirming transaction counts the others' confirmations
as not yet made unless the refresh of the round's status is serialised on the round row.
"""

import pytest

from tests.conftest import add_players
from tests.threads import run_at_once
from tournament.models import Result, Round, RoundStatus
from tournament.services.results.results import result_confirm, result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

GAMES = 50


def test_fifty_confirmations_at_once_complete_the_round(event, organiser):
    players = add_players(event, organiser, 2 * GAMES)
    pairs = [
        {"player_a": players[i].pk, "player_b": players[i + 1].pk} for i in range(0, 2 * GAMES, 2)
    ]
    round_ = round_create(event_id=event.pk, user=organiser, pairings=pairs)
    games = list(round_.games.select_related("player_a", "player_b"))
    for game in games:
        result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, player=game.player_a)
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.IN_PROGRESS

    outcomes = run_at_once(
        [
            (lambda game=game: result_confirm(game_id=game.pk, player=game.player_b))
            for game in games
        ]
    )

    assert [o[0] for o in outcomes] == ["ok"] * GAMES
    assert Result.objects.filter(game__round=round_, status="confirmed").count() == GAMES
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.COMPLETE
