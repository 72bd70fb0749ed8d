"""Split stage of the proof: pair each record on its own, in small blocks, and meet the bound.

The matching's cost grows much faster than linearly with the field (a 2,000-player chain takes
tens of times longer than ten 200-player pieces), so the largest fields are solved in pieces and
the result is proven by the lower bound of `bound.py` exactly as the window stage is: a pairing
with no rematch, gap_sq = G* and path total = P* cannot be beaten.

By the structure theorem of `bound.py`, a pairing that reaches the bound pairs inside records
plus one floater pair across each odd gap between neighbouring records, so it splits into chains
of records (`structure.py`). Inside a chain, the floater pairs are chosen from the bound itself:
walking the chain's odd gaps bottom-up, the bottom-up trace of the levels below (recomputed with
the floaters already chosen taken out) and the top-down trace of the levels above give, for each
pair of win-path classes across the gap, the least path total of the chain that uses it; a pair of
classes reaching the minimum is taken, and with it the first pair of players of those classes
who have not met. Each choice keeps the relaxed optimum reachable, so with the floaters out the
records no longer interact: each is paired on its own. A record is cut, in its win-path order,
into blocks of an even number of players: on a line the cheapest pairing pairs neighbours and
never crosses an even cut, so the blocks lose nothing the bound counts. Each block is solved on
each player's nearest neighbours. The record holding the bye is solved whole, with the bye node.

Nothing here is trusted: a chain's pieces are accepted only if they reach the chain's bound with
no rematch (the chains' bounds add up to the whole field's). Pieces with no rematch and the
chain's gap_sq but a longer path (rematches between classes, which the bound ignores, can make
the bound unreachable) are a known pairing as good as any the structure stage must beat, so that
chain alone is solved again, exactly, on its structure edges. Anything else (a rematch, a wider
gap) returns None and the caller goes on to the window stage, which is proven on its own.
"""

from __future__ import annotations

from tournament.engine.pairing.bound import INF, relaxed_bound
from tournament.engine.pairing.classes import class_caps
from tournament.engine.pairing.structure import chains, structure_edges

BLOCK = 192  # players per block: small enough to solve fast, big enough to rarely cut badly
NEAR = 5  # each player is offered its next NEAR players in the block's win-path order


def split_solve(m, stats: dict):
    """(pairs, cost, bound, proof) proven optimal, or None.

    A chain whose pieces have no rematch and the chain's G but a path above its bound is solved
    again whole on its structure edges (`structure.py`, exact for the chain): the proof is then
    "structure" instead of "lower_bound"."""
    ctx = m.ctx
    caps = class_caps(ctx, m.ids)
    cands = set(m.bye_cands or ())
    rank = {p: i for i, p in enumerate(m.order)}
    out: list = []
    total = [0, 0, 0]
    bound = [0, 0]
    proof = "lower_bound"
    pieces = edges = 0
    for chain in chains(ctx, m.ids, m.bye_cands):
        chain.sort(key=rank.__getitem__)
        bye = [p for p in chain if p in cands]
        found = _solve_chain(m, chain, caps, bye)
        if found is None:
            return None
        pairs, cost, (gap, path), (n_pieces, n_edges) = found
        if cost[:2] != (0, gap):
            return None
        if cost[2] > path:
            pairs, cost, n_edges = _resolve(m, chain, bye, pairs, cost=cost, gap=gap)
            if pairs is None:
                return None
            proof = "structure"
        out += pairs
        for i in range(3):
            total[i] += cost[i]
        bound[0] += gap
        bound[1] += path
        pieces += n_pieces
        edges += n_edges
    stats["stages"].append({"kind": "split", "pieces": pieces, "edges": edges})
    stats["candidate_edges"] = edges
    return out, tuple(total), (0, bound[0], bound[1]), proof


