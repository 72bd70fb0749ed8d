"""The split stage: records paired apart, in blocks, with floaters taken from the bound.

Its answers are accepted only when the lower bound (or the chain re-solve) proves them, so these
tests check the outcome against the full graph and brute force, with blocks made tiny so that
small fields exercise every cut, floater choice and re-solve a 4,096-player field meets."""

import random
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournament.engine.brute import all_pairings, best_cost
from tests.tournament.engine.factory import BYE_VP, players, random_history, simulate
from tournament.engine import build_context, pair_round
from tournament.engine.pairing import matching, split


def _split_pairing(people, games, rnd, seed, block):
    with patch.object(matching, "SMALL_FIELD", 0), patch.object(split, "BLOCK", block):
        return pair_round(people, games, round_number=rnd, seed=seed, bye_vp=BYE_VP)


def _paired_once(result, ctx) -> bool:
    seen = [p for pr in result.pairs for p in (pr.player_a, pr.player_b) if p is not None]
    return sorted(seen) == sorted(ctx.active)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 12),
    st.integers(1, 4),
    st.sampled_from([2, 4, 6]),
    st.integers(0, 10**6),
)
def test_split_with_tiny_blocks_equals_brute_force(n, rounds, block, seed):
    people, games = random_history(random.Random(seed), n, rounds, draw_rate=0.3)
    rnd = rounds + 1
    ctx = build_context(people, games, round_number=rnd, bye_vp=BYE_VP)
    result = _split_pairing(people, games, rnd, seed, block)
    rem, gap, path = result.cost
    if ctx.active:
        assert (rem, gap, int(path * 2)) == best_cost(ctx)
    assert _paired_once(result, ctx)


@settings(max_examples=6, deadline=None)
@given(st.integers(40, 90), st.sampled_from([4, 8, 16]), st.integers(0, 10**6))
def test_split_with_small_blocks_equals_full_graph(n, block, seed):
    people, games = simulate(players(n), 6, seed, drop_rate=0.03, draw_rate=0.25)
    for rnd in (3, 5, 7):
        past = [g for g in games if g.round < rnd]
        result = _split_pairing(people, past, rnd, seed, block)
        full = pair_round(people, past, round_number=rnd, seed=seed, full_graph=True, bye_vp=BYE_VP)
        assert result.cost == full.cost
        ctx = build_context(people, past, round_number=rnd, bye_vp=BYE_VP)
        assert _paired_once(result, ctx)


def test_a_large_field_is_split_and_proven_by_the_bound():
    # 2,400 players: far above one block, several records per chain, a bye every round
    people, games = simulate(players(2401), 5, 3, drop_rate=0.01, draw_rate=0.1)
    result = pair_round(people, games, round_number=6, seed=3, bye_vp=BYE_VP)
    stats = result.stats
    assert stats["stages"][0]["kind"] == "split"
    assert stats["stages"][0]["pieces"] > 2400 // split.BLOCK
    assert stats["proof"] == "lower_bound"
    assert not stats["fallback"]
    assert (stats["bound"][1], stats["bound"][2]) == (result.cost[1], int(2 * result.cost[2]))
    ctx = build_context(people, games, round_number=6, bye_vp=BYE_VP)
    assert _paired_once(result, ctx)


def test_split_pairing_is_reproducible_for_a_seed():
    people, games = simulate(players(500), 4, 8, draw_rate=0.2)
    first = pair_round(people, games, round_number=5, seed=8, bye_vp=BYE_VP)
    again = pair_round(people, games, round_number=5, seed=8, bye_vp=BYE_VP)
    assert first.stats["stages"][0]["kind"] == "split"
    assert [(p.player_a, p.player_b, p.table) for p in first.pairs] == [
        (p.player_a, p.player_b, p.table) for p in again.pairs
    ]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 7))
def test_a_disconnected_graph_is_matched_piece_by_piece_to_the_optimum(seed, cut):
    people, games = random_history(random.Random(seed), 8, 3, draw_rate=0.3)
    ctx = build_context(people, games, round_number=4, bye_vp=BYE_VP)
    ids = sorted(ctx.states)
    m = matching.Matcher(ctx, ids, None, seed)
    # every pair inside ids[:cut] and inside ids[cut:]: two components, odd ones when cut is odd
    edges = [
        (a, b) for part in (ids[:cut], ids[cut:]) for i, a in enumerate(part) for b in part[i + 1 :]
    ]
    allowed = {frozenset(e) for e in edges}
    costs = [
        tuple(sum(ctx.cost2(a, b)[i] for a, b in pairing) for i in range(3))
        for pairing in all_pairings(ids)
        if all(frozenset(p) in allowed for p in pairing)
    ]
    found = m.solve(edges)
    if not costs:
        assert found is None
    else:
        assert found[1] == min(costs)
        assert sorted(p for pair in found[0] for p in pair) == ids
