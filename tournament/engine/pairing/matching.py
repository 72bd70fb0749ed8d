"""Optimal pairing as a maximum-weight perfect matching, on a pruned graph with a proof.

Weights. One integer per edge encodes the lexicographic cost (rematch, gap_sq, path, noise):
weight = K - (rematch*T1 + gap*T2 + path*T3 + noise), noise in [0, NZ). T3 = NZ*(pairs+1) so all
the noise of a pairing is below one path unit; T2 exceeds the largest possible path total plus
noise; T1 exceeds the largest possible gap total plus everything below. So the maximum weight
perfect matching minimises rematches, then gap_sq, then path, and breaks the remaining ties by the
seeded noise (reproducible: the noise is a hash of the seed and the two player ids).

Pruning with proof. Fields of SMALL_FIELD players or more first try the split stage
(`split.py`): each record paired on its own in small blocks, floaters chosen from the bound,
accepted by the same lower-bound or structure argument as below (it is what makes a 4,096-player
round fast: the matching's cost grows much faster than the field). If it cannot prove its answer,
players are sorted by (record, win path, seeded key) and a stage only offers each player the next
k players of that order (plus the bye node). Its optimum is accepted when
  1. it has no rematch and reaches the lower bound (0, G*, P*) of `bound.py`, which holds for
     every rematch-free pairing of the full graph (rematch-aware through the class caps of
     `classes.py`; a pairing with a rematch is worse anyway), so nothing can be cheaper; or
  2. (structure) the window optimum has no rematch and gap_sq = G*, but a path total above P*.
     Every rematch-free pairing with gap_sq = G* only uses pairs inside a record or across an
     odd gap between neighbouring records (bound.py), and a floater pair whose bottom-up bound,
     plus its distance, plus the top-down bound exceeds the best path known cannot be in a
     pairing as good; nor can an in-record pair whose forced-pair bound (`forced.py`) exceeds
     it. Per chain of records (`structure.py`), the pairs left (rematches left out) plus the
     window's are solved; an optimum with no rematch and gap_sq = G* there is the global
     optimum; or
  3. (score window) it has no rematch, the graph held every pair whose records differ by <= W,
     and gap_sq < odd_cuts + W*(W+1). Any pairing using a pair with record gap d > W has
     gap_sq >= odd_cuts + d² - d >= odd_cuts + W*(W+1) (each odd unit cut is crossed at least
     once, and a pair spanning d cuts pays d² for them), so every pairing at least as good as the
     stage's optimum lives inside the graph that was solved.
Otherwise the next, wider stage runs; the last stage is the full graph, so the answer is always
the global optimum (rematches included: when one is forced, only the full graph can prove that the
count is minimal, and small fields are where that happens).
"""

from __future__ import annotations

import random
import time
from bisect import bisect_left

import rustworkx as rx

from tournament.engine.pairing.bound import odd_cut_count, relaxed_bound
from tournament.engine.pairing.classes import class_caps
from tournament.engine.pairing.context import PairingContext
from tournament.engine.pairing.split import split_solve
from tournament.engine.pairing.structure import solve_by_chains

NOISE = 64
WINDOWS = (4,)
SMALL_FIELD = 160  # below this the full graph is solved outright: it is already the fastest
_MIX = 0x9E3779B97F4A7C15
_BYE_KEY = 0x5DEECE66D


def _keys(ids: list[int], seed: int | str, round_number: int) -> dict[int, int]:
    rng = random.Random(f"{seed}:{round_number}")
    return {pid: rng.getrandbits(64) for pid in sorted(ids)}


def _noise(ka: int, kb: int) -> int:
    return (((ka ^ kb) * _MIX) & 0xFFFFFFFFFFFFFFFF) >> 40 & (NOISE - 1)


