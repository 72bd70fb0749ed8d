"""The bracket engines: every format and size ends with one champion, everyone placed once,
nobody twice in a round, the top two seeds apart until the final (property-tested), and
every possible outcome of the small brackets checked by brute force."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playoffs.engine import (
    ABSENT,
    bracket_build,
    bracket_state,
    champion,
    double_elimination,
    knockout_winner,
    placings,
    seed_order,
    shadow_round,
    single_elimination,
    with_qualifier,
)


def play(matches, field, pick):
    """Play the bracket out: `pick(state)` says which side wins each ready match."""
    results = {}
    while True:
        states = bracket_state(matches, field, results)
        ready = [s for s in states if s.ready]
        if not ready:
            return states, results
        for s in ready:
            results[s.match.id] = pick(s)


def check_finished(matches, field, states, seeds_in):
    assert champion(states) is not None
    order = placings(states, field)
    assert sorted(order) == sorted(seeds_in), "every player placed exactly once"
    assert order[0] == champion(states)
    by_round = {}
    for s in states:
        if s.walkover:
            continue
        players = by_round.setdefault(s.round, [])
        players += [s.seed_a, s.seed_b]
    for number, players in by_round.items():
        assert len(players) == len(set(players)), f"someone plays twice in round {number}"
    return order


def higher_seed(state):
    return "a" if state.seed_a < state.seed_b else "b"


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_seed_order_pairs_sum_and_keeps_the_top_seeds_apart(size):
    order = seed_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
    # Each half, quarter, ... holds exactly one of the top 2, 4, ... seeds.
    part = size
    while part > 1:
        groups = [order[i : i + part] for i in range(0, size, part)]
        top = size // part
        assert all(sum(1 for s in g if s <= top) == 1 for g in groups)
        part //= 2


@pytest.mark.parametrize("n", range(2, 65))
def test_single_elimination_chalk_places_everyone_by_seed(n):
    matches = single_elimination(n)
    states, _ = play(matches, n, higher_seed)
    assert check_finished(matches, n, states, range(1, n + 1)) == list(range(1, n + 1))
    final = next(s for s in states if s.match.label == "Final")
    assert {final.seed_a, final.seed_b} == {1, 2}
    # Byes go to the top seeds: exactly the next-power-of-two gap, to seeds 1, 2, ...
    byes = sorted(s.winner for s in states if s.walkover)
    assert byes == list(range(1, len(byes) + 1))


@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 64), coin=st.randoms(use_true_random=False))
def test_single_elimination_any_results(n, coin):
    matches = single_elimination(n)
    states, _ = play(matches, n, lambda s: coin.choice("ab"))
    check_finished(matches, n, states, range(1, n + 1))
    # Seeds 1 and 2 can only meet in the final.
    for s in states:
        if {s.seed_a, s.seed_b} == {1, 2}:
            assert s.match.label == "Final"


@settings(max_examples=120, deadline=None)
@given(n=st.integers(2, 64), reset=st.booleans(), coin=st.randoms(use_true_random=False))
def test_double_elimination_any_results(n, reset, coin):
    matches = double_elimination(n, reset=reset)
    states, _ = play(matches, n, lambda s: coin.choice("ab"))
    order = check_finished(matches, n, states, range(1, n + 1))
    # Nobody is out before their second loss, except the champion who may have one.
    losses = {}
    for s in states:
        if not s.walkover and s.loser not in (None, ABSENT):
            losses[s.loser] = losses.get(s.loser, 0) + 1
    for seed in order[1:]:
        assert losses[seed] >= (2 if reset or seed != order[1] else 1)
    for s in states:
        if {s.seed_a, s.seed_b} == {1, 2}:
            assert (
                s.match.stage == "GF" or s.match.label == "Winners' final" or s.match.stage == "L"
            )


def test_double_elimination_chalk_and_the_reset():
    matches = double_elimination(8, reset=True)
    states, results = play(matches, 8, higher_seed)
    assert placings(states, 8)[:2] == [1, 2]
    gf2 = next(s for s in states if s.match.id == "GF-2")
    assert gf2.walkover  # the winners' bracket side won: no reset
    # The losers' bracket winner takes the first grand final: the reset is played.
    results = {k: v for k, v in results.items() if not k.startswith("GF")}
    results["GF-1"] = "b"
    states = bracket_state(matches, 8, results)
    gf2 = next(s for s in states if s.match.id == "GF-2")
    assert gf2.ready
    assert {gf2.seed_a, gf2.seed_b} == {1, 2}
    results["GF-2"] = "b"
    states = bracket_state(matches, 8, results)
    assert champion(states) == 2
    assert placings(states, 8)[:2] == [2, 1]


def test_lvo_qualifier_five_to_twelve():
    matches = with_qualifier(8, 5, 12)
    states = bracket_state(matches, 12, {})
    first = [(s.seed_a, s.seed_b) for s in states if s.round == 1]
    assert sorted(first) == [(5, 12), (6, 11), (7, 10), (8, 9)]
    states, _ = play(matches, 12, higher_seed)
    assert check_finished(matches, 12, states, range(1, 13)) == list(range(1, 13))
    # Seeds 1-4 rest in round 1 and meet the qualifiers' winners in round 2.
    second = sorted((s.seed_a, s.seed_b) for s in states if s.round == 2)
    assert second == [(1, 8), (2, 7), (3, 6), (4, 5)]


def test_an_upset_in_the_qualifier_takes_the_seed_s_place():
    matches = with_qualifier(8, 5, 12)
    states = bracket_state(matches, 12, {"Q-1": "b"})  # 12 beats 5
    w = next(s for s in states if s.match.id == "W1-2")  # 4 v 5's place
    assert (w.seed_a, w.seed_b) == (4, 12)


def test_shadow_round_places_winners_above_losers_below_the_bracket():
    matches = bracket_build("single", 4, shadow=(5, 12))
    states, _ = play(matches, 12, lambda s: "b")  # every lower seed wins
    order = check_finished(matches, 12, states, range(1, 13))
    assert order[4:] == [9, 10, 11, 12, 5, 6, 7, 8]
    alone = shadow_round(1, 5)  # odd: the middle seed has a bye
    states, _ = play(alone, 5, higher_seed)
    assert placings(states, 5) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("fmt", "n", "kwargs"),
    [
        *(("single", n, {}) for n in range(2, 9)),
        *(("double", n, {"reset": r}) for n in range(2, 7) for r in (True, False)),
        ("single", 4, {"qualifier": (3, 6)}),
        ("single", 4, {"qualifier": (2, 7)}),
    ],
)
def test_brute_force_every_outcome_of_small_brackets(fmt, n, kwargs):
    """All 2^k ways the played matches can go: each ends with one champion, all placed."""
    matches = bracket_build(fmt, n, **kwargs)
    field = kwargs["qualifier"][1] if "qualifier" in kwargs else n
    seen_champions = set()

    def explore(results):
        states = bracket_state(matches, field, results)
        ready = [s for s in states if s.ready]
        if not ready:
            check_finished(matches, field, states, range(1, field + 1))
            seen_champions.add(champion(states))
            return
        for sides in itertools.product("ab", repeat=len(ready)):
            explore({**results, **{s.match.id: x for s, x in zip(ready, sides, strict=False)}})

    explore({})
    assert seen_champions == set(range(1, field + 1)), "anyone can win"


def test_knockout_tiebreak_rules():
    same = {"vp_a": 70, "vp_b": 70, "seed_a": 5, "seed_b": 2}
    assert knockout_winner(rule="higher_seed", **same) == "b"
    assert knockout_winner(rule="primary_vp", primary_a=45, primary_b=40, **same) == "a"
    assert knockout_winner(rule="primary_vp", primary_a=40, primary_b=40, **same) == "b"
    assert knockout_winner(rule="organiser", **same) is None
    assert knockout_winner(rule="organiser", decided="a", **same) == "a"
    assert knockout_winner(rule="organiser", vp_a=71, vp_b=70, seed_a=5, seed_b=2) == "a"


def test_bad_shapes_are_refused():
    for bad in (
        lambda: single_elimination(1),
        lambda: single_elimination(65),
        lambda: with_qualifier(8, 5, 11),
        lambda: with_qualifier(8, 4, 12),
        lambda: bracket_build("single", 8, shadow=(5, 12)),
        lambda: bracket_build("swiss", 8),
    ):
        with pytest.raises(ValueError, match=r"."):
            bad()


# Pods ------------------------------------------------------------------------------------


def test_pods_by_standings_are_bands():
    from playoffs.engine.pods import pods_by_standings

    # Whole pairs: no pod round gives a bye in an even field, and in an uneven one only the
    # bottom pod has it.
    assert pods_by_standings(list(range(1, 11)), 3) == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]]
    assert pods_by_standings(list(range(1, 12)), 3) == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]]


@settings(max_examples=60, deadline=None)
@given(
    clubs=st.lists(st.sampled_from(["", "A", "B", "C", "D"]), min_size=4, max_size=40),
    count=st.integers(2, 4),
    seed=st.integers(0, 2**31),
)
def test_random_pods_spread_clubs_and_place_everyone_once(clubs, count, seed):
    from playoffs.engine.pods import pods_at_random
    from tournament.engine.records import PlayerEntry

    players = [PlayerEntry(i + 1, f"P{i + 1}", club) for i, club in enumerate(clubs)]
    pods = pods_at_random(players, count, seed)
    flat = [p for pod in pods for p in pod]
    assert sorted(flat) == [p.id for p in players]
    assert max(map(len, pods)) - min(map(len, pods)) <= 1
    for club in ("A", "B", "C", "D"):
        members = {p.id for p in players if p.club == club}
        most = -(-len(members) // count)
        assert all(len(members & set(pod)) <= most + 1 for pod in pods)


def test_swiss_inside_pods_never_crosses_a_pod_and_the_cut_interleaves():
    from playoffs.engine.pods import pods_by_standings, pods_cut, pods_pair
    from tournament.engine.records import PlayerEntry

    players = [PlayerEntry(i, f"P{i}") for i in range(1, 17)]
    pods = pods_by_standings([p.id for p in players], 2)
    pairs = pods_pair(pods, players, [], round_number=1, seed=3, bye_vp=0)
    pod_of = {p: i for i, pod in enumerate(pods) for p in pod}
    assert sorted(p for pair in pairs for p in (pair.player_a, pair.player_b)) == list(range(1, 17))
    assert all(pod_of[x.player_a] == pod_of[x.player_b] for x in pairs)
    assert len({x.table for x in pairs}) == 8
    assert pods_cut([[1, 2, 3], [9, 10, 11]], 2) == [1, 9, 2, 10]


@pytest.mark.parametrize("n", [2, 4, 8, 16])
def test_double_elimination_names_the_winners_bracket_apart_from_the_grand_final(n):
    """Only a match that decides the champion is a final: the winners' bracket's last match
    is the winners' final, its earlier rounds the winners' semi-finals and so on."""
    labels = [m.label for m in double_elimination(n, reset=True)]
    assert "Final" not in labels
    assert "Winners' final" in labels
    if n >= 4:
        assert "Winners' semi-final" in labels
    assert labels[-2:] == ["Grand final", "Grand final reset"]