def _resolve(m, chain: list[int], bye: list[int], pairs: list, *, cost: tuple, gap: int):
    """The chain's exact optimum on the structure edges that can beat the pieces' pairs
    (`structure.py`; those pairs are offered too, so a perfect matching exists):
    (pairs, cost, edges), or Nones if it needs a rematch or a wider gap (then only the full
    graph can tell)."""
    sub = type(m)(m.ctx, chain, bye or None, m.seed)  # a Matcher, without an import circle
    edges = structure_edges(sub, cost[2]) | {(a, b) for a, b in pairs if b is not None}
    found = sub.solve(edges)
    if found is None or found[1][:2] != (0, gap):
        return None, None, None
    return found[0], found[1], len(edges)


def _points(ctx, players) -> list[tuple[int, int]]:
    return [(ctx.s2[p], ctx.v2[p]) for p in players]


def _solve_chain(m, chain: list[int], caps: dict, bye: list[int]):
    """(pairs, cost, (G, P) of the chain, (pieces, edges)) or None."""
    ctx = m.ctx
    bye_pts = set(_points(ctx, bye))
    below: dict = {}
    gap, path = _bound(_points(ctx, chain), caps, bye_pts, below)
    if path == INF:
        return None
    levels: dict[int, list[int]] = {}
    for p in chain:  # chain is in the global order: descending win path, then seeded key
        levels.setdefault(ctx.s2[p], []).append(p)
    floaters = _floaters(m, levels, below, caps=caps, bye_pts=bye_pts, limit=path + 1)
    if floaters is None:
        return None
    taken = {p for pair in floaters for p in pair}
    solved = _pair_records(m, levels, taken, bye=set(bye), caps=caps)
    if solved is None:
        return None
    pairs, pieces, edges = solved
    pairs += floaters
    cost = [0, 0, 0]
    for a, b in pairs:
        if b is not None:
            for i, part in enumerate(ctx.cost2(a, b)):
                cost[i] += part
    return pairs, tuple(cost), (gap, path), (pieces, edges)


def _floaters(m, levels: dict, below: dict, *, caps, bye_pts, limit) -> list | None:
    """One floater pair per odd gap of the chain, bottom-up, each keeping the bound reachable."""
    ctx = m.ctx
    keys = sorted(levels)
    above: dict = {}
    if len(keys) > 1:
        relaxed_bound(
            [(-s, v) for s, v in _points(ctx, [p for s in keys for p in levels[s]])],
            {(-s, v): c for (s, v), c in caps.items()},
            bye={(-s, v) for s, v in bye_pts},
            limit=limit,
            trace=above,
        )
    pairs: list = []
    taken: set[int] = set()
    for i, s in enumerate(keys[:-1]):
        up = keys[i + 1]
        if s not in below or -up not in above:
            return None  # every gap inside a chain is odd; no trace means no pairing in reach
        choice = _floater(m, levels[s], levels[up], lo=below[s][1], hi=above[-up][1], taken=taken)
        if choice is None:
            return None
        pairs.append(choice)
        taken.update(choice)
        if i + 2 >= len(keys):
            continue
        # the next gap's bottom-up trace: the record above alone, with this floater out (the
        # levels below it are settled); one stand-in point on the record after it makes the
        # walk carry an up-floater out of `up`, and only the trace of `up` is read
        below = {}
        relaxed_bound(
            [*_points(ctx, [p for p in levels[up] if p not in taken]), (keys[i + 2], 0)],
            caps,
            bye={pt for pt in bye_pts if pt[0] == up},
            limit=limit,
            trace=below,
        )
    return pairs


def _pair_records(m, levels: dict, taken: set[int], *, bye: set[int], caps: dict):
    """Each record without its floaters, in blocks: (pairs, pieces, edges) or None.

    Rematches near a cut can make the blocks miss the record's own bound (a player whose
    neighbours in its block it has all met); such a record is paired again whole."""
    ctx = m.ctx
    pairs: list = []
    pieces = edges = 0
    for s in sorted(levels):
        row = [p for p in levels[s] if p not in taken]
        cands = [p for p in row if p in bye] if len(row) % 2 else None
        # the bye's record is solved whole, with the bye node
        blocks = [row] if cands else [row[i : i + BLOCK] for i in range(0, len(row), BLOCK)]
        found = _pair_blocks(m, blocks, cands)
        if len(blocks) > 1 and _missed(found, _points(ctx, row), caps):
            whole = _pair_blocks(m, [row], None)
            if whole is not None and (found is None or whole[1] < found[1]):
                found = (whole[0], whole[1], (found[2] if found else 0) + whole[2])
        if found is None:
            return None
        pairs += found[0]
        pieces += len(blocks)
        edges += found[2]
    return pairs, pieces, edges