class Matcher:
    """Solves one round's matching for ids (even count, or odd with bye candidates)."""

    def __init__(self, ctx: PairingContext, ids: list[int], bye_cands: list[int] | None, seed):
        self.ctx, self.ids, self.bye_cands, self.seed = ctx, ids, bye_cands, seed
        self.keys = _keys(ids, seed, ctx.round_number)
        self.order = sorted(ids, key=lambda p: (-ctx.s2[p], -ctx.v2[p], self.keys[p]))
        pairs = len(ids) // 2 + 1
        s = [ctx.s2[p] for p in ids]
        v = [ctx.v2[p] for p in ids]
        max_gap, max_path = (max(s) - min(s)) ** 2, max(v) - min(v)
        self.t3 = NOISE * (pairs + 1)
        self.t2 = self.t3 * (pairs * max_path + 1)
        self.t1 = self.t2 * (pairs * max_gap + 1)
        self.top = self.t1 + self.t2 * max_gap + self.t3 * max_path + NOISE + 1

    def window_edges(self, k: int) -> set[tuple[int, int]]:
        """Each player to its k nearest win paths in its own record and in the next two
        records above and below (where floaters go), plus k neighbours in the overall order."""
        ctx, o = self.ctx, self.order
        out = {(o[i], o[j]) for i in range(len(o)) for j in range(i + 1, min(len(o), i + k + 1))}
        levels: dict[int, list[int]] = {}
        for p in reversed(o):  # ascending win path inside each record
            levels.setdefault(ctx.s2[p], []).append(p)
        keys = sorted(levels)
        for li, s in enumerate(keys):
            for other in keys[li : li + 3]:
                row = levels[other]
                vs = [ctx.v2[p] for p in row]
                for a in levels[s]:
                    at = bisect_left(vs, ctx.v2[a])
                    out.update((a, b) for b in row[max(0, at - k) : at + k] if b != a)
        return out

    def score_window_edges(self, w: int) -> set[tuple[int, int]]:
        s2 = self.ctx.s2
        o = self.order  # sorted by record, so the partners of i are a contiguous run after it
        out = set()
        for i, a in enumerate(o):
            for b in o[i + 1 :]:
                if s2[a] - s2[b] > w:
                    break
                out.add((a, b))
        return out

    def solve(
        self, edges, *, nodes: list[int] | None = None, bye_cands: list[int] | None = None
    ) -> tuple[list[tuple[int, int | None]], tuple[int, int, int]]:
        """Optimum over the given edges; None if the graph has no perfect matching.

        nodes / bye_cands solve a part of the field (default: all of it, with its bye); the
        weights' tiers are sized for the whole field, so they hold for any part of it."""
        if nodes is None:
            nodes, bye_cands = self.ids, self.bye_cands
        index = {pid: i for i, pid in enumerate(nodes)}
        graph = rx.PyGraph()
        graph.add_nodes_from(nodes)
        # the weight inlined (one call per edge is most of the cost of building the graph)
        ctx, keys = self.ctx, self.keys
        s2, v2, states = ctx.s2, ctx.v2, ctx.states
        top, t1, t2, t3 = self.top, self.t1, self.t2, self.t3
        batch = [
            (
                index[a],
                index[b],
                top
                - (
                    (t1 if b in states[a].met else 0)
                    + (s2[a] - s2[b]) ** 2 * t2
                    + abs(v2[a] - v2[b]) * t3
                    + ((((keys[a] ^ keys[b]) * _MIX) & 0xFFFFFFFFFFFFFFFF) >> 40 & (NOISE - 1))
                ),
            )
            for a, b in edges
        ]
        if bye_cands is not None:
            bye = graph.add_node(None)
            # bye edges cost nothing but carry noise too, so equal choices are drawn by the seed
            batch += [(index[c], bye, top - _noise(keys[c], _BYE_KEY)) for c in bye_cands]
        graph.add_edges_from(batch)
        mate = _match(graph, batch)
        if mate is None or 2 * len(mate) != graph.num_nodes():
            return None
        pairs, total = [], [0, 0, 0]
        for x, y in mate:
            a, b = graph[x], graph[y]
            if a is None or b is None:
                pairs.append((a if b is None else b, None))
                continue
            pairs.append((a, b))
            for i, part in enumerate(ctx.cost2(a, b)):
                total[i] += part
        return pairs, (total[0], total[1], total[2])

    def lower_bound(self, limit: float = float("inf")) -> tuple[int, int, float]:
        """(0, G*, P*) of bound.py, rematch-aware through the class caps; P* is capped at limit."""
        ctx = self.ctx
        points = [(ctx.s2[p], ctx.v2[p]) for p in self.ids]
        bye = {(ctx.s2[c], ctx.v2[c]) for c in self.bye_cands or ()}
        caps = class_caps(ctx, self.ids)
        return (0, *relaxed_bound(points, caps, bye=bye, limit=limit))

    def run(self, *, full: bool = False) -> tuple[list, tuple, dict]:
        t0 = time.perf_counter()
        stats = {"players": len(self.ids), "stages": [], "fallback": False}
        o = self.order
        all_edges = lambda: [(a, b) for i, a in enumerate(o) for b in o[i + 1 :]]  # noqa: E731
        if full or len(self.ids) < SMALL_FIELD:
            pairs, cost = self.solve(edges := all_edges())
            stats.update(candidate_edges=len(edges), proof="full_graph", full_graph=full)
            return pairs, cost, _timed(stats, t0)
        split = split_solve(self, stats)
        if split is not None:
            stats.update(bound=split[2], proof=split[3])
            return split[0], split[1], _timed(stats, t0)
        odd = odd_cut_count([(self.ctx.s2[p], 0) for p in self.ids])
        edges: set = set()
        best = None
        for k in WINDOWS:
            edges |= self.window_edges(k)
            best = self.solve(edges)
            stats["stages"].append({"kind": "window", "size": k, "edges": len(edges)})
            if best is None or best[1][0]:
                continue
            bound = self.lower_bound(limit=best[1][2] + 1)
            stats["bound"] = bound
            if best[1][1] == bound[1] and best[1][2] <= bound[2]:
                stats.update(candidate_edges=len(edges), proof="lower_bound")
                return best[0], best[1], _timed(stats, t0)
        if best is not None and best[1][0] == 0 and best[1][1] == stats["bound"][1]:
            make = lambda ids, cands: Matcher(self.ctx, ids, cands, self.seed)  # noqa: E731
            found = solve_by_chains(self, best[0], make, stats)
            if found is not None:
                stats.update(candidate_edges=len(edges), proof="structure")
                return found[0], found[1], _timed(stats, t0)
        if best is not None and best[1][0] == 0:
            w = 1  # the widest record window the current best can justify
            while w * (w + 1) + odd <= best[1][1]:
                w += 1
            edges |= self.score_window_edges(w)
            best = self.solve(edges)
            stats["stages"].append({"kind": "score_window", "size": w, "edges": len(edges)})
            if best is not None and best[1][0] == 0 and best[1][1] < odd + w * (w + 1):
                stats.update(candidate_edges=len(edges), proof="score_window")
                return best[0], best[1], _timed(stats, t0)
        # a forced rematch (only the full graph proves the count minimal) or no proof at all
        pairs, cost = self.solve(edges := all_edges())
        stats.update(candidate_edges=len(edges), proof="full_graph", fallback=True)
        return pairs, cost, _timed(stats, t0)


