"""A lower bound on the (gap_sq, path) cost of every rematch-free pairing: the optimality proof.

A player is a point (s, v): s = 2*mp, v = doubled win-path value. Players with the same point form
a class; `caps` may give, per class, an upper bound on how many pairs can be formed INSIDE the
class without a rematch (its maximum matching among members who have not met). Rematches between
different classes are ignored, so the result is a relaxation: a lower bound.

Gap tier. Sort the distinct records ("levels") L1 < L2 < ... . Call the gap between two
consecutive levels odd when an odd number of players lie at or below the lower one; every perfect
pairing must cross an odd gap at least once. A pair crossing gaps of lengths a, b, ... pays
(a + b + ...)² >= a² + b² + ..., so every pairing has gap_sq >= G* = Σ over odd gaps of length²,
with equality exactly when each odd gap is crossed once, by a pair of the two neighbouring levels
("floaters"), and no even gap is crossed: all other pairs stay inside their level.

Path tier, for pairings with gap_sq = G*. Inside a level, with its floaters removed, players are
points on a line and |Δv| is the sum of the class gaps a pair spans, so a pairing's path cost is
Σ (gap between classes k, k+1) × t_k, where t_k counts pairs crossing that gap. Walking the
classes left to right, t_in open pairs arrive at a class of c players; x <= min(t_in, c) of them
end there, p <= min(cap, (c - x) // 2) pairs form inside, the rest leave: t_out = t_in - x + c - x
- 2p. Closing as many pairs as possible is NOT always best once inside pairs are capped: a class
whose members have all met can be cheaper to reach with two open pairs than with none. So the
dynamic programme keeps every (x, p) choice, over (floaters taken, t) per class, giving each
level's least cost for each class of its up-floater; an L1 distance transform links floaters of
neighbouring levels, bottom-up. The result P* bounds the path total of every rematch-free pairing
with gap_sq = G*, so (0, G*, P*) is a lower bound on every rematch-free pairing and a pairing
reaching it is optimal. A bound below the optimum is never wrong, only weaker: the engine then
falls back to the chain argument or a wider graph. Tests check the bound against brute force,
capped and uncapped; with a bye the uncapped bound is not always the exact relaxed optimum.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from itertools import accumulate

INF = float("inf")


def _distance_transform(carry: list[tuple[int, float]], targets: Sequence[int]) -> list[float]:
    """h[t] = min over (v, c) in carry of c + |t - v|; carry and targets sorted by value."""
    out = [INF] * len(targets)
    best, i = INF, 0
    for k, t in enumerate(targets):
        while i < len(carry) and carry[i][0] <= t:
            best = min(best, carry[i][1] - carry[i][0])
            i += 1
        out[k] = t + best
    best, i = INF, len(carry) - 1
    for k in range(len(targets) - 1, -1, -1):
        t = targets[k]
        while i >= 0 and carry[i][0] >= t:
            best = min(best, carry[i][1] + carry[i][0])
            i -= 1
        out[k] = min(out[k], best - t)
    return out


def _outs(t_in: int, c: int, cap: int, room: int):
    """Possible t_out after a class of c players (cap pairs inside) receives t_in open pairs:
    q = x + p pairs close (x opens end here, p pairs form inside), t_out = t_in + c - 2q; every
    q up to x = min(t_in, c), p = min(cap, (c - x) // 2) is possible. room bounds t_out."""
    x = min(t_in, c)
    qmax = x + min(cap, (c - x) // 2)
    hi = t_in + c
    start = max(0, (hi - room + 1) // 2)
    return [hi - 2 * q for q in range(start, qmax + 1)]


class _Level:
    """One level's classes (values, sizes, caps) and the removals it owes: each kind (down-floater,
    bye) takes one player from a class at the given per-class cost; the up-floater is optional."""

    def __init__(self, vals, counts, caps, *, kinds: list[list[float]], up: bool, limit: float):
        self.vals, self.counts, self.caps, self.kinds, self.up = vals, counts, caps, kinds, up
        self.limit = limit
        self.gaps = [vals[k + 1] - vals[k] for k in range(len(vals) - 1)] + [0]
        total = sum(counts)
        # opens leaving class k must end on a player further right
        self.room = [total - done for done in accumulate(counts)]
        self.full = (1 << len(kinds)) - 1

    def _moves(self, k: int, mask: int, up_left: bool):
        """(new mask, up taken, players removed, extra cost) at class k."""
        for sub in range(self.full + 1):
            if sub & mask:
                continue
            extra = sum(self.kinds[i][k] for i in range(len(self.kinds)) if sub >> i & 1)
            if extra == INF:
                continue
            n = bin(sub).count("1")
            for u in (0, 1) if up_left else (0,):
                if n + u <= self.counts[k]:
                    yield mask | sub, u, n + u, extra

    def _forward(self) -> list[dict]:
        """fwd[k][(kinds taken, up taken, t)]: least cost of the classes before k."""
        fwd: list[dict] = [{(0, 0, 0): 0.0}]
        for k in range(len(self.vals)):
            nxt: dict = {}
            for (mask, u, t), cost in fwd[k].items():
                for m2, u2, rem, extra in self._moves(k, mask, self.up and not u):
                    base = cost + extra
                    for out in _outs(t, self.counts[k] - rem, self.caps[k], self.room[k]):
                        c2 = base + self.gaps[k] * out
                        if c2 < self.limit:
                            _relax(nxt, (m2, u | u2, out), c2)
            fwd.append(nxt)
        return fwd

    def _tails(self, fwd: list[dict], end: tuple) -> list[dict]:
        """tails[k][state]: least completion from the cut before class k, up-floater taken."""
        back = {end: 0.0} if end in fwd[-1] else {}
        tails = [back]
        for k in range(len(self.vals) - 1, -1, -1):
            cur: dict = {}
            for mask, u, t in fwd[k]:
                if not u:
                    continue
                for m2, _u, rem, extra in self._moves(k, mask, False):
                    for out in _outs(t, self.counts[k] - rem, self.caps[k], self.room[k]):
                        tail = back.get((m2, 1, out), INF)
                        if tail < INF:
                            _relax(cur, (mask, 1, t), extra + self.gaps[k] * out + tail)
            back = cur
            tails.append(back)
        tails.reverse()
        return tails

    def solve(self) -> tuple[float, list | None]:
        """(closed cost, None) without an up-floater, else (INF, [(v, cost with up here)])."""
        fwd = self._forward()
        end = (self.full, 1 if self.up else 0, 0)
        if not self.up:
            return fwd[-1].get(end, INF), None
        tails = self._tails(fwd, end)
        carry = []
        for k, v in enumerate(self.vals):
            best = INF
            for (mask, u, t), cost in fwd[k].items():
                if u:
                    continue
                for m2, u2, rem, extra in self._moves(k, mask, True):
                    if not u2:
                        continue
                    for out in _outs(t, self.counts[k] - rem, self.caps[k], self.room[k]):
                        tail = tails[k + 1].get((m2, 1, out), INF)
                        best = min(best, cost + extra + self.gaps[k] * out + tail)
            if best < self.limit:
                carry.append((v, best))
        return INF, carry


def _relax(table: dict, key: tuple, cost: float) -> None:
    if cost < table.get(key, INF):
        table[key] = cost


def relaxed_bound(
    points: Sequence[tuple[int, int]],
    caps: Mapping[tuple[int, int], int] | None = None,
    *,
    bye: Collection[tuple[int, int]] = (),
    limit: float = INF,
    trace: dict | None = None,
) -> tuple[int, float]:
    """(G*, P*) for (s, v) points; caps bound the pairs inside each class.

    With an odd count, one point of `bye` (all on one record) sits out. Path totals of `limit` or
    more are not tracked: the result is then min(P*, limit), still a lower bound (P* is `limit`
    or inf when no rematch-free pairing reaches G*). trace, if given, receives for each level
    with an up-floater: (path of the closed levels below, {v: least cost of the chain so far
    with the up-floater at v}), the cheapest way to cover everything up to that floater."""
    caps = caps or {}
    levels: dict[int, dict[int, int]] = {}
    for s, v in points:
        row = levels.setdefault(s, {})
        row[v] = row.get(v, 0) + 1
    bye_level = min((s for s, _ in bye), default=None)
    keys = sorted(levels)
    gap = seen = 0
    path = 0.0
    carry: list | None = None
    for i, s in enumerate(keys):
        vals = sorted(levels[s])
        counts = [levels[s][v] for v in vals]
        cap = [min(caps.get((s, v), c // 2), c // 2) for v, c in zip(vals, counts, strict=True)]
        seen += sum(counts) - (s == bye_level)
        up = i < len(keys) - 1 and seen % 2 == 1
        if up:
            gap += (keys[i + 1] - s) ** 2
        kinds = [] if carry is None else [_distance_transform(carry, vals)]
        if s == bye_level:
            kinds.append([0.0 if (s, v) in bye else INF for v in vals])
        if path < limit and carry != []:
            closed, carry = _Level(
                vals, counts, cap, kinds=kinds, up=up, limit=limit - path
            ).solve()
            if trace is not None and carry is not None:
                trace[s] = (path, dict(carry))
            path += closed if carry is None else 0
    return gap, int(path) if path < limit and carry != [] else limit


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
