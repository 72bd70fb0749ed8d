"""Round 1: a seeded random draw that keeps club mates apart whenever the numbers allow.

Players are laid out club by club, largest club first, and position i meets position i + n/2.
A club then meets itself only if it holds more than half the field, and then exactly as often as
it must (size - n/2 pairs), which is the minimum. Clubs, members and pairs are shuffled by the seed.
Players without a club count as a club of one.
"""

from __future__ import annotations

import random

from .context import PairingContext


def _club(ctx: PairingContext, pid: int) -> str:
    return ctx.entries[pid].club or f"\0{pid}"


def _forced_clashes(sizes: list[int], n: int) -> int:
    return max(0, max(sizes, default=0) - n // 2)


def first_round(
    ctx: PairingContext, ids: list[int], seed, avoid_same_club: bool
) -> list[tuple[int, int | None]]:
    rng = random.Random(f"{seed}:1:draw")
    pool = sorted(ids)
    rng.shuffle(pool)
    pairs: list[tuple[int, int | None]] = []
    if len(pool) % 2:
        bye = pool[0]
        if avoid_same_club:  # give the bye where it removes a forced club clash, if any
            clubs: dict[str, int] = {}
            for p in pool:
                clubs[_club(ctx, p)] = clubs.get(_club(ctx, p), 0) + 1

            def clashes(p: int) -> int:
                sizes = dict(clubs)
                sizes[_club(ctx, p)] -= 1
                return _forced_clashes(list(sizes.values()), len(pool) - 1)

            least = min(clashes(p) for p in pool)
            bye = next(p for p in pool if clashes(p) == least)
        pool.remove(bye)
        pairs.append((bye, None))
    if avoid_same_club:
        groups: dict[str, list[int]] = {}
        for p in pool:
            groups.setdefault(_club(ctx, p), []).append(p)
        ordered = sorted(groups.values(), key=len, reverse=True)  # stable: ties stay shuffled
        pool = [p for g in ordered for p in g]
    half = len(pool) // 2
    table_pairs = [(pool[i], pool[i + half]) for i in range(half)]
    rng.shuffle(table_pairs)
    pairs[:0] = [(a, b) if rng.random() < 0.5 else (b, a) for a, b in table_pairs]
    return pairs