def _match(graph: rx.PyGraph, batch: list[tuple[int, int, int]]) -> set | None:
    """Maximum-weight maximum-cardinality matching, one connected component at a time.

    A matching of a disconnected graph is the union of its components' matchings, and the
    matcher's cost grows much faster than the graph, so pruned graphs that fall apart (the
    chain re-solve's structure edges often do) are solved piece by piece. None when a
    component has an odd number of nodes: there is no perfect matching."""
    parts = rx.connected_components(graph)
    if len(parts) == 1:
        return rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
    if any(len(part) % 2 for part in parts):
        return None
    where = {}
    nodes: list[list[int]] = []
    for k, part in enumerate(sorted(sorted(part) for part in parts)):
        nodes.append(part)
        where.update((node, (k, i)) for i, node in enumerate(part))
    edges: list[list] = [[] for _ in nodes]
    for x, y, w in batch:
        k, i = where[x]
        edges[k].append((i, where[y][1], w))
    mate = set()
    for part, part_edges in zip(nodes, edges, strict=True):
        sub = rx.PyGraph()
        sub.add_nodes_from(part)
        sub.add_edges_from(part_edges)
        found = rx.max_weight_matching(sub, max_cardinality=True, weight_fn=lambda w: w)
        mate.update((part[i], part[j]) for i, j in found)
    return mate


def _timed(stats: dict, t0: float) -> dict:
    stats["seconds"] = time.perf_counter() - t0
    return stats
