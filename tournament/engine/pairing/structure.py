"""Structure stage of the proof: exact re-solve of the record chains the lower bound leaves open.

When the window optimum has no rematch and reaches gap_sq = G* but the bound of `bound.py` stays
below its path total, the structure theorem of `bound.py` still holds: every rematch-free pairing
with gap_sq = G* pairs inside records, plus one floater pair across each odd gap between
neighbouring records. So the field splits into independent chains (records joined by odd gaps;
an even gap is never crossed), and the path total is the sum over chains. Each chain whose part
of the window optimum reaches its own bound is optimal already; each other chain is solved again
on every pair it could use (structure_edges), which is exact for that chain. Chains are small, and
the matching's cost grows faster than linearly, so solving them apart is much faster. Pairs that
cannot be in a pairing as good as the chain's best known are left out: floater pairs by the
bottom-up and top-down traces of `bound.py`, in-record pairs by the forced-pair bound of
`forced.py` (each pair's least path total given that it is used).
"""

from __future__ import annotations

from collections.abc import Callable

from tournament.engine.pairing.bound import relaxed_bound
from tournament.engine.pairing.classes import class_caps
from tournament.engine.pairing.forced import level_pair_bounds


def chains(ctx, ids, bye_cands) -> list[list[int]]:
    """Players grouped into chains of records joined by odd gaps (the bye taken out)."""
    levels: dict[int, list[int]] = {}
    for p in ids:
        levels.setdefault(ctx.s2[p], []).append(p)
    bye_level = min((ctx.s2[c] for c in bye_cands or ()), default=None)
    out: list[list[int]] = []
    seen, joined = 0, False
    for s in sorted(levels):
        if joined:
            out[-1].extend(levels[s])
        else:
            out.append(list(levels[s]))
        seen += len(levels[s]) - (s == bye_level)
        joined = seen % 2 == 1
    return out


def solve_by_chains(m, pairs: list, make: Callable, stats: dict):
    """The global optimum as (pairs, cost), or None if a chain needs a rematch or a wider gap."""
    ctx = m.ctx
    groups = chains(ctx, m.ids, m.bye_cands)
    where = {p: i for i, g in enumerate(groups) for p in g}
    by_chain: list[list] = [[] for _ in groups]
    for a, b in pairs:
        by_chain[where[a]].append((a, b))
    caps = class_caps(ctx, m.ids)
    cands = set(m.bye_cands or ())
    out: list = []
    for chain, cpairs in zip(groups, by_chain, strict=True):
        bye = [p for p in chain if p in cands]
        path = sum(ctx.cost2(a, b)[2] for a, b in cpairs if b is not None)
        points = [(ctx.s2[p], ctx.v2[p]) for p in chain]
        bye_pts = {(ctx.s2[p], ctx.v2[p]) for p in bye}
        below: dict = {}
        gap, low = relaxed_bound(points, caps, bye=bye_pts, limit=path + 1, trace=below)
        if path <= low:
            out += cpairs
            continue
        sub = make(chain, bye or None)
        edges = structure_edges(sub, path, below) | {(a, b) for a, b in cpairs if b is not None}
        stats["stages"].append({"kind": "structure", "players": len(chain), "edges": len(edges)})
        found = sub.solve(edges)
        if found is None or found[1][0] or found[1][1] != gap:
            return None
        out += found[0]
    total = [0, 0, 0]
    for a, b in out:
        if b is not None:
            for i, part in enumerate(ctx.cost2(a, b)):
                total[i] += part
    return out, tuple(total)


def structure_edges(m, best_path: int, below: dict | None = None) -> set[tuple[int, int]]:
    """Every rematch-free pair inside a record, or across an odd gap between neighbouring
    records: the only pairs a rematch-free pairing with gap_sq = G* can use (bound.py).

    A floater pair (a, b) across an odd gap is kept only if the bound of the levels up to a
    (bottom-up run), plus |v_a - v_b|, plus the bound of the levels from b up (the same run on
    mirrored records) is at most best_path: no other floater pair can be in a pairing as
    good as the best one known. An in-record pair is kept only if its forced-pair bound
    (forced.py, from the same traces) is at most best_path."""
    ctx = m.ctx
    limit = best_path + 1
    points = [(ctx.s2[p], ctx.v2[p]) for p in m.ids]
    bye = {(ctx.s2[c], ctx.v2[c]) for c in m.bye_cands or ()}
    caps = class_caps(ctx, m.ids)
    above: dict = {}
    if below is None:  # the bottom-up trace, unless the caller's bound run already made it
        below = {}
        relaxed_bound(points, caps, bye=bye, limit=limit, trace=below)
    mirrored = {(-s, v): c for (s, v), c in caps.items()}
    relaxed_bound(
        [(-s, v) for s, v in points],
        mirrored,
        bye={(-s, v) for s, v in bye},
        limit=limit,
        trace=above,
    )
    levels: dict[int, list[int]] = {}
    for p in m.order:
        levels.setdefault(ctx.s2[p], []).append(p)
    bye_level = min((ctx.s2[c] for c in m.bye_cands or ()), default=None)
    keys = sorted(levels)
    out, seen, down = set(), 0, False
    for i, s in enumerate(keys):
        row = levels[s]
        seen += len(row) - (s == bye_level)
        nxt = levels[keys[i + 1]] if i + 1 < len(keys) and seen % 2 else []
        if nxt:
            base_lo, lo = below.get(s, (0, {}))
            base_hi, hi = above.get(-keys[i + 1], (0, {}))
            room = best_path - base_lo - base_hi
        lo_in = below.get(keys[i - 1], False) if down else None
        hi_in = above.get(-keys[i + 1], False) if nxt else None
        bye_here = bye if s == bye_level else ()
        inside = _inside_pairs(
            ctx, s, row, caps=caps, bye=bye_here, lo=lo_in, hi=hi_in, limit=limit
        )
        down = bool(nxt)
        for j, a in enumerate(row):
            met = ctx.states[a].met
            out.update(
                (a, b)
                for b in row[j + 1 :]
                if b not in met and (inside is None or _key(ctx, a, b) in inside)
            )
            if not nxt or ctx.v2[a] not in lo:
                continue
            va, ca = ctx.v2[a], lo[ctx.v2[a]]
            out.update(
                (a, b)
                for b in nxt
                if b not in met
                and ctx.v2[b] in hi
                and ca + hi[ctx.v2[b]] + abs(va - ctx.v2[b]) <= room
            )
    return out


def _key(ctx, a: int, b: int) -> tuple[int, int]:
    return (ctx.v2[a], ctx.v2[b]) if ctx.v2[a] <= ctx.v2[b] else (ctx.v2[b], ctx.v2[a])


def _inside_pairs(ctx, s, row, *, caps, bye, lo, hi, limit) -> dict | None:
    """Win-path pairs (v_a <= v_b) an in-record pair may have in a pairing with a path total
    below limit (forced.py); None (keep every pair) when a neighbour's trace is missing."""
    if lo is False or hi is False:
        return None
    level: dict[int, int] = {}
    for p in row:
        level[ctx.v2[p]] = level.get(ctx.v2[p], 0) + 1
    cap = [min(caps.get((s, v), c // 2), c // 2) for v, c in sorted(level.items())]
    bye_v = {v for t, v in bye if t == s} if bye else None
    return level_pair_bounds(level, cap, below=lo, above=hi, bye=bye_v, limit=limit)
