"""The pruned matcher's proof: same cost as the full graph on draw- and rematch-heavy histories,
and the lower-bound proof (not a fallback) on a typical large draw-heavy field."""

from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournament.engine.factory import BYE_VP, players, simulate
from tournament.engine import pair_round
from tournament.engine.pairing import matching


def _pruned(people, past, rnd, seed):
    with patch.object(matching, "SMALL_FIELD", 0):
        return pair_round(people, past, round_number=rnd, seed=seed, bye_vp=BYE_VP)


@settings(max_examples=6, deadline=None)
@given(st.integers(40, 80), st.integers(0, 10**6))
def test_pruned_equals_full_graph_on_draw_heavy_eight_round_histories(n, seed):
    people, games = simulate(players(n), 8, seed, drop_rate=0.02, draw_rate=0.35)
    for rnd in (5, 7, 8):
        past = [g for g in games if g.round < rnd]
        pruned = _pruned(people, past, rnd, seed)
        full = pair_round(people, past, round_number=rnd, seed=seed, full_graph=True, bye_vp=BYE_VP)
        assert pruned.cost == full.cost


@settings(max_examples=5, deadline=None)
@given(st.integers(6, 14), st.integers(0, 10**6))
def test_pruned_equals_full_graph_when_rematches_are_forced(n, seed):
    # small fields played for n - 2 rounds: most pairs have met, rematches are often forced
    people, games = simulate(players(n), n - 2, seed, draw_rate=0.3)
    rnd = n - 1
    pruned = _pruned(people, games, rnd, seed)
    full = pair_round(people, games, round_number=rnd, seed=seed, full_graph=True, bye_vp=BYE_VP)
    assert pruned.cost == full.cost
    assert sum(p.has_flag("rematch") for p in pruned.pairs) == pruned.cost[0]


def test_lower_bound_proof_is_taken_on_a_large_draw_heavy_field():
    # Every round is proven without the full graph: by the bound itself, or by the chain
    # re-solve where rematches between classes keep a chain above its bound.
    people, games = simulate(players(400), 5, 11, draw_rate=0.2)
    proofs = []
    for rnd in (4, 5, 6):
        past = [g for g in games if g.round < rnd]
        result = pair_round(people, past, round_number=rnd, seed=11, bye_vp=BYE_VP)
        proofs.append(result.stats["proof"])
        assert not result.stats["fallback"]
        bound = result.stats["bound"]
        assert bound[1] == result.cost[1]
        assert bound[2] <= int(2 * result.cost[2])
        if result.stats["proof"] == "lower_bound":
            assert bound[2] == int(2 * result.cost[2])
    assert proofs[:2] == ["lower_bound"] * 2
    assert set(proofs) <= {"lower_bound", "structure"}


def test_structure_proof_with_forced_pair_pruning_matches_full_graph():
    # draw-heavy late rounds take the chain re-solve, whose in-record pairs are pruned by
    # the forced-pair bound (forced.py): the result is still the full graph's optimum
    people, games = simulate(players(80), 8, 4, drop_rate=0.02, draw_rate=0.35)
    past = [g for g in games if g.round < 8]
    pruned = _pruned(people, past, 8, 4)
    full = pair_round(people, past, round_number=8, seed=4, full_graph=True, bye_vp=BYE_VP)
    assert pruned.stats["proof"] == "structure"
    assert pruned.cost == full.cost
