"""Team Swiss: the tournament pairing engine run with teams as its units.

Each team is one entry; each finished team match is one game whose "VP" are the two teams'
doubled match points (2-0, 1-1 or 0-2), so the engine's record, win path and no-rematch rule
read the team record exactly as the match thresholds decided it. A match not yet finished
counts as met but not played, as an unplayed game does for players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from teams.engine.scoring import WTC_TABLE, Band, match_outcome2, match_score
from teams.engine.standings import MatchRecord, TeamEntry
from tournament.engine import GameRecord, PlayerEntry, pair_round


@dataclass(frozen=True)
class TeamPair:
    number: int  # the match's place in the round (its table block)
    team_a: int
    team_b: int | None
    flags: tuple[str, ...] = ()


def team_games(
    matches: Sequence[MatchRecord], *, table: Sequence[Band] = WTC_TABLE, draw_margin: int
) -> list[GameRecord]:
    games = []
    for m in matches:
        if m.team_b is None:
            games.append(GameRecord(m.round, m.team_a, None, None, None))
            continue
        if not m.complete:
            games.append(GameRecord(m.round, m.team_a, m.team_b, None, None))
            continue
        a2, b2 = match_outcome2(*match_score(m.games, table), draw_margin)
        games.append(GameRecord(m.round, m.team_a, m.team_b, a2, b2))
    return games


def pair_team_round(
    teams: Sequence[TeamEntry],
    matches: Sequence[MatchRecord],
    *,
    round_number: int,
    seed: int,
    table: Sequence[Band] = WTC_TABLE,
    draw_margin: int,
    total_rounds: int | None = None,
) -> tuple[list[TeamPair], tuple]:
    """The round's matches (byes last) and the engine's cost (rematches, gap_sq, path)."""
    entries = [
        PlayerEntry(id=t.id, name=t.name, dropped=t.dropped, first_round=t.first_round)
        for t in teams
    ]
    result = pair_round(
        entries,
        team_games(matches, table=table, draw_margin=draw_margin),
        round_number=round_number,
        seed=seed,
        bye_vp=0,
        avoid_same_club=False,
        total_rounds=total_rounds,
    )
    played = sorted((p for p in result.pairs if not p.is_bye), key=lambda p: p.table or 0)
    byes = [p for p in result.pairs if p.is_bye]
    pairs = [
        TeamPair(i, p.player_a, p.player_b, tuple(f.text for f in p.flags))
        for i, p in enumerate([*played, *byes], start=1)
    ]
    return pairs, result.cost
