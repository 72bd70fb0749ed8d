"""Machine codes plus human text explaining each pair."""

from __future__ import annotations

from tournament.engine.pairing.context import PairingContext, pair_cost
from tournament.engine.records import Flag


def _fmt(x: float) -> str:
    return f"{x:g}"


def pair_flags(ctx: PairingContext, a: int, b: int | None) -> tuple[Flag, ...]:
    if b is None:
        return (
            Flag(
                "bye",
                f"bye for {ctx.name(a)} ({ctx.record(a)}, "
                "lowest record among players without a bye)",
                (a,),
            ),
        )
    rem, gap, path = pair_cost(ctx, a, b)
    flags = []
    if rem:
        rounds = ", ".join(map(str, sorted(ctx.states[a].met[b])))
        when = f" (met in round {rounds})"
        flags.append(Flag("rematch", f"rematch forced{when}", (a, b), "warning"))
    if gap:
        hi, lo = (a, b) if ctx.s2[a] > ctx.s2[b] else (b, a)
        flags.append(
            Flag("floated", f"floated from {ctx.record(hi)} to meet {ctx.record(lo)}", (hi, lo))
        )
    elif path:
        flags.append(
            Flag(
                "path_gap", f"same record {ctx.record(a)}, win paths differ by {_fmt(path)}", (a, b)
            )
        )
    club = ctx.entries[a].club
    if ctx.round_number == 1 and club and club == ctx.entries[b].club:
        flags.append(Flag("same_club", f"same club ({club}) forced", (a, b), "warning"))
    return tuple(flags)