def _missed(found, points, caps) -> bool:
    """Whether the blocks failed, or missed the record's own bound (a cheap walk of this one
    record, with a tight limit)."""
    if found is None:
        return True
    return found[1] > 0 and relaxed_bound(points, caps, limit=found[1])[1] < found[1]


def _pair_blocks(m, blocks: list[list[int]], cands):
    """(pairs, doubled path total, edges) of the blocks, each on its nearest pairs; None if
    one has no perfect matching or needs a rematch."""
    pairs: list = []
    path = edges = 0
    for block in blocks:
        near = [(a, b) for i, a in enumerate(block) for b in block[i + 1 : i + 1 + NEAR]]
        solved = m.solve(near, nodes=block, bye_cands=cands)
        if solved is None or solved[1][0]:
            return None
        pairs += solved[0]
        path += solved[1][2]
        edges += len(near)
    return pairs, path, edges


def _bound(points, caps, bye, trace: dict) -> tuple[int, float]:
    """relaxed_bound, exact, but fast: the walk only tracks path totals below its limit, and
    a tight limit makes it many times faster, so the limit starts from an estimate and grows
    until the bound is below it (past any possible total, no limit at all)."""
    levels: dict[int, list[int]] = {}
    for s, v in points:
        levels.setdefault(s, []).append(v)
    estimate = sum(_line(sorted(vals)) for vals in levels.values())
    span = max(v for _, v in points) - min(v for _, v in points)
    ceiling = len(points) * span  # no pairing's path total reaches this
    limit = estimate + 1
    while limit <= ceiling:
        trace.clear()
        gap, path = relaxed_bound(points, caps, bye=bye, limit=limit, trace=trace)
        if path < limit:
            return gap, path
        limit = limit * 3 // 2 + 1
    trace.clear()
    return relaxed_bound(points, caps, bye=bye, trace=trace)


def _line(vals: list[int]) -> int:
    """Least path total of pairing points on a line (one left out if their count is odd):
    pairs of neighbours. Only a starting guess for the bound's limit."""
    n = len(vals)
    pre = [0] * (n + 1)  # pre[j]: pairing vals[:j] (j even) as neighbours
    for j in range(2, n + 1, 2):
        pre[j] = pre[j - 2] + vals[j - 1] - vals[j - 2]
    if n % 2 == 0:
        return pre[n]
    suf = [0] * (n + 2)  # suf[j]: pairing vals[j:] as neighbours (n - j even)
    for j in range(n - 2, -1, -2):
        suf[j] = suf[j + 2] + vals[j + 1] - vals[j]
    return min(pre[j] + suf[j + 1] for j in range(0, n, 2))


def _floater(m, low: list[int], high: list[int], *, lo: dict, hi: dict, taken: set[int]):
    """The floater pair across one odd gap: the classes of least chain path (lo: bottom-up
    trace of the record below, hi: top-down trace of the record above), the first players of
    those classes, in the seeded order, who have not met."""
    ctx = m.ctx
    best = min(lo[va] + abs(va - vb) + hi[vb] for va in lo for vb in hi)
    options = sorted((va, vb) for va in lo for vb in hi if lo[va] + abs(va - vb) + hi[vb] == best)
    for va, vb in options:
        tops = [p for p in low if ctx.v2[p] == va and p not in taken]
        bottoms = [p for p in high if ctx.v2[p] == vb and p not in taken]
        for a in tops:
            met = ctx.states[a].met
            b = next((b for b in bottoms if b not in met), None)
            if b is not None:
                return (b, a)
    return None
