"""Exact standings: metrics are ints / Fractions, ties are exact, order of input is irrelevant."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournament.engine.factory import BYE_VP, game, players, random_history
from tournament.engine import (
    compute_standings,
    format_metric,
    format_record,
    metric_json,
    pair_round,
)
from tournament.engine.history import build_states
from tournament.engine.standings.metrics import METRICS


def _by_id(rows):
    return {r.player_id: r for r in rows}


def _owr_two_thirds_event():
    """X (1) and Y (2) both 1-0-1 with OWR exactly 2/3, reached by different sums.

    X met A (3, win rate 1/3) and B (4, rate 1): float mean 0.6666666666666666.
    Y met C (5, rate 1/2) and D (6, rate 5/6): float mean 0.6666666666666667.
    X has more VP, so with tie-breaks (owr, vp) X must rank above Y.
    Players 7-11 only shape A, C and D's records.
    """
    return [
        game(1, 1, 3, 60, 40),  # X beats A
        game(2, 4, 1, 60, 40),  # B beats X
        game(1, 2, 5, 50, 40),  # Y beats C
        game(2, 6, 2, 60, 30),  # D beats Y
        game(3, 3, 7, 50, 40),  # A beats F1
        game(4, 8, 3, 50, 40),  # F2 beats A -> A 1 of 3
        game(2, 5, 9, 50, 40),  # C beats F3 -> C 1 of 2
        game(1, 6, 10, 40, 40),  # D draws F4
        game(3, 6, 11, 50, 40),  # D beats F5 -> D 2.5 of 3
    ]


def test_equal_owr_from_different_sums_is_a_tie_split_by_vp():
    rows = compute_standings(
        players(11), _owr_two_thirds_event(), tiebreaks=["owr", "vp"], bye_vp=BYE_VP
    )
    r = _by_id(rows)
    assert r[1]["owr"] == r[2]["owr"] == Fraction(2, 3)
    assert (r[1].mp, r[2].mp) == (1, 1)
    assert (r[1]["vp"], r[2]["vp"]) == (100, 80)
    assert r[1].rank < r[2].rank


def test_equal_owr_and_vp_share_a_rank():
    games = _owr_two_thirds_event()
    rows = compute_standings(players(11), games, tiebreaks=["owr"], bye_vp=BYE_VP)
    r = _by_id(rows)
    assert r[1].rank == r[2].rank
    assert r[1].tied
    assert r[2].tied


def test_values_are_exact():
    people, games = random_history(random.Random(5), 12, 4)
    rows = compute_standings(
        people, games, tiebreaks=["owr", "sos", "sosos", "vp", "vp_diff"], bye_vp=BYE_VP
    )
    for row in rows:
        assert isinstance(row.mp, Fraction)
        for name, value in row.metrics.items():
            assert isinstance(value, int | Fraction), name


def test_bye_vp_is_required_and_used():
    games = [game(1, 1, None), game(1, 2, 3, 30, 20)]
    with pytest.raises(TypeError):
        compute_standings(players(3), games)  # no hidden default
    with pytest.raises(TypeError):
        pair_round(players(3), games, round_number=2, seed=1)
    low = _by_id(compute_standings(players(3), games, tiebreaks=["vp"], bye_vp=20))
    high = _by_id(compute_standings(players(3), games, tiebreaks=["vp"], bye_vp=60))
    assert (low[1]["vp"], high[1]["vp"]) == (20, 60)
    # The VP tie-break between the bye (1) and the winner (2) follows the setting.
    assert low[2].rank < low[1].rank
    assert high[1].rank < high[2].rank


# ---- properties ---------------------------------------------------------------------------------

TIEBREAKS = ["owr", "sos", "sosos", "vp", "vp_diff"]
tiebreak_lists = st.lists(st.sampled_from(TIEBREAKS), unique=True, max_size=4)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(2, 14),
    rounds=st.integers(1, 5),
    tiebreaks=st.lists(st.sampled_from([*TIEBREAKS, "h2h"]), unique=True, max_size=4),
)
def test_standings_do_not_depend_on_input_order(seed, n, rounds, tiebreaks):
    rng = random.Random(seed)
    people, games = random_history(rng, n, rounds, draw_rate=0.3)
    base = compute_standings(people, games, tiebreaks=tiebreaks, bye_vp=BYE_VP)
    people2, games2 = people[:], games[:]
    rng.shuffle(people2)
    rng.shuffle(games2)
    assert compute_standings(people2, games2, tiebreaks=tiebreaks, bye_vp=BYE_VP) == base


def _oracle(people, games, tiebreaks):
    """Rank by the exact key (mp, metrics...): rank = 1 + players with a strictly better key."""
    states = build_states(people, games, up_to_round=10**6, bye_vp=BYE_VP)
    values = {name: METRICS[name](states) for name in tiebreaks}
    key = {p: (states[p].mp, *(values[n][p] for n in tiebreaks)) for p in states}
    return {
        p: (
            1 + sum(1 for q in states if key[q] > key[p]),
            any(q != p and key[q] == key[p] for q in states),
        )
        for p in states
    }, key


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(2, 12),
    rounds=st.integers(1, 5),
    tiebreaks=tiebreak_lists,
)
def test_against_an_exact_oracle_sort(seed, n, rounds, tiebreaks):
    people, games = random_history(random.Random(seed), n, rounds, draw_rate=0.3)
    rows = compute_standings(people, games, tiebreaks=tiebreaks, bye_vp=BYE_VP)
    expected, key = _oracle(people, games, tiebreaks)
    assert {r.player_id: (r.rank, r.tied) for r in rows} == expected
    keys = [key[r.player_id] for r in rows]
    assert keys == sorted(keys, reverse=True)  # non-increasing, exactly
    for a, b in itertools.pairwise(rows):
        if key[a.player_id] == key[b.player_id]:
            assert a.rank == b.rank
            assert a.tied
            assert b.tied


# ---- display -----------------------------------------------------------------------------------


def test_each_metric_formats_for_people_and_json():
    assert format_metric("owr", Fraction(91, 200)) == "45.5%"
    assert format_metric("owr", Fraction(1, 16)) == "6.3%"  # half-up on the exact value
    assert format_metric("owr", Fraction(0)) == "0.0%"
    assert metric_json("owr", Fraction(3, 50)) == 0.06
    assert metric_json("owr", Fraction(2, 3)) == 0.6667
    assert format_metric("sos", Fraction(1)) == "1"
    assert format_metric("sos", Fraction(15, 2)) == "7.5"
    assert metric_json("sos", Fraction(1)) == 1
    assert isinstance(metric_json("sos", 1), int)
    assert metric_json("sosos", Fraction(15, 2)) == 7.5
    assert format_metric("vp", 215) == "215"
    assert (format_metric("vp_diff", 12), format_metric("vp_diff", -5)) == ("+12", "-5")
    assert format_metric("vp_diff", 0) == "0"
    assert format_metric("h2h", None) == ""
    assert metric_json("h2h", None) is None
    assert format_metric("h2h", Fraction(1, 2)) == "0.5"


def test_one_record_notation():
    assert format_record(2, 0, 1) == "2-0-1"
