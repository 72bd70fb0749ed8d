"""pair_round: the public entry point that pairs one round of a Swiss event.

Round 1 is a seeded random draw (first_round.py). Later rounds minimise the lexicographic cost
(rematches, gap_sq, path) exactly (matching.py, with the optimality proof described there).
The bye goes to the lowest record among players without a bye (everyone if all had one); which of
those gets it is left to the matching, so the choice makes the rest of the round cheapest.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tournament.engine.pairing.context import (
    PairingContext,
    build_context,
    bye_candidates,
    pairing_cost,
)
from tournament.engine.pairing.first_round import first_round
from tournament.engine.pairing.flags import pair_flags
from tournament.engine.pairing.matching import Matcher, _keys
from tournament.engine.pairing.tables import assign_tables
from tournament.engine.records import GameRecord, PairResult, PlayerEntry, RoundPairing


def solve_pairs(
    ctx: PairingContext, *, seed, avoid_same_club: bool = True, full_graph: bool = False
) -> tuple[list[tuple[int, int | None]], dict]:
    """The raw optimal pairs (no tables, no flags) and solver statistics."""
    ids = list(ctx.active)
    if not ids:
        return [], {"players": 0, "candidate_edges": 0, "fallback": False}
    if ctx.round_number == 1 or len(ids) == 1:
        pairs = first_round(ctx, ids, seed, avoid_same_club)
        return pairs, {
            "players": len(ids),
            "candidate_edges": 0,
            "fallback": False,
            "proof": "first_round",
        }
    cands = bye_candidates(ctx, ids) if len(ids) % 2 else None
    pairs, _, stats = Matcher(ctx, ids, cands, seed).run(full=full_graph)
    return pairs, stats


def pair_round(
    players: Sequence[PlayerEntry],
    games: Iterable[GameRecord],
    *,
    round_number: int,
    seed: int | str,
    bye_vp: int,
    avoid_same_club: bool = True,
    tables: Iterable[int] | None = None,
    total_rounds: int | None = None,
    full_graph: bool = False,
) -> RoundPairing:
    """Pair round `round_number` from the games of earlier rounds.

    total_rounds (R of the win-path value) defaults to the rounds played so far; it only scales
    path distances, never changes which pairing is chosen. full_graph=True disables pruning (for
    benchmarks only).
    """
    ctx = build_context(
        players, games, round_number=round_number, bye_vp=bye_vp, total_rounds=total_rounds
    )
    pairs, stats = solve_pairs(
        ctx, seed=seed, avoid_same_club=avoid_same_club, full_graph=full_graph
    )
    return finish(ctx, pairs, stats, seed=seed, tables=tables)


def finish(ctx: PairingContext, pairs, stats: dict, *, seed, tables=None) -> RoundPairing:
    """Orient pairs (higher record first), seat them and attach flags and costs."""
    keys = _keys(list(ctx.states), seed, ctx.round_number)
    oriented = []
    rank = {p: (ctx.s2[p], ctx.v2[p], keys[p]) for p in ctx.states}
    for a, b in pairs:
        flip = b is not None and rank[b] > rank[a]
        oriented.append((b, a) if flip else (a, b))
    results = []
    for table, a, b, table_flags in assign_tables(ctx, oriented, keys, tables):
        cost = pairing_cost(ctx, [(a, b)])
        results.append(PairResult(table, a, b, pair_flags(ctx, a, b) + table_flags, cost))
    return RoundPairing(ctx.round_number, results, pairing_cost(ctx, oriented), stats)
