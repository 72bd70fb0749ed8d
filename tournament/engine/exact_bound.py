"""The exact path tier of gap-optimal rematch-free pairings, by a player-level dynamic programme.

`bound.py` treats players of one class as interchangeable, so a rematch between two players of
neighbouring classes (common in late rounds, when classes hold one to three players) slips
through its relaxation. This module keeps identities instead, with the same structure theorem:
a pairing with gap_sq = G* is one floater pair across each odd record gap plus pairs inside
levels, so its path total is Σ floater distances + Σ per level of a matching of points on a line.

Inside a level, players are walked in order of win path. The state between two neighbours is
the set of "open" players still waiting for a partner further right; every open pays the gap to
the next player, which is exactly |Δv| summed over pairs. The player at hand may end one open
(if they have not met), open itself, or leave the level (as the down-floater, with the cost `h`
carried up from the level below; as the bye; as the up-floater). An open player who has met no
one further right can never be blocked again, so such opens are only counted; only opens with a
met player ahead are kept by name. That keeps the state small and the programme exact for
rematches inside levels. Floater pairs are joined through an L1 distance transform (a rematch
inside a floater pair is ignored, so the result stays a lower bound). States at or above `limit`
are dropped: the result is min(exact, limit), still a lower bound, and equal to the exact value
whenever it is below the limit.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .bound import INF, _distance_transform
from .context import PairingContext


class _LineLevel:
    def __init__(self, ctx: PairingContext, row: list[int], kinds: list[list[float]], up: bool):
        self.row, self.kinds, self.up = row, kinds, up
        pos = {p: i for i, p in enumerate(row)}
        self.v = [ctx.v2[p] for p in row]
        self.gaps = [self.v[i + 1] - self.v[i] for i in range(len(row) - 1)] + [0]
        self.met = [{pos[q] for q in ctx.states[p].met if q in pos} for p in row]
        self.last = [max(m, default=-1) for m in self.met]
        self.full = (1 << len(kinds)) - 1

    def moves(self, i: int, key: tuple, allow_up: bool):
        """(next state, extra cost, took the up-floater) for player i from state key."""
        mask, u, g, spec = key
        for k, costs in enumerate(self.kinds):
            if not mask >> k & 1 and costs[i] < INF:
                yield (mask | 1 << k, u, g, spec), costs[i], False
        if allow_up and self.up and not u:
            yield (mask, 1, g, spec), 0.0, True
        if g:
            yield (mask, u, g - 1, spec), 0.0, False
        for q in spec:
            if i not in self.met[q]:
                yield (mask, u, g, spec - {q}), 0.0, False
        if self.last[i] > i:
            yield (mask, u, g, spec | {i}), 0.0, False
        else:
            yield (mask, u, g + 1, spec), 0.0, False

    def settle(self, i: int, key: tuple) -> tuple[tuple, int]:
        """Opens that met no one after i become anonymous; returns (key, opens)."""
        mask, u, g, spec = key
        gone = {q for q in spec if self.last[q] <= i}
        if gone:
            spec = spec - gone
            g += len(gone)
        return (mask, u, g, spec), g + len(spec)

    def step(self, i: int, key: tuple, allow_up: bool):
        room = len(self.row) - 1 - i
        for nxt, extra, took in self.moves(i, key, allow_up):
            nxt, opens = self.settle(i, nxt)
            if opens <= room:
                yield nxt, extra + self.gaps[i] * opens, took

    def solve(self, limit: float) -> tuple[float, list | None]:
        empty = frozenset()
        layers: list[dict] = [{(0, 0, 0, empty): 0.0}]
        for i in range(len(self.row)):
            nxt: dict = {}
            for key, cost in layers[i].items():
                for key2, extra, _ in self.step(i, key, True):
                    c2 = cost + extra
                    if c2 < limit and c2 < nxt.get(key2, INF):
                        nxt[key2] = c2
            layers.append(nxt)
        end = (self.full, 1 if self.up else 0, 0, empty)
        if not self.up:
            return layers[-1].get(end, INF), None
        tails: list[dict] = [{}] * len(layers)
        tails[-1] = {end: 0.0} if end in layers[-1] else {}
        for i in range(len(self.row) - 1, -1, -1):
            cur: dict = {}
            for key in layers[i]:
                if not key[1]:
                    continue
                for key2, extra, _ in self.step(i, key, False):
                    tail = tails[i + 1].get(key2, INF)
                    if extra + tail < cur.get(key, INF):
                        cur[key] = extra + tail
            tails[i] = cur
        carry = []
        for i in range(len(self.row)):
            best = INF
            for key, cost in layers[i].items():
                if key[1]:
                    continue
                for key2, extra, took in self.step(i, key, True):
                    if took:
                        best = min(best, cost + extra + tails[i + 1].get(key2, INF))
            if best < limit:
                carry.append((self.v[i], best))
        carry.sort()
        return INF, carry


def exact_path_bound(
    ctx: PairingContext, ids: Sequence[int], bye: Collection[int] = (), limit: float = INF
) -> tuple[int, float]:
    """(G*, least path total of gap-optimal rematch-free pairings, capped at limit)."""
    levels: dict[int, list[int]] = {}
    for p in ids:
        levels.setdefault(ctx.s2[p], []).append(p)
    bye_level = min((ctx.s2[p] for p in bye), default=None)
    keys = sorted(levels)
    gap = seen = 0
    path = 0.0
    carry: list | None = None
    for i, s in enumerate(keys):
        row = sorted(levels[s], key=lambda p: (ctx.v2[p], p))
        seen += len(row) - (s == bye_level)
        up = i < len(keys) - 1 and seen % 2 == 1
        if up:
            gap += (keys[i + 1] - s) ** 2
        vals = [ctx.v2[p] for p in row]
        kinds = [] if carry is None else [_distance_transform(carry, vals)]
        if s == bye_level:
            kinds.append([0.0 if p in bye else INF for p in row])
        closed, carry = _LineLevel(ctx, row, kinds, up).solve(limit - path)
        path += closed if carry is None else 0
        if path >= limit or carry == []:
            return gap, limit
    return gap, int(path)
