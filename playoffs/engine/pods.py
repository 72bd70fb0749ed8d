"""Pods: the field split into groups that pair among themselves (Swiss inside each pod, by
the tournament's own pairing engine), then a cut across the pods."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from tournament.engine import pair_round
from tournament.engine.records import GameRecord, PairResult, PlayerEntry

POD_METHODS = ("standings", "organiser", "random")


def pods_by_standings(ranked: Sequence[int], count: int) -> list[list[int]]:
    """Consecutive bands of the standings (best first): pod 1 the top band, and so on; the
    first pods take one more player when the field does not divide evenly."""
    size, extra = divmod(len(ranked), count)
    out, start = [], 0
    for i in range(count):
        end = start + size + (1 if i < extra else 0)
        out.append(list(ranked[start:end]))
        start = end
    return out


def pods_by_organiser(players: Iterable[int], chosen: Mapping[int, int]) -> list[list[int]]:
    """The organiser's pods (player -> pod number from 1); everyone must have one."""
    players = list(players)
    missing = [p for p in players if p not in chosen]
    if missing:
        raise ValueError(f"players without a pod: {missing}")
    count = max(chosen[p] for p in players)
    out = [[] for _ in range(count)]
    for p in players:
        out[chosen[p] - 1].append(p)
    return out


def pods_at_random(players: Sequence[PlayerEntry], count: int, seed: int) -> list[list[int]]:
    """Random pods with each club spread: the clubs, largest first, are dealt round the pods
    in turn, so a club of k players has at most ceil(k / count) in any pod."""
    rng = random.Random(seed)
    clubs: dict[str, list[int]] = {}
    for p in players:
        # No club: each player alone, so they spread like anyone.
        clubs.setdefault(p.club or f"\0{p.id}", []).append(p.id)
    groups = list(clubs.values())
    for g in groups:
        rng.shuffle(g)
    rng.shuffle(groups)
    groups.sort(key=len, reverse=True)
    out = [[] for _ in range(count)]
    turn = 0
    for g in groups:
        for pid in g:
            # The next pod in turn, skipping full ones so pods stay within one of each other.
            while len(out[turn % count]) > min(len(x) for x in out):
                turn += 1
            out[turn % count].append(pid)
            turn += 1
    return out


def pods_pair(
    pods: Sequence[Sequence[int]],
    players: Sequence[PlayerEntry],
    games: Sequence[GameRecord],
    *,
    round_number: int,
    seed: int,
    bye_vp: int,
    avoid_same_club: bool = True,
) -> list[PairResult]:
    """Swiss inside each pod: the pairing engine on the pod's players and games; tables
    numbered on across pods, pod 1 first."""
    by_id = {p.id: p for p in players}
    out: list[PairResult] = []
    table = 0
    for pod in pods:
        members = set(pod)
        pairing = pair_round(
            [by_id[p] for p in pod],
            [g for g in games if g.player_a in members],
            round_number=round_number,
            seed=seed,
            bye_vp=bye_vp,
            avoid_same_club=avoid_same_club,
        )
        for pair in pairing.pairs:
            if pair.player_b is None:
                out.append(PairResult(None, pair.player_a, None, pair.flags))
            else:
                table += 1
                out.append(PairResult(table, pair.player_a, pair.player_b, pair.flags))
    return out


def pods_cut(pod_rankings: Sequence[Sequence[int]], per_pod: int) -> list[int]:
    """The top `per_pod` of each pod, seeded pod winners first (in pod order), then the
    seconds, and so on: the bracket's seed list."""
    seeds = []
    for place in range(per_pod):
        seeds += [ranking[place] for ranking in pod_rankings if place < len(ranking)]
    return seeds
