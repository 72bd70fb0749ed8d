"""11th-edition statistics: how each pairing of Force Dispositions went, how often the player
who took the first turn won, and faction figures split by disposition. Pure Python, exact.

The rules, stated once (the pages say them in words):
- Only games with a result count (the service passes confirmed results only); byes never.
- A pairing is unordered ({Purge the Foe, Disruption} is one pairing), named in the order the
  caller gives the dispositions. Its win rate is the first-named disposition's wins over the
  pairing's games (draws are games, not wins); a mirror pairing (both players of one
  disposition) counts its games and draws only: one side of it always wins.
- A game with a disposition not recorded for a side is left out of the pairings.
- "Going first won": over the games whose first turn is recorded, the player who took it won
  (draws are games, not wins).
- The split by disposition keeps the faction rules (stats/engine/factions.py): a mirror
  is two players of one faction, whatever their dispositions, and counts in no win, draw or loss;
  its VP count. Each faction's rows by disposition add up to its row in players, wins, draws,
  losses, byes and VP; a mirror between two dispositions counts in both of their rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from stats.engine.factions import FactionEntry, FactionStats
from tournament.engine.records import GameRecord


@dataclass(frozen=True)
class DispositionGame:
    """One played game as these statistics read it: the dispositions used and the score.
    `first_turn` is the side ("a" or "b") that took the first turn, None when not recorded."""

    disposition_a: str | None
    disposition_b: str | None
    vp_a: int
    vp_b: int
    first_turn: str | None = None


@dataclass
class PairingStats:
    first: str
    second: str
    games: int = 0
    first_wins: int = 0
    second_wins: int = 0
    draws: int = 0

    @property
    def mirror(self) -> bool:
        return self.first == self.second

    @property
    def first_rate(self) -> Fraction | None:
        """The first-named disposition's wins over the games (None: none, or a mirror)."""
        if self.mirror or not self.games:
            return None
        return Fraction(self.first_wins, self.games)

    @property
    def second_rate(self) -> Fraction | None:
        if self.mirror or not self.games:
            return None
        return Fraction(self.second_wins, self.games)


@dataclass
class FirstTurnStats:
    games: int = 0
    won: int = 0  # by the player who went first
    lost: int = 0
    draws: int = 0

    @property
    def rate(self) -> Fraction | None:
        return Fraction(self.won, self.games) if self.games else None


def _order(order: Sequence[str]) -> dict[str, int]:
    return {key: i for i, key in enumerate(order)}


def pairing_stats(games: Iterable[DispositionGame], order: Sequence[str]) -> list[PairingStats]:
    """One row per pairing that was played, in `order` (first by the first-named disposition,
    then the second); dispositions outside `order` are left out like unrecorded ones."""
    rank = _order(order)
    rows: dict[tuple[str, str], PairingStats] = {}
    for game in games:
        a, b = game.disposition_a, game.disposition_b
        if a not in rank or b not in rank:
            continue
        swap = rank[b] < rank[a]
        first, second = (b, a) if swap else (a, b)
        vp_first, vp_second = (game.vp_b, game.vp_a) if swap else (game.vp_a, game.vp_b)
        row = rows.setdefault((first, second), PairingStats(first, second))
        row.games += 1
        if vp_first == vp_second:
            row.draws += 1
        elif first == second:
            pass  # a mirror: one player of the disposition won, one lost; no side to credit
        elif vp_first > vp_second:
            row.first_wins += 1
        else:
            row.second_wins += 1
    return sorted(rows.values(), key=lambda r: (rank[r.first], rank[r.second]))


def first_turn_stats(games: Iterable[DispositionGame]) -> FirstTurnStats:
    stats = FirstTurnStats()
    for game in games:
        if game.first_turn not in ("a", "b"):
            continue
        first, other = (game.vp_a, game.vp_b) if game.first_turn == "a" else (game.vp_b, game.vp_a)
        stats.games += 1
        if first == other:
            stats.draws += 1
        elif first > other:
            stats.won += 1
        else:
            stats.lost += 1
    return stats


def faction_split(
    entries: Iterable[FactionEntry],
    games: Iterable[GameRecord],
    dispositions: dict[int, str | None],
    order: Sequence[str],
) -> dict[str, list[FactionStats]]:
    """Each faction's figures by its players' dispositions: faction -> rows, one per
    disposition its players hold (in `order`, unrecorded last as None), each a FactionStats
    whose `faction` field holds the disposition (None: not recorded). `best` stays empty."""
    rank = _order(order)
    players = {e.id: e for e in entries}
    rows: dict[tuple[str, str | None], FactionStats] = {}

    def row(pk: int) -> FactionStats:
        key = (players[pk].faction, dispositions.get(pk))
        return rows.setdefault(key, FactionStats(key[1]))  # type: ignore[arg-type]

    for pk in players:
        row(pk).players += 1
    for game in games:
        if game.player_a not in players:
            continue
        a = row(game.player_a)
        if game.is_bye:
            a.byes += 1
            continue
        if game.player_b not in players or game.vp_a is None or game.vp_b is None:
            continue
        b = row(game.player_b)
        for side, vp_for, vp_against in ((a, game.vp_a, game.vp_b), (b, game.vp_b, game.vp_a)):
            side.vp_games += 1
            side.vp_for += vp_for
            side.vp_against += vp_against
        if players[game.player_a].faction == players[game.player_b].faction:
            a.mirrors += 1
            if b is not a:
                b.mirrors += 1
        elif game.vp_a == game.vp_b:
            a.draws += 1
            b.draws += 1
        elif game.vp_a > game.vp_b:
            a.wins += 1
            b.losses += 1
        else:
            a.losses += 1
            b.wins += 1
    out: dict[str, list[FactionStats]] = {}
    for (faction, _), stats in sorted(
        rows.items(),
        key=lambda kv: (kv[1].faction is None, rank.get(kv[1].faction, len(rank))),
    ):
        out.setdefault(faction, []).append(stats)
    return out
