"""Pods as pure engines: Swiss inside groups never pairs across them and keeps everyone's
whole history (property-tested against the pairing engine's own record); the cut across pods
takes each pod's top places once, best pod winner first (checked by brute force)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from playoffs.engine.pods import pods_by_standings, pods_cut, pods_pair
from tournament.engine.pairing.grouped import pair_in_groups
from tournament.engine.records import GameRecord, PlayerEntry


def _play(pairs, number, winner=max):
    return [
        GameRecord(
            number,
            p.player_a,
            p.player_b,
            *(
                (None, None)
                if p.player_b is None
                else ((20, 10) if winner(p.player_a, p.player_b) == p.player_a else (10, 20))
            ),
            p.table,
        )
        for p in pairs
    ]


@settings(max_examples=40, deadline=None)
@given(
    size=st.integers(4, 30),
    count=st.integers(2, 4),
    rounds=st.integers(1, 3),
    seed=st.integers(0, 2**31),
    clubs=st.booleans(),
)
def test_rounds_inside_pods_never_cross_and_seat_everyone_once(size, count, rounds, seed, clubs):
    players = [PlayerEntry(i, f"P{i}", f"C{i % 3}" if clubs else "") for i in range(1, size + 1)]
    pods = pods_by_standings([p.id for p in players], count)
    pod_of = {p: i for i, pod in enumerate(pods) for p in pod}
    games: list[GameRecord] = []
    for number in range(1, rounds + 1):
        pairs = pair_in_groups(players, games, pods, round_number=number, seed=seed, bye_vp=0).pairs
        seated = [p for x in pairs for p in (x.player_a, x.player_b) if p is not None]
        assert sorted(seated) == [p.id for p in players]
        assert all(x.player_b is None or pod_of[x.player_a] == pod_of[x.player_b] for x in pairs)
        tables = [x.table for x in pairs if x.player_b is not None]
        assert len(set(tables)) == len(tables)
        # One bye at most per odd pod.
        assert sum(x.player_b is None for x in pairs) == sum(len(p) % 2 for p in pods)
        games += _play(pairs, number)


def test_history_before_the_split_counts_games_as_either_side():
    """Pods formed after a whole-field round: players keep the games they played against
    someone now in another pod, whichever side of the game they were (winners meet winners)."""
    players = [PlayerEntry(i, f"P{i}") for i in range(1, 9)]
    # Round 1: 1 beat 5 and 2 beat 6 as the second side; 7 lost to 3 and 8 to 4 as the first.
    games = [GameRecord(1, 4 + i, i, 10, 20, i) for i in range(1, 5)]
    pods = [[1, 2, 7, 8], [3, 4, 5, 6]]
    pairs = pods_pair(pods, players, games, round_number=2, seed=1, bye_vp=0)
    met = {frozenset((x.player_a, x.player_b)) for x in pairs}
    assert met == {frozenset(p) for p in ((1, 2), (7, 8), (3, 4), (5, 6))}


def test_tables_follow_the_events_tables_pod_by_pod():
    players = [PlayerEntry(i, f"P{i}") for i in range(1, 9)]
    result = pair_in_groups(
        players,
        [],
        [[1, 2, 3, 4], [5, 6, 7, 8]],
        round_number=1,
        seed=2,
        bye_vp=0,
        tables=[10, 11, 20, 21],
    )
    by_pod = {x.table for x in result.pairs if x.player_a <= 4}
    assert by_pod == {10, 11}


def _brute_cut(rankings, per_pod, overall):
    """Every order of the chosen players; the right one has each tier (place in pod) before
    the next and, inside a tier, the better overall rank first."""
    chosen = [r[i] for r in rankings for i in range(min(per_pod, len(r)))]
    place = {p: r.index(p) for r in rankings for p in r}
    where = {p: i for i, p in enumerate(overall)}
    best = min(
        itertools.permutations(chosen),
        key=lambda order: [(place[p], where[p]) for p in order],
    )
    return list(best)


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(4, 7),
    count=st.integers(2, 3),
    per_pod=st.integers(1, 2),
    order=st.randoms(use_true_random=False),
)
def test_cut_across_pods_matches_brute_force(size, count, per_pod, order):
    overall = list(range(1, size + 1))
    order.shuffle(overall)
    pods = [sorted(pod, key=overall.index) for pod in pods_by_standings(sorted(overall), count)]
    seeds = pods_cut(pods, per_pod, overall)
    assert seeds == _brute_cut(pods, per_pod, overall)
    assert len(set(seeds)) == len(seeds)
    assert pods_cut(pods, per_pod) == [p[i] for i in range(per_pod) for p in pods if i < len(p)]


@settings(max_examples=80, deadline=None)
@given(size=st.integers(4, 41), count=st.integers(2, 6), seed=st.integers(0, 2**31))
def test_an_uneven_field_gives_the_bye_to_the_bottom_pod(size, count, seed):
    """The Companion gives a bye to the lowest-ranked player: pods by the standings put the
    odd player out in the bottom pod, and every other pod is even, so no pod round ever gives
    a bye to a player of a higher pod; pods stay within one pairing of each other."""
    if count * 2 > size:
        count = size // 2
    ranked = list(range(1, size + 1))
    pods = pods_by_standings(ranked, count)
    assert [p for pod in pods for p in pod] == ranked  # bands, best first
    assert len(pods) == count
    assert min(map(len, pods)) >= 2
    assert max(map(len, pods)) - min(map(len, pods)) <= 2
    assert all(len(pod) % 2 == 0 for pod in pods[:-1])
    assert len(pods[-1]) % 2 == size % 2
    players = [PlayerEntry(i, f"P{i}") for i in ranked]
    games: list[GameRecord] = []
    for number in (1, 2):
        pairs = pods_pair(pods, players, games, round_number=number, seed=seed, bye_vp=0)
        byes = [x.player_a for x in pairs if x.player_b is None]
        assert len(byes) == size % 2
        assert all(b in pods[-1] for b in byes)
        games += _play(pairs, number, winner=min)


def test_twenty_five_players_in_two_pods_bye_at_the_bottom():
    pods = pods_by_standings(list(range(1, 26)), 2)
    assert [len(p) for p in pods] == [12, 13]
