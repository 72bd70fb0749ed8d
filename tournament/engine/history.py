"""Per-player facts derived from the game log: record, win path, opponents, tables.

Pairing for round N reads rounds < N; standings "as of round N" read rounds <= N. A game without a
result counts as not played (for the record and the win path) but its opponent is still "met".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tournament.engine.errors import EngineError
from tournament.engine.records import GameRecord, PlayerEntry

WIN2, DRAW2 = 2, 1  # match points doubled


@dataclass
class PlayerState:
    id: int
    # round -> twice the match points (win 2, draw 1, loss 0): integers keep every sum exact.
    scores: dict[int, int] = field(default_factory=dict)
    opponents: list[int] = field(default_factory=list)  # real opponents of games with a result
    met: dict[int, list[int]] = field(default_factory=dict)  # opponent -> rounds, result or not
    tables: set[int] = field(default_factory=set)
    byes: int = 0
    vp: int = 0
    vp_against: int = 0

    @property
    def mp(self) -> Fraction:
        return Fraction(self.s2, 2)

    @property
    def s2(self) -> int:
        """Twice the match points: an integer record key (a draw is 1)."""
        return sum(self.scores.values())

    @property
    def played(self) -> int:
        return len(self.scores)

    @property
    def wins(self) -> int:
        return sum(1 for s in self.scores.values() if s == WIN2)

    @property
    def draws(self) -> int:
        return sum(1 for s in self.scores.values() if s == DRAW2)

    @property
    def losses(self) -> int:
        return sum(1 for s in self.scores.values() if s == 0)

    def path_value2(self, last_round: int, total_rounds: int) -> int:
        """Twice the win-path value: sum of 2*s_r * 2^(R-r); a missed round is a loss (0)."""
        return sum(self.scores.get(r, 0) << (total_rounds - r) for r in range(1, last_round + 1))


def outcome2(vp_a: int, vp_b: int, winner: str = "") -> tuple[int, int]:
    """Twice the match points each side earns: (2, 0), (0, 2) or (1, 1); `winner` ("a", "b",
    "draw") when the result names it (a battle ended early), else by VP."""
    if winner:
        return {"a": (WIN2, 0), "b": (0, WIN2), "draw": (DRAW2, DRAW2)}[winner]
    if vp_a > vp_b:
        return WIN2, 0
    if vp_a < vp_b:
        return 0, WIN2
    return DRAW2, DRAW2


def game_outcome2(g: GameRecord) -> tuple[int, int]:
    """Twice the match points each side of a game with a result earns, game losses applied:
    a side given a game loss scores 0 whatever the VP and its opponent wins (both given one:
    both lose); otherwise `outcome2` on the VP as entered (a VP penalty never moves it)."""
    if g.game_loss_a or g.game_loss_b:
        return (0 if g.game_loss_a else WIN2), (0 if g.game_loss_b else WIN2)
    return outcome2(g.vp_a, g.vp_b, g.winner)


def build_states(
    players: Sequence[PlayerEntry], games: Iterable[GameRecord], *, up_to_round: int, bye_vp: int
) -> dict[int, PlayerState]:
    """States from every game with round <= up_to_round (unknown ids raise `unknown_player`)."""
    states = {p.id: PlayerState(p.id) for p in players}
    for g in games:
        if g.round > up_to_round:
            continue
        for pid in (g.player_a, g.player_b):
            if pid is not None and pid not in states:
                raise EngineError(
                    "unknown_player",
                    f"game of round {g.round} names player {pid} who is not in the player list",
                    field="games",
                )
        a = states[g.player_a]
        if g.table is not None:
            a.tables.add(g.table)
        if g.player_b is None:
            a.scores[g.round] = 0 if g.game_loss_a else WIN2
            a.byes += 1
            a.vp += max(0, bye_vp - g.penalty_a)
            continue
        b = states[g.player_b]
        if g.table is not None:
            b.tables.add(g.table)
        a.met.setdefault(b.id, []).append(g.round)
        b.met.setdefault(a.id, []).append(g.round)
        if not g.has_result:
            continue
        a.scores[g.round], b.scores[g.round] = game_outcome2(g)
        a.opponents.append(b.id)
        b.opponents.append(a.id)
        # A VP penalty lowers the penalised side's total only: what the opponent conceded
        # stays as played.
        a.vp += g.counted_vp_a
        a.vp_against += g.vp_b
        b.vp += g.counted_vp_b
        b.vp_against += g.vp_a
    return states
