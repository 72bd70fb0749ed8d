"""Round 1: a seeded random draw that keeps club mates apart whenever the numbers allow.

The field is shuffled by the seed and paired in that order: a uniformly random pairing. If that
puts club mates together (and clubs are to be avoided), a maximum-weight matching repairs it:
a pair of different clubs is worth BIG, a pair of the random draw 1 more, so the matching first
reaches the fewest club pairs, then keeps as much of the random draw as it can. It is offered the
draw's pairs plus each player's next NEIGHBOURS in a second shuffled order; if that sparse graph
cannot reach the least possible number of club pairs (the largest club beyond half the field
must meet itself), every pair is offered. Players without a club count as a club of one.
"""

from __future__ import annotations

import random

import rustworkx as rx

from tournament.engine.pairing.context import PairingContext

NEIGHBOURS = 6
BIG = 1 << 20


def _club(ctx: PairingContext, pid: int) -> str:
    return ctx.entries[pid].club or f"\0{pid}"


def _forced_clashes(sizes: list[int], n: int) -> int:
    return max(0, max(sizes, default=0) - n // 2)


def _club_sizes(ctx: PairingContext, pool: list[int]) -> dict[str, int]:
    clubs: dict[str, int] = {}
    for p in pool:
        clubs[_club(ctx, p)] = clubs.get(_club(ctx, p), 0) + 1
    return clubs


def _repair(ctx, pool: list[int], rng: random.Random) -> list[tuple[int, int]]:
    """Fewest club pairs, then as many pairs of the random draw as possible."""
    n = len(pool)
    drawn = {frozenset(pool[i : i + 2]) for i in range(0, n, 2)}
    forced = _forced_clashes(list(_club_sizes(ctx, pool).values()), n)
    other = pool[:]
    rng.shuffle(other)
    sparse = set(drawn)
    for i in range(n):
        sparse.update(
            frozenset((other[i], other[(i + j) % n])) for j in range(1, min(n, NEIGHBOURS + 1))
        )
    for offered in (sparse, None):
        edges = offered
        if edges is None:
            edges = {frozenset((a, b)) for i, a in enumerate(pool) for b in pool[i + 1 :]}
        index = {p: i for i, p in enumerate(pool)}
        graph = rx.PyGraph()
        graph.add_nodes_from(pool)
        graph.add_edges_from(
            [
                (index[a], index[b], BIG * (_club(ctx, a) != _club(ctx, b)) + (e in drawn) + 1)
                for e in sorted(edges, key=sorted)
                for a, b in [sorted(e)]
            ]
        )
        mate = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
        pairs = [(graph[x], graph[y]) for x, y in mate]
        clashes = sum(_club(ctx, a) == _club(ctx, b) for a, b in pairs)
        if 2 * len(pairs) == n and clashes <= forced:
            return pairs
    return pairs


def first_round(
    ctx: PairingContext, ids: list[int], seed, avoid_same_club: bool
) -> list[tuple[int, int | None]]:
    rng = random.Random(f"{seed}:1:draw")
    pool = sorted(ids)
    rng.shuffle(pool)
    pairs: list[tuple[int, int | None]] = []
    if len(pool) % 2:
        bye = pool[0]
        if avoid_same_club:  # give the bye where it removes a forced club clash, if any
            clubs = _club_sizes(ctx, pool)

            def clashes(p: int) -> int:
                sizes = dict(clubs)
                sizes[_club(ctx, p)] -= 1
                return _forced_clashes(list(sizes.values()), len(pool) - 1)

            least = min(clashes(p) for p in pool)
            bye = next(p for p in pool if clashes(p) == least)
        pool.remove(bye)
        pairs.append((bye, None))
    table_pairs = [(pool[i], pool[i + 1]) for i in range(0, len(pool), 2)]
    if avoid_same_club and any(_club(ctx, a) == _club(ctx, b) for a, b in table_pairs):
        table_pairs = _repair(ctx, pool, rng)
        rng.shuffle(table_pairs)
    pairs[:0] = [(a, b) if rng.random() < 0.5 else (b, a) for a, b in table_pairs]
    return pairs
