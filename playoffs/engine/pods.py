"""Pods: the field split into groups that pair among themselves (Swiss inside each pod, by
the tournament's own pairing engine), then a cut across the pods."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from tournament.engine.pairing.grouped import pair_in_groups
from tournament.engine.records import GameRecord, PairResult, PlayerEntry

POD_METHODS = ("standings", "organiser", "random")


def pods_by_standings(ranked: Sequence[int], count: int) -> list[list[int]]:
    """Consecutive bands of the standings (best first): pod 1 the top band, and so on. Pods
    are made of whole pairs, so every pod but the bottom one is even: in an uneven field the
    odd player out is in the bottom pod, and the pod rounds' bye goes (as the Companion gives
    a bye) to the lowest-ranked players, never to a top pod's. When the pairs do not divide
    evenly the upper pods take one pair more (the bottom pod may already hold the extra
    player), so pods stay within one pair of each other."""
    pairs, extra = divmod(len(ranked) // 2, count)
    out, start = [], 0
    for i in range(count):
        end = start + 2 * (pairs + (1 if i < extra else 0))
        if i == count - 1:
            end = len(ranked)  # the odd player out, if any
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
    """Swiss inside each pod: the tournament's grouped pairing (every game of a pod's players
    counts, those played against the whole field before the split too); tables numbered on
    across pods, pod 1 first."""
    return pair_in_groups(
        players,
        games,
        pods,
        round_number=round_number,
        seed=seed,
        bye_vp=bye_vp,
        avoid_same_club=avoid_same_club,
    ).pairs


def pods_cut(
    pod_rankings: Sequence[Sequence[int]], per_pod: int, overall: Sequence[int] | None = None
) -> list[int]:
    """The top `per_pod` of each pod, seeded pod winners first, then the seconds, and so on:
    the bracket's seed list. Within each of those tiers the pods come in pod order, or by
    `overall` (the whole field's ranking, best first) when it is given, so the best pod
    winner is seed 1."""
    where = {p: i for i, p in enumerate(overall or ())}
    seeds = []
    for place in range(per_pod):
        tier = [ranking[place] for ranking in pod_rankings if place < len(ranking)]
        if overall is not None:
            tier.sort(key=lambda p: where.get(p, len(where)))
        seeds += tier
    return seeds
