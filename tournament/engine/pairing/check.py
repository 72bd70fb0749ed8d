"""check_pairing: validate an organiser-given (or swapped) pairing and explain its costs.

Structural problems come back as flags with level "error" (unknown_player, dropped_player,
duplicate_player, missing_player, extra_bye); rematches and record gaps as "warning"/"info" flags
from the same explanations the engine attaches to its own pairs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tournament.engine.errors import EngineError
from tournament.engine.pairing.context import build_context
from tournament.engine.pairing.flags import pair_flags
from tournament.engine.records import Flag, GameRecord, PairResult, PlayerEntry


def _as_pair(item) -> tuple[int, int | None]:
    if isinstance(item, PairResult):
        return item.player_a, item.player_b
    a, b = item
    return a, b


def check_pairing(
    players: Sequence[PlayerEntry],
    games: Iterable[GameRecord],
    pairs: Iterable,
    *,
    round_number: int,
    bye_vp: int,
) -> list[Flag]:
    ctx = build_context(players, games, round_number=round_number, bye_vp=bye_vp)
    pairs = [_as_pair(p) for p in pairs]
    flags: list[Flag] = []
    seen: dict[int, int] = {}
    for a, b in pairs:
        for pid in (a, b):
            if pid is not None:
                seen[pid] = seen.get(pid, 0) + 1
    # One flag per player and problem, however often the player appears.
    for pid, n in seen.items():
        if pid not in ctx.entries:
            flags.append(
                Flag("unknown_player", f"no player with id {pid} in this event", (pid,), "error")
            )
            continue
        if ctx.entries[pid].dropped:
            flags.append(
                Flag(
                    "dropped_player",
                    f"{ctx.name(pid)} has dropped and cannot be paired",
                    (pid,),
                    "error",
                )
            )
        if n > 1:
            flags.append(
                Flag(
                    "duplicate_player",
                    f"{ctx.name(pid)} is paired {n} times",
                    (pid,),
                    "error",
                )
            )
    flags += [
        Flag("missing_player", f"{ctx.name(pid)} is not paired", (pid,), "error")
        for pid in ctx.active
        if pid not in seen
    ]
    byes = [a for a, b in pairs if b is None]
    if len(byes) > 1:
        flags.append(
            Flag("extra_bye", f"{len(byes)} byes; at most one is allowed", tuple(byes), "error")
        )
    if any(f.level == "error" for f in flags):
        return flags
    for a, b in pairs:
        flags += [f for f in pair_flags(ctx, a, b) if f.code != "bye"]
    return flags


def validate_pairing(players, games, pairs, *, round_number: int, bye_vp: int) -> list[Flag]:
    """Like check_pairing but raises EngineError on the first structural error."""
    flags = check_pairing(players, games, pairs, round_number=round_number, bye_vp=bye_vp)
    for f in flags:
        if f.level == "error":
            raise EngineError(f.code, f.text, field="pairs")
    return flags
