"""Brute-force oracle: the cheapest pairing over all pairings and allowed bye choices."""

from __future__ import annotations

from tournament.engine.pairing.context import PairingContext, bye_candidates


def all_pairings(ids: list[int]):
    if not ids:
        yield []
        return
    a, rest = ids[0], ids[1:]
    for i, b in enumerate(rest):
        for tail in all_pairings(rest[:i] + rest[i + 1 :]):
            yield [(a, b), *tail]


def best_cost(
    ctx: PairingContext, *, ignore_rematch: bool = False, rematch_free: bool = False
) -> tuple[int, int, int] | None:
    """Least (rematches, gap_sq, doubled path) over pairings obeying the bye rule (only over
    rematch-free pairings with rematch_free; None if there is none)."""
    ids = list(ctx.active)
    choices = [None] if len(ids) % 2 == 0 else bye_candidates(ctx, ids)
    best = None
    for bye in choices:
        rest = [p for p in ids if p != bye]
        for pairing in all_pairings(rest):
            total = [0, 0, 0]
            for a, b in pairing:
                for i, part in enumerate(ctx.cost2(a, b)):
                    total[i] += part
            if ignore_rematch:
                total[0] = 0
            if rematch_free and total[0]:
                continue
            cost = tuple(total)
            best = cost if best is None or cost < best else best
    return best
