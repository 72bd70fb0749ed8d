"""Faction statistics: how each faction fared over a set of games. Pure Python, exact values.

The rules, stated once (the pages say them in words):
- A game counts once it has a result; byes are not games against a faction, so they count in
  no win, draw, loss or VP figure (only in `byes`).
- A mirror match (both players of one faction) counts for neither side's wins, draws, losses or
  win rate: whatever its result, the faction won once and lost once. Its VP still count in the
  VP means, since both armies did score them.
- Win rate is wins over wins + draws + losses, an exact Fraction (None without a game).
- The best-placed player of a faction has the lowest rank; between equal ranks, the one from
  the larger field, then the first given.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from tournament.engine.records import GameRecord


@dataclass(frozen=True)
class FactionEntry:
    """One player as the statistics see them: their faction and final placing."""

    id: int
    faction: str
    rank: int | None = None
    field_size: int = 0


@dataclass
class FactionStats:
    faction: str
    players: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    mirrors: int = 0  # mirror games, each counted once
    byes: int = 0
    vp_games: int = 0  # player-games whose VP count in the means (mirrors included)
    vp_for: int = 0
    vp_against: int = 0
    best: list[int] = field(default_factory=list)  # player ids sharing the best placing

    @property
    def games(self) -> int:
        """Games that count for the win rate (mirrors and byes left out)."""
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> Fraction | None:
        return Fraction(self.wins, self.games) if self.games else None

    @property
    def vp_for_mean(self) -> Fraction | None:
        return Fraction(self.vp_for, self.vp_games) if self.vp_games else None

    @property
    def vp_against_mean(self) -> Fraction | None:
        return Fraction(self.vp_against, self.vp_games) if self.vp_games else None


def _placing(entry: FactionEntry) -> tuple:
    # No rank (never ranked) sorts last.
    return (entry.rank is None, entry.rank or 0, -entry.field_size)


def faction_stats(
    entries: Iterable[FactionEntry], games: Iterable[GameRecord]
) -> list[FactionStats]:
    """One row per faction named by an entry: most players first, then by name.

    Games whose players are not among the entries are ignored (a withdrawn sign-up)."""
    players = {e.id: e for e in entries}
    stats: dict[str, FactionStats] = {}
    best_placing: dict[str, tuple] = {}
    for entry in players.values():
        row = stats.setdefault(entry.faction, FactionStats(entry.faction))
        row.players += 1
        if entry.rank is None:
            continue
        placing = _placing(entry)
        if entry.faction not in best_placing or placing < best_placing[entry.faction]:
            best_placing[entry.faction] = placing
            row.best = [entry.id]
        elif placing == best_placing[entry.faction]:
            row.best.append(entry.id)
    for game in games:
        _count_game(game, players, stats)
    return sorted(stats.values(), key=lambda s: (-s.players, s.faction.casefold(), s.faction))


def _count_game(game: GameRecord, players: dict, stats: dict[str, FactionStats]) -> None:
    if game.player_a not in players:
        return
    a = stats[players[game.player_a].faction]
    if game.is_bye:
        a.byes += 1
        return
    if game.player_b not in players or game.vp_a is None or game.vp_b is None:
        return
    b = stats[players[game.player_b].faction]
    for side, vp_for, vp_against in ((a, game.vp_a, game.vp_b), (b, game.vp_b, game.vp_a)):
        side.vp_games += 1
        side.vp_for += vp_for
        side.vp_against += vp_against
    if a is b:
        a.mirrors += 1
    elif game.vp_a == game.vp_b:
        a.draws += 1
        b.draws += 1
    elif game.vp_a > game.vp_b:
        a.wins += 1
        b.losses += 1
    else:
        a.losses += 1
        b.wins += 1
