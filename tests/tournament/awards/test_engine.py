"""The awards' arithmetic (pure engine): exact shares, weights, shared ranks, and the
painting, sports and overall metrics ranking the standings."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournament.engine import compute_standings, known_metrics
from tournament.engine.records import GameRecord, PlayerEntry
from tournament.engine.standings.awards import (
    AwardInputs,
    AwardWeights,
    award_table,
    overall_score,
    shared_ranks,
)

PLAYERS = [PlayerEntry(i, f"P{i}") for i in (1, 2, 3, 4)]
# Round 1: 1 beats 2, 3 beats 4; round 2: 1 beats 3, 2 draws 4.
GAMES = [
    GameRecord(1, 1, 2, 60, 40),
    GameRecord(1, 3, 4, 55, 50),
    GameRecord(2, 1, 3, 70, 30),
    GameRecord(2, 2, 4, 45, 45),
]


def test_the_awards_metrics_are_in_the_registry():
    assert {"painting", "sports", "overall"} <= set(known_metrics())


def test_overall_is_the_exact_weighted_mean_of_the_three_shares():
    weights = AwardWeights(battle=3, painting=1, sports=1, painting_max=20)
    inputs = AwardInputs(painting={1: 10, 2: 20, 3: 15}, votes={2: 2, 4: 1}, weights=weights)
    rows = {r.player_id: r for r in award_table(PLAYERS, GAMES, awards=inputs, bye_vp=60)}
    # Player 1: 2 wins of 2 rounds (1), painting 10/20, no votes of 2 games.
    assert rows[1].battle_share == 1
    assert rows[1].painting_share == Fraction(1, 2)
    assert rows[1].sports_share == 0
    assert rows[1].overall == Fraction(3 * 1 + Fraction(1, 2), 5)
    # Player 2: a loss and a draw (1/4), painting 20/20, votes from both opponents (1).
    assert rows[2].battle_share == Fraction(1, 4)
    assert rows[2].overall == Fraction(3 * Fraction(1, 4) + 1 + 1, 5)
    # Player 4 was never judged: counts 0 and is shown as not judged.
    assert rows[4].painting is None
    assert rows[4].painting_share == 0
    assert rows[4].votes == 1
    assert rows[4].vote_games == 2


def test_equal_overall_scores_share_a_rank_exactly():
    # Thirds that floats would make unequal: 1/3 + 1/3 + 1/3 against 1.
    assert overall_score((Fraction(1, 3),) * 3, AwardWeights(1, 1, 1, 20)) == Fraction(1, 3)
    ranks = shared_ranks({1: Fraction(1, 3), 2: Fraction(2, 6), 3: Fraction(1, 2)}, [1, 2, 3])
    assert ranks == [(3, 1, False), (1, 2, True), (2, 2, True)]
    ranks = shared_ranks({1: 5, 2: 5, 3: 5, 4: 1}, [4, 3, 2, 1])
    assert [(p, r) for p, r, _ in ranks] == [(3, 1), (2, 1), (1, 1), (4, 4)]


def test_only_battle_weighted_ranks_by_record():
    inputs = AwardInputs(painting={4: 20}, weights=AwardWeights(1, 0, 0, 20))
    rows = award_table(PLAYERS, GAMES, awards=inputs, bye_vp=60)
    assert [(r.player_id, r.rank) for r in rows] == [(1, 1), (3, 2), (2, 3), (4, 3)]


@pytest.mark.parametrize(
    ("metric", "inputs", "order"),
    [
        # 2 and 4 are tied on record (a loss and a draw each): the metric decides.
        ("painting", AwardInputs(painting={2: 5, 4: 9}), [1, 3, 4, 2]),
        ("sports", AwardInputs(votes={2: 2, 4: 0}), [1, 3, 2, 4]),
        (
            "overall",
            AwardInputs(painting={2: 20}, weights=AwardWeights(0, 1, 0, 20)),
            [1, 3, 2, 4],
        ),
    ],
)
def test_the_standings_rank_by_an_awards_metric(metric, inputs, order):
    rows = compute_standings(PLAYERS, GAMES, tiebreaks=[metric], bye_vp=60, awards=inputs)
    assert [r.player_id for r in rows] == order
    assert all(not r.tied for r in rows)


def test_without_awards_the_awards_metrics_are_zero_and_tie():
    rows = compute_standings(PLAYERS, GAMES, tiebreaks=["painting"], bye_vp=60)
    assert [(r.player_id, r.rank, r.tied) for r in rows][2:] == [(2, 3, True), (4, 3, True)]
    assert rows[2].metrics["painting"] == 0
