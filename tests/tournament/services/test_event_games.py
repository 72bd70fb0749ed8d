"""What the standings and the pairing engine read: confirmed results and byes only."""

import pytest

from tests.conftest import add_players
from tournament.services.results.results import result_enter
from tournament.services.rounds.records import event_games
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


def test_only_confirmed_results_and_byes_count(event, organiser):
    p = add_players(event, organiser, 7)
    pairs = [{"player_a": p[i].pk, "player_b": p[i + 1].pk} for i in (0, 2, 4)]
    round_ = round_create(
        event_id=event.pk, user=organiser, pairings=[*pairs, {"player_a": p[6].pk}]
    )
    confirmed, pending, disputed = round_.games.filter(player_b__isnull=False).order_by(
        "table_number"
    )
    result_enter(game_id=confirmed.pk, data={"vp_a": 70, "vp_b": 40}, user=organiser)
    result_enter(game_id=pending.pk, data={"vp_a": 60, "vp_b": 40}, player=pending.player_a)
    result_enter(game_id=disputed.pk, data={"vp_a": 60, "vp_b": 40}, player=disputed.player_a)
    result_enter(game_id=disputed.pk, data={"vp_a": 40, "vp_b": 60}, player=disputed.player_b)

    def scores(games):
        return {(g.player_a, g.player_b): (g.vp_a, g.vp_b) for g in games}

    assert scores(event_games(event)) == {
        (p[0].pk, p[1].pk): (70, 40),
        (p[2].pk, p[3].pk): (None, None),
        (p[4].pk, p[5].pk): (None, None),
        (p[6].pk, None): (event.bye_vp, None),
    }
    assert scores(event_games(event, include_unconfirmed=True)) == {
        (p[0].pk, p[1].pk): (70, 40),
        (p[2].pk, p[3].pk): (60, 40),
        (p[4].pk, p[5].pk): (40, 60),
        (p[6].pk, None): (event.bye_vp, None),
    }
    # Forced, the next round is paired from the same confirmed-only records.
    assert round_create(event_id=event.pk, user=organiser, force=True, seed=1).number == 2
