"""Swiss pairing inside groups (pods): each group paired on its own by the pairing engine,
nobody paired across groups. Every player's whole history still counts (a pod formed after
round k keeps the records of rounds 1..k, played against the whole field)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from tournament.engine.pairing.pairing import pair_round
from tournament.engine.records import GameRecord, PlayerEntry, RoundPairing


def pair_in_groups(
    players: Sequence[PlayerEntry],
    games: Iterable[GameRecord],
    groups: Sequence[Sequence[int]],
    *,
    round_number: int,
    seed: int | str,
    bye_vp: int,
    avoid_same_club: bool = True,
    tables: Iterable[int] | None = None,
) -> RoundPairing:
    """One round: each group's players paired among themselves (the rest of the field taken
    as dropped, so their games still give the group's players their records), tables handed
    out group by group, group 1 first, from the tables not yet taken. A player in no group is
    not paired; callers refuse that before."""
    games = list(games)
    ids = {p.id for p in players}
    if tables is None:
        top = max([len(players), *(p.fixed_table or 0 for p in players)], default=0)
        pool = list(range(1, top + 1))
    else:
        pool = sorted(set(tables))
    used: set[int] = set()
    pairs, total = [], [0, 0, 0.0]
    stats: dict = {"groups": []}
    for group in groups:
        members = {p for p in group if p in ids}
        field = [p if p.id in members else replace(p, dropped=True) for p in players]
        result = pair_round(
            field,
            games,
            round_number=round_number,
            seed=seed,
            bye_vp=bye_vp,
            avoid_same_club=avoid_same_club,
            tables=[t for t in pool if t not in used],
        )
        used.update(p.table for p in result.pairs if p.table is not None)
        pairs += result.pairs
        for i, part in enumerate(result.cost):
            total[i] += part
        stats["groups"].append(result.stats)
    return RoundPairing(round_number, pairs, (total[0], total[1], total[2]), stats)
