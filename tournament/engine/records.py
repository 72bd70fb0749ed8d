"""Plain frozen input and output records of the pairing / standings engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class PlayerEntry:
    id: int
    name: str
    club: str = ""
    dropped: bool = False
    fixed_table: int | None = None
    first_round: int = 1


@dataclass(frozen=True)
class GameRecord:
    """One table of one round; player_b None is a bye, vp None means no result yet."""

    round: int
    player_a: int
    player_b: int | None
    vp_a: int | None
    vp_b: int | None
    table: int | None = None
    # "a", "b" or "draw" when the result says who won beside the VP (a concession or a tabled
    # side, issue 26); "" lets the VP decide.
    winner: str = ""
    # Penalties staff gave in this game (issue 35): VP taken from each side's VP total (the
    # result's VP stay as entered; the outcome stays as played), and game losses (that side
    # loses whatever the VP; its opponent wins, unless both were given one: both lose).
    penalty_a: int = 0
    penalty_b: int = 0
    game_loss_a: bool = False
    game_loss_b: bool = False

    @property
    def counted_vp_a(self) -> int | None:
        """Side A's VP as the totals count them: the result's less its VP penalties, never
        below 0 (a penalty takes what the player scored in the game, no more)."""
        return None if self.vp_a is None else max(0, self.vp_a - self.penalty_a)

    @property
    def counted_vp_b(self) -> int | None:
        return None if self.vp_b is None else max(0, self.vp_b - self.penalty_b)

    @property
    def is_bye(self) -> bool:
        return self.player_b is None

    @property
    def has_result(self) -> bool:
        return self.is_bye or (self.vp_a is not None and self.vp_b is not None)


@dataclass(frozen=True)
class Flag:
    """Why a pair looks the way it does. level is "info", "warning" or "error"."""

    code: str
    text: str
    players: tuple[int, ...] = ()
    level: str = "info"


@dataclass(frozen=True)
class PairResult:
    table: int | None
    player_a: int
    player_b: int | None
    flags: tuple[Flag, ...] = ()
    cost: tuple = (0, 0, 0.0)

    @property
    def is_bye(self) -> bool:
        return self.player_b is None

    def has_flag(self, code: str) -> bool:
        return any(f.code == code for f in self.flags)


@dataclass(frozen=True)
class RoundPairing:
    round_number: int
    pairs: list[PairResult]
    cost: tuple  # (rematches, gap_sq, path)
    stats: dict = field(default_factory=dict)


@dataclass(frozen=True)
class StandingRow:
    player_id: int
    rank: int
    tied: bool
    mp: Fraction
    wins: int
    draws: int
    losses: int
    byes: int
    played: int
    metrics: dict = field(default_factory=dict)  # name -> exact value (int / Fraction / None)

    def __getitem__(self, key: str):
        return self.metrics[key]
