"""compute_standings: rank players by match points, then the organiser's tie-break list.

Ties are broken step by step: players tied on mp are split by the first metric, groups still tied
by the next, and so on; h2h applies only to a group of exactly two at its point in the list.
Players still tied share a rank (competition ranking 1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .history import build_states
from .metrics import H2H, METRICS, check_metrics, head_to_head
from .records import GameRecord, PlayerEntry, StandingRow


def compute_standings(
    players: Sequence[PlayerEntry],
    games: Iterable[GameRecord],
    *,
    tiebreaks: Sequence[str] = ("owr", "vp"),
    bye_vp: int = 20,
    as_of_round: int | None = None,
) -> list[StandingRow]:
    tiebreaks = list(tiebreaks)
    check_metrics(tiebreaks)
    games = list(games)
    last = as_of_round if as_of_round is not None else max((g.round for g in games), default=0)
    states = build_states(players, games, up_to_round=last, bye_vp=bye_vp)
    values = {name: METRICS[name](states) for name in set(tiebreaks) if name != H2H}
    results: dict[tuple[int, int], float] = {}
    for g in games:
        if g.round <= last and g.player_b is not None and g.has_result:
            win = 1.0 if g.vp_a > g.vp_b else 0.0 if g.vp_a < g.vp_b else 0.5
            results[g.player_a, g.player_b] = results.get((g.player_a, g.player_b), 0.0) + win
            results[g.player_b, g.player_a] = results.get((g.player_b, g.player_a), 0.0) + 1 - win
    h2h_value: dict[int, float | None] = dict.fromkeys(states)

    def split(group: list[int], depth: int) -> list[list[int]]:
        if len(group) < 2 or depth == len(tiebreaks):
            return [group]
        name = tiebreaks[depth]
        if name == H2H:
            if len(group) != 2:
                return split(group, depth + 1)
            a, b = group
            h2h_value[a], h2h_value[b] = head_to_head(results, a, b), head_to_head(results, b, a)
            key = h2h_value
        else:
            key = values[name]
        out: list[list[int]] = []
        for value in sorted({key[p] for p in group}, reverse=True):
            out += split([p for p in group if key[p] == value], depth + 1)
        return out

    order = sorted(states, key=lambda p: -states[p].mp)
    groups: list[list[int]] = []
    for mp in sorted({states[p].mp for p in order}, reverse=True):
        groups += split(sorted(p for p in order if states[p].mp == mp), 0)
    rows, rank = [], 1
    for group in groups:
        for pid in group:
            st = states[pid]
            metrics = {n: (h2h_value[pid] if n == H2H else values[n][pid]) for n in tiebreaks}
            rows.append(
                StandingRow(
                    player_id=pid,
                    rank=rank,
                    tied=len(group) > 1,
                    mp=st.mp,
                    wins=st.count(1.0),
                    draws=st.count(0.5),
                    losses=st.count(0.0),
                    byes=st.byes,
                    played=st.played,
                    metrics=metrics,
                )
            )
        rank += len(group)
    return rows
