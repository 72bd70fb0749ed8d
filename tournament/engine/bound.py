"""A lower bound on the (gap_sq, path) cost of ANY perfect pairing, used as an optimality proof.

Relaxation: forget rematches. A player is then only a point (s, v) with s = 2*mp and v = doubled
win-path value, and a pair costs (Δs)² on the gap tier and |Δv| on the path tier.

Gap tier. Sort the distinct records ("levels") L1 < L2 < ... . Call the gap between two
consecutive levels odd when an odd number of players lie at or below the lower one; every perfect
pairing must cross an odd gap at least once. Uncrossing shows that a gap-optimal pairing crosses
each odd gap exactly once, never an even gap, and only between the two neighbouring levels (a
float over an occupied level can be split in two through an internal pair of that level, which
costs strictly less: x² + y² < (x + y)²). So the least gap is G* = Σ over odd gaps of length², and
every gap-optimal pairing is: one "floater" pair across each odd gap plus pairs inside levels.

Path tier. For those pairings only the choice of floaters is free. Inside a level what is left is
points on a line, paired best consecutively in sorted order (L1 cost on a line). Which point leaves
a level can be taken at an even sorted position (up-floater after the down-floater: odd position),
since moving the removal to a neighbour never costs more by the triangle inequality; the dynamic
programme below walks the levels bottom-up, keeping for every possible up-floater the cheapest
cost of the chain so far (an L1 distance transform links floaters of neighbouring levels). The
result P* is the least path total among gap-optimal pairings, so (0, G*, P*) bounds every pairing
from below, and a pairing that reaches it is optimal. Tests check the bound against brute force.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate


def _distance_transform(carry: list[tuple[int, int]], targets: Sequence[int]) -> list[int]:
    """h[t] = min over (v, c) in carry of c + |t - v|; carry and targets sorted by value."""
    inf = float("inf")
    out = [inf] * len(targets)
    best, i = inf, 0
    for k, t in enumerate(targets):
        while i < len(carry) and carry[i][0] <= t:
            best = min(best, carry[i][1] - carry[i][0])
            i += 1
        out[k] = t + best
    best, i = inf, len(carry) - 1
    for k in range(len(targets) - 1, -1, -1):
        t = targets[k]
        while i >= 0 and carry[i][0] >= t:
            best = min(best, carry[i][1] + carry[i][0])
            i -= 1
        out[k] = min(out[k], best - t)
    return out


def _level_costs(vs: list[int], h: list | None, up: bool) -> tuple[int | None, list | None]:
    """Cost of one level given inbound floater costs h; returns (closed_cost, up_carry)."""
    m = len(vs)
    gaps = [vs[k + 1] - vs[k] for k in range(m - 1)]
    ev = [0, *accumulate(g if k % 2 == 0 else 0 for k, g in enumerate(gaps))]
    od = [0, *accumulate(g if k % 2 == 1 else 0 for k, g in enumerate(gaps))]
    ev = ev + [ev[-1]] * 2
    od = od + [od[-1]] * 2
    if h is None and not up:
        return ev[m - 1], None
    if h is None or not up:  # exactly one player leaves, at an even position
        one = {p: ev[p] + od[m - 1] - od[p + 1] for p in range(0, m, 2)}
        if h is None:
            return None, [(vs[p], c) for p, c in one.items()]
        return min(h[p] + c for p, c in one.items()), None
    # both a down-floater and an up-floater leave: one at even p, the other at odd q > p; the
    # level then costs ev[p] + (od[q] - od[p + 1]) + (ev[m - 1] - ev[q + 1])
    up_cost = [float("inf")] * m
    best_p = float("inf")  # down at even p < q, up at q
    for q in range(m):
        if q % 2 == 0:
            best_p = min(best_p, h[q] + ev[q] - od[q + 1])
        else:
            up_cost[q] = best_p + od[q] + ev[m - 1] - ev[q + 1]
    best_q = float("inf")  # down at odd q > p, up at even p
    for p in range(m - 1, -1, -1):
        if p % 2 == 1:
            best_q = min(best_q, h[p] + od[p] + ev[m - 1] - ev[p + 1])
        else:
            up_cost[p] = best_q + ev[p] - od[p + 1]
    return None, [(vs[k], c) for k, c in enumerate(up_cost) if c != float("inf")]


def relaxed_bound(points: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """(G*, P*) for an even number of (s, v) points: the least (gap_sq, path) ignoring rematches."""
    levels: dict[int, list[int]] = {}
    for s, v in points:
        levels.setdefault(s, []).append(v)
    keys = sorted(levels)
    gap = path = seen = 0
    carry: list | None = None
    for i, s in enumerate(keys):
        vs = sorted(levels[s])
        seen += len(vs)
        up = i < len(keys) - 1 and seen % 2 == 1
        if up:
            gap += (keys[i + 1] - s) ** 2
        h = _distance_transform(carry, vs) if carry is not None else None
        closed, carry = _level_costs(vs, h, up)
        if closed is not None:
            path += closed
        if carry is not None:
            carry.sort()
    return gap, path


def odd_cut_count(points: Sequence[tuple[int, int]]) -> int:
    """Number of unit record cuts with an odd count below: any pairing's gap_sq is at least this
    plus d² - d for each of its pairs with record gap d (the score-window argument)."""
    levels = sorted({s for s, _ in points})
    counts: dict[int, int] = {}
    for s, _ in points:
        counts[s] = counts.get(s, 0) + 1
    total = seen = 0
    for i, s in enumerate(levels[:-1]):
        seen += counts[s]
        if seen % 2:
            total += levels[i + 1] - s
    return total
