"""compute_standings: rank players by match points, then the organiser's tie-break list.

Ties are broken step by step: players tied on mp are split by the first metric, groups still tied
by the next, and so on; h2h applies only to a group of exactly two at its point in the list.
Players still tied share a rank (competition ranking 1, 2, 2, 4). Every value compared is an int
or a Fraction, so players whose values are equal are tied, whatever sums produced them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from fractions import Fraction

from tournament.engine.history import build_states, game_outcome2
from tournament.engine.records import GameRecord, PlayerEntry, StandingRow
from tournament.engine.standings.awards import AwardInputs
from tournament.engine.standings.metrics import (
    H2H,
    MetricOptions,
    check_metrics,
    head_to_head,
    metric_values,
)


def compute_standings(
    players: Sequence[PlayerEntry],
    games: Iterable[GameRecord],
    *,
    tiebreaks: Sequence[str] = ("owr", "vp"),
    bye_vp: int,
    as_of_round: int | None = None,
    awards: AwardInputs | None = None,
    options: MetricOptions | None = None,
) -> list[StandingRow]:
    """`awards` feeds the painting, sports and overall metrics (none given: all zero);
    `options` the metrics the event tunes (the floor of owr_floor; none given: defaults)."""
    tiebreaks = list(tiebreaks)
    check_metrics(tiebreaks)
    games = list(games)
    last = as_of_round if as_of_round is not None else max((g.round for g in games), default=0)
    states = build_states(players, games, up_to_round=last, bye_vp=bye_vp)
    awards = replace(awards or AwardInputs(), rounds=last)
    values = {
        name: metric_values(name, states, awards, options) for name in set(tiebreaks) if name != H2H
    }
    results: dict[tuple[int, int], int] = {}  # (a, b) -> a's doubled match points against b
    for g in games:
        if g.round <= last and g.player_b is not None and g.has_result:
            got_a, got_b = game_outcome2(g)
            results[g.player_a, g.player_b] = results.get((g.player_a, g.player_b), 0) + got_a
            results[g.player_b, g.player_a] = results.get((g.player_b, g.player_a), 0) + got_b
    h2h_value: dict[int, Fraction | None] = dict.fromkeys(states)

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

    groups: list[list[int]] = []
    for s2 in sorted({st.s2 for st in states.values()}, reverse=True):
        groups += split(sorted(p for p, st in states.items() if st.s2 == s2), 0)
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
                    wins=st.wins,
                    draws=st.draws,
                    losses=st.losses,
                    byes=st.byes,
                    played=st.played,
                    metrics=metrics,
                )
            )
        rank += len(group)
    return rows
