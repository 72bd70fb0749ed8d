"""Standings: metrics, h2h, shared ranks, as-of-round and unknown metric errors."""

import pytest

from tests.tournament.engine.factory import BYE_VP, draw, game, players, win
from tournament.engine import EngineError, compute_standings


def _by_id(rows):
    return {r.player_id: r for r in rows}


def _event():
    # round 1: 1 beats 2 (60-40), 3 beats 4 (70-20); round 2: 1 beats 3 (55-50), 2 draws 4 (30-30)
    return [
        game(1, 1, 2, 60, 40),
        game(1, 3, 4, 70, 20),
        game(2, 1, 3, 55, 50),
        game(2, 2, 4, 30, 30),
    ]


def test_records_and_each_metric():
    rows = compute_standings(
        players(4), _event(), tiebreaks=["owr", "sos", "sosos", "vp", "vp_diff"], bye_vp=BYE_VP
    )
    r = _by_id(rows)
    assert (r[1].mp, r[1].wins, r[1].draws, r[1].losses, r[1].played) == (2, 2, 0, 0, 2)
    assert (r[2].mp, r[2].draws, r[2].losses) == (0.5, 1, 1)
    # win rates: 1 -> 1, 2 -> 0.25, 3 -> 0.5, 4 -> 0.25
    assert r[1]["owr"] == pytest.approx((0.25 + 0.5) / 2)
    assert r[3]["owr"] == pytest.approx((0.25 + 1) / 2)
    assert r[1]["sos"] == 0.5 + 1
    assert r[2]["sos"] == 2 + 0.5
    assert r[1]["sosos"] == r[2]["sos"] + r[3]["sos"]
    assert r[1]["vp"] == 115
    assert r[1]["vp_diff"] == 115 - 90
    assert [row.player_id for row in rows][:2] == [1, 3]


def test_bye_counts_as_played_win_with_bye_vp_and_is_not_an_opponent():
    games = [game(1, 1, None), game(1, 2, 3, 50, 40)]
    r = _by_id(compute_standings(players(3), games, bye_vp=25))
    assert (r[1].mp, r[1].byes, r[1].played, r[1].wins) == (1, 1, 1, 1)
    assert r[1]["vp"] == 25
    assert r[1]["owr"] == 0.0  # no real opponent
    assert r[2]["owr"] == 0.0  # 3 lost its only game


def test_h2h_breaks_a_two_way_tie():
    games = [win(1, 2, 1), win(1, 3, 4), win(2, 1, 4), win(2, 3, 2)]
    # 1 and 2 tie on 1 mp; 2 beat 1
    rows = compute_standings(players(4), games, tiebreaks=["h2h"], bye_vp=BYE_VP)
    r = _by_id(rows)
    assert r[2].rank < r[1].rank
    assert r[2]["h2h"] == 1.0
    assert r[1]["h2h"] == 0.0
    assert not r[2].tied


def test_h2h_only_applies_to_exactly_two():
    games = [draw(1, 1, 2), draw(1, 3, 4)]
    rows = compute_standings(players(4), games, tiebreaks=["h2h"], bye_vp=BYE_VP)
    assert all(row.tied and row.rank == 1 and row["h2h"] is None for row in rows)


def test_remaining_ties_share_competition_ranks():
    games = [win(1, 1, 2), win(1, 3, 4)]
    rows = compute_standings(players(4), games, tiebreaks=[], bye_vp=BYE_VP)
    assert [row.rank for row in rows] == [1, 1, 3, 3]
    assert all(row.tied for row in rows)


def test_tiebreak_order_is_the_organisers():
    games = [game(1, 1, 2, 90, 80), game(1, 3, 4, 60, 0)]
    vp_first = compute_standings(players(4), games, tiebreaks=["vp"], bye_vp=BYE_VP)
    diff_first = compute_standings(players(4), games, tiebreaks=["vp_diff"], bye_vp=BYE_VP)
    assert vp_first[0].player_id == 1
    assert diff_first[0].player_id == 3


def test_as_of_round():
    rows = compute_standings(players(4), _event(), as_of_round=1, bye_vp=BYE_VP)
    r = _by_id(rows)
    assert r[1].mp == 1
    assert r[1].played == 1
    assert r[3]["vp"] == 70


def test_unknown_metric_raises_with_code():
    with pytest.raises(EngineError) as err:
        compute_standings(players(2), [], tiebreaks=["owr", "luck"], bye_vp=BYE_VP)
    assert err.value.code == "unknown_metric"
    assert err.value.field == "tiebreaks"


def test_game_without_result_is_not_played():
    rows = compute_standings(players(2), [game(1, 1, 2)], bye_vp=BYE_VP)
    assert all(row.played == 0 and row.mp == 0 for row in rows)
