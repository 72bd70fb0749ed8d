"""Classes of identical players (same record and win path) and how many rematch-free pairs each
can form inside itself: the caps that make the lower bound of `bound.py` rematch-aware.

Members of a class are interchangeable for the relaxation, so the only thing a class can lose
to rematches is internal pairs. A class's cap is its maximum matching among members who have not
met (exact for classes up to EXACT_MAX members; bigger ones, where rematches hardly bind, keep
the trivial cap of half the class, which is still an upper bound).
"""

from __future__ import annotations

from collections.abc import Iterable

import rustworkx as rx

from tournament.engine.pairing.context import PairingContext

EXACT_MAX = 64


def player_classes(ctx: PairingContext, ids: Iterable[int]) -> dict[tuple[int, int], list[int]]:
    out: dict[tuple[int, int], list[int]] = {}
    for p in ids:
        out.setdefault((ctx.s2[p], ctx.v2[p]), []).append(p)
    return out


def internal_cap(ctx: PairingContext, members: list[int]) -> int:
    """Most pairs the members can form among themselves without a rematch."""
    c = len(members)
    if c > EXACT_MAX:  # before looking at pairs: a class of thousands has millions of them
        return c // 2
    met = [
        (i, j)
        for i in range(c)
        for j in range(i + 1, c)
        if members[j] in ctx.states[members[i]].met
    ]
    if not met:
        return c // 2
    blocked = set(met)
    graph = rx.PyGraph()
    graph.add_nodes_from(range(c))
    graph.add_edges_from_no_data(
        [(i, j) for i in range(c) for j in range(i + 1, c) if (i, j) not in blocked]
    )
    return len(rx.max_weight_matching(graph, max_cardinality=True))


def class_caps(ctx: PairingContext, ids: Iterable[int]) -> dict[tuple[int, int], int]:
    return {pt: internal_cap(ctx, members) for pt, members in player_classes(ctx, ids).items()}
