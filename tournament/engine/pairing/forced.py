"""Lower bounds with one pair forced inside a record: the in-record pairs a chain re-solve needs.

A pairing with gap_sq = G* that uses an in-record pair (a, b) leaves a pairing of the other
players with the same floater structure, so its path total is at least |v_a - v_b| plus the
relaxed cost of the rest: the walk of `bound.py` with a and b taken out of their classes. The
record's floaters enter as kinds (one player taken from a class at a per-class cost): the chain
below (its bottom-up trace distance transformed onto the record), the chain above (the same on
mirrored records) and the bye. Closed chains elsewhere are left out, which only lowers the bound.

A walk state at a cut is (kinds taken, opens), every number of pairs closing at a class is tried
as in `bound.py`, and tails[c][state] is the exact least completion from the cut before class c.
For each class i of a, the walk starts from the unforced prefix states, takes a out at i and
carries the pair, paying each class gap it crosses, until b is taken out at some class k >= i:
bound(i, k) = prefix + carried cost + tail. Read as an ordinary open, the carried pair makes the
walk an unforced one with the same cost, so a carried state whose cost plus the tail of the state
with one more open reaches the limit is dropped (no b further on can do better). A pair inside
one class is one of that class's rematch-free pairs, so the rest may form one fewer there. A pair
whose bound exceeds the best path total known cannot be in a pairing as good, so `structure.py`
drops it.
"""

from __future__ import annotations

from itertools import accumulate

from tournament.engine.pairing.bound import INF, _distance_transform, _outs


def _transform(entry, vals) -> list[float] | None:
    return None if entry is None else _distance_transform(sorted(entry[1].items()), vals)


class _Walk:
    """The walk of one record with its floater kinds, unforced prefix states and exact tails."""

    def __init__(self, vals, counts, caps, kinds, budget):
        self.counts, self.caps, self.budget = counts, caps, budget
        n = len(vals)
        self.gaps = [vals[c + 1] - vals[c] for c in range(n - 1)] + [0]
        self.room = [sum(counts) - done for done in accumulate(counts)]
        self.full = (1 << len(kinds)) - 1
        self.moves = [
            [
                (sub, sub.bit_count(), extra)
                for sub in range(self.full + 1)
                if (extra := sum(kinds[j][c] for j in range(len(kinds)) if sub >> j & 1)) < INF
            ]
            for c in range(n)
        ]
        self.tails: list[dict] | None = None
        self.fwd = [{(0, 0): 0.0}]
        for c in range(n):
            nxt = self.step(c, self.fwd[c], 0, 0, None)
            self.fwd.append({key: v for key, v in nxt.items() if v < budget})
        self.tails = [{} for _ in range(n)] + [{(self.full, 0): 0.0}]
        for c in range(n - 1, -1, -1):
            for mask, t in self.fwd[c]:
                best = min(
                    (
                        extra + self.gaps[c] * out + self.tails[c + 1].get((mask | sub, out), INF)
                        for sub, k, extra in self.moves[c]
                        if not sub & mask and k <= counts[c]
                        for out in _outs(t, counts[c] - k, caps[c], self.room[c])
                    ),
                    default=INF,
                )
                if best < INF:
                    self.tails[c][mask, t] = best

    def step(self, c: int, states: dict, taken: int, carried: int, found: dict | None) -> dict:
        """States after class c with `taken` more players out of it; carried (0 or 1) pairs
        pay the gap after c; with found, the carried pair may also end here."""
        counts, tails, nxt = self.counts, self.tails, {}
        for (mask, t), cost in states.items():
            for sub, k, extra in self.moves[c]:
                m2, r = mask | sub, k + taken
                if sub & mask or r > counts[c]:
                    continue
                # a pair inside one class is one of its cap's rematch-free pairs
                cap = self.caps[c] - taken
                if found is not None and r < counts[c] and cap >= 0:
                    for out in _outs(t, counts[c] - r - 1, cap, self.room[c]):
                        tail = tails[c + 1].get((m2, out), INF)
                        found[c] = min(found.get(c, INF), cost + extra + self.gaps[c] * out + tail)
                for out in _outs(t, counts[c] - r, self.caps[c], self.room[c] - carried):
                    c2 = cost + extra + self.gaps[c] * (out + carried)
                    if c2 >= nxt.get((m2, out), INF):
                        continue
                    if (
                        tails is None
                        or c2 + tails[c + 1].get((m2, out + carried), INF) < self.budget
                    ):
                        nxt[m2, out] = c2
        return nxt

    def forced(self, i: int) -> dict[int, float]:
        """{class k >= i: least cost of the walk with a taken at i and b at k, pair included}."""
        fwd, tails = self.fwd[i], self.tails[i]
        states = {key: v for key, v in fwd.items() if v + tails.get(key, INF) < self.budget}
        found: dict = {}
        for c in range(i, len(self.counts)):
            if not states:
                break
            states = self.step(c, states, int(c == i), 1, found)
        return found


def level_pair_bounds(
    level: dict[int, int],
    caps: list[int],
    *,
    below: tuple | None,
    above: tuple | None,
    bye: set[int] | None,
    limit: float,
) -> dict[tuple[int, int], float]:
    """{(v_a, v_b): least path total with a pair of those win paths (v_a <= v_b) forced inside
    this record}; pairs whose bound reaches `limit` are left out.

    level maps win path to class size, caps bounds the pairs inside each class; below / above
    are the trace entries of the neighbouring records across odd gaps (None where there is
    none); bye holds the win paths that may take the bye when it is taken in this record."""
    vals = sorted(level)
    kinds = [k for k in (_transform(below, vals), _transform(above, vals)) if k is not None]
    if bye is not None:
        kinds.append([0.0 if v in bye else INF for v in vals])
    base = (below[0] if below else 0) + (above[0] if above else 0)
    walk = _Walk(vals, [level[v] for v in vals], caps, kinds, limit - base)
    out: dict[tuple[int, int], float] = {}
    for i, va in enumerate(vals):
        for k, lb in walk.forced(i).items():
            if base + lb < limit:
                out[va, vals[k]] = base + lb
    return out
