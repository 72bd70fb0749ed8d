"""Naive BCP-style pairer, kept only as a benchmark baseline (not optimal, never used live).

Sort by record (seeded order within a record), give the bye to the lowest player without one,
then walk down the list pairing each player with the next one they have not met (or simply the
next one if all remaining are rematches).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from tournament.engine.pairing.context import build_context, bye_candidates
from tournament.engine.pairing.first_round import first_round
from tournament.engine.pairing.pairing import finish
from tournament.engine.records import GameRecord, PlayerEntry, RoundPairing


def greedy_pair_round(
    players: Sequence[PlayerEntry],
    games: Iterable[GameRecord],
    *,
    round_number: int,
    seed: int | str,
    bye_vp: int,
    total_rounds: int | None = None,
) -> RoundPairing:
    ctx = build_context(
        players, games, round_number=round_number, bye_vp=bye_vp, total_rounds=total_rounds
    )
    ids = list(ctx.active)
    if round_number == 1:
        return finish(ctx, first_round(ctx, ids, seed, True), {"greedy": True}, seed=seed)
    rng = random.Random(f"{seed}:{round_number}:greedy")
    tiebreak = {p: rng.random() for p in ids}
    order = sorted(ids, key=lambda p: (-ctx.s2[p], tiebreak[p]))
    pairs: list[tuple[int, int | None]] = []
    if len(order) % 2:
        cands = set(bye_candidates(ctx, order))
        bye = next(p for p in reversed(order) if p in cands)
        order.remove(bye)
        pairs.append((bye, None))
    while order:
        a = order.pop(0)
        j = next((i for i, b in enumerate(order) if b not in ctx.states[a].met), 0)
        pairs.append((a, order.pop(j)))
    return finish(ctx, pairs, {"greedy": True}, seed=seed)
