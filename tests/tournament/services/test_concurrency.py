"""Several people acting at once: real threads, each with its own database connection.

Runs on both databases: SQLite serialises writers with IMMEDIATE transactions, PostgreSQL
with row locks. Either way no result or round may be lost or duplicated.
"""

import pytest

from tests.conftest import add_players
from tests.threads import run_at_once
from tournament.models import Result, Round
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def game(event, organiser):
    players = add_players(event, organiser, 2)
    round_ = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": players[0].pk, "player_b": players[1].pk}],
    )
    return round_.games.get()


def test_same_result_entered_by_many_at_once_is_stored_once(game, organiser):
    jobs = [
        lambda: result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 45}, user=organiser)
        for _ in range(6)
    ]
    outcomes = run_at_once(jobs)
    created = [o[1][1] for o in outcomes]
    assert created.count(True) == 1
    assert Result.objects.filter(game=game).count() == 1


def test_different_results_at_once_make_contiguous_versions_one_current(game, organiser):
    jobs = [
        (lambda vp=vp: result_enter(game_id=game.pk, data={"vp_a": vp, "vp_b": 45}, user=organiser))
        for vp in range(50, 58)
    ]
    run_at_once(jobs)
    versions = sorted(Result.objects.filter(game=game).values_list("version", flat=True))
    assert versions == list(range(1, 9))
    assert Result.objects.filter(game=game, is_current=True).count() == 1


def test_both_players_submit_at_once(game):
    a, b = game.player_a, game.player_b
    outcomes = run_at_once(
        [
            lambda: result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 45}, player=a),
            lambda: result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 45}, player=b),
        ]
    )
    assert all(o[0] == "ok" for o in outcomes)
    results = Result.objects.filter(game=game)
    assert results.count() == 1
    assert results.get().status == "confirmed"


def test_round_paired_twice_at_once_makes_one_round(event, organiser):
    players = add_players(event, organiser, 4)
    pairs = [
        {"player_a": players[0].pk, "player_b": players[1].pk},
        {"player_a": players[2].pk, "player_b": players[3].pk},
    ]
    outcomes = run_at_once(
        [lambda: round_create(event_id=event.pk, user=organiser, pairings=pairs) for _ in range(3)]
    )
    assert [o[0] for o in outcomes].count("ok") == 1
    assert Round.objects.filter(event=event).count() == 1
    assert Round.objects.get(event=event).games.count() == 2
