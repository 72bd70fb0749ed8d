"""Team game scoring: each individual game's VP difference gives the two players points out of
20 by a table of bands; a team match sums them; thresholds decide won, drawn or lost.

The default table is the World Team Championship's 20-0 table for Warhammer 40,000 10th
edition (WTC event packs 2023-2024, "Round Scoring": VP difference in bands of 5 points, 0-5
a 10-10 draw, each further band one point more to the winner, 51 or more 20-0). Recalled
from the published pack, not copied: an organiser whose pack differs gives their own table.

All values are whole numbers: a game's two scores always sum to GAME_POINTS.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple

from tournament.engine.errors import EngineError

GAME_POINTS = 20
HALF = GAME_POINTS // 2
# The largest VP difference a game can show (Leviathan caps a player at 100 VP).
MAX_VP_DIFFERENCE = 100


@dataclass(frozen=True)
class Band:
    """Games won by a VP difference up to `up_to` (None: any larger) give the winner `points`
    and the loser GAME_POINTS - points."""

    up_to: int | None
    points: int


WTC_TABLE: tuple[Band, ...] = (
    *(Band(5 * (i + 1), HALF + i) for i in range(10)),  # 0-5: 10-10 ... 46-50: 19-1
    Band(None, GAME_POINTS),  # 51 or more: 20-0
)

# A match is drawn while the teams' scores differ by at most this; above it the higher wins.
# 10 for any team size: for teams of 8 (160 points) 86-74 wins and 85-75 draws, as at the WTC.
DEFAULT_DRAW_MARGIN = 10


def _fail(message: str, code: str = "invalid") -> EngineError:
    return EngineError(code, message, field="score_table")


def table_from_data(data) -> tuple[Band, ...]:
    """An organiser's table from JSON ([{"up_to": 5, "points": 10}, ..., {"up_to": null,
    "points": 20}]), checked: bands ascending, covering every difference from 0 up, a
    difference of 0 scoring 10-10, the winner's points never falling as the difference grows,
    and each game's two scores summing to 20 (the winner's points from 10 to 20)."""
    if not isinstance(data, list) or not data:
        raise _fail("Must be a non-empty list of bands {up_to, points}.")
    bands: list[Band] = []
    for i, item in enumerate(data, start=1):
        if not isinstance(item, dict) or set(item) - {"up_to", "points"} or "points" not in item:
            raise _fail(f"Band {i}: must be {{up_to, points}}.")
        up_to, points = item.get("up_to"), item["points"]
        whole = isinstance(points, int) and not isinstance(points, bool)
        if not whole or not HALF <= points <= GAME_POINTS:
            raise _fail(
                f"Band {i}: points (the winner's) must be a whole number from {HALF} to "
                f"{GAME_POINTS}, so the game's two scores sum to {GAME_POINTS}.",
                "points_range",
            )
        if up_to is not None and (isinstance(up_to, bool) or not isinstance(up_to, int)):
            raise _fail(f"Band {i}: up_to must be a whole number or null.")
        if up_to is not None and up_to < 0:
            raise _fail(f"Band {i}: up_to must be at least 0.")
        bands.append(Band(up_to, points))
    check_table(bands)
    return tuple(bands)


def check_table(bands: Sequence[Band]) -> None:
    if bands[0].points != HALF:
        raise _fail(f"The first band (a difference of 0) must score {HALF}-{HALF}.", "not_even")
    for i, (low, high) in enumerate(pairwise(bands), start=2):
        if low.up_to is None:
            raise _fail(f"Band {i - 1}: only the last band may be open (up_to null).")
        if high.up_to is not None and high.up_to <= low.up_to:
            raise _fail(f"Band {i}: up_to must be above the band before.", "not_ascending")
        if high.points < low.points:
            raise _fail(
                f"Band {i}: a larger difference may not score fewer points.", "not_monotone"
            )
    last = bands[-1].up_to
    if last is not None and last < MAX_VP_DIFFERENCE:
        raise _fail(
            f"The bands must cover every difference up to {MAX_VP_DIFFERENCE} "
            "(end with up_to null).",
            "not_covering",
        )


def table_data(bands: Sequence[Band]) -> list[dict]:
    return [{"up_to": b.up_to, "points": b.points} for b in bands]


class GameScore(NamedTuple):
    """One game as a team match counts it: each side's VP less the VP penalties staff gave
    (never below 0), and whether a side was given a game loss (issue 35)."""

    vp_a: int
    vp_b: int
    loss_a: bool = False
    loss_b: bool = False

    def points(self, table: Sequence[Band] = WTC_TABLE) -> tuple[int, int]:
        return game_score(self.vp_a, self.vp_b, table, loss_a=self.loss_a, loss_b=self.loss_b)


def game_score(
    vp_a: int,
    vp_b: int,
    table: Sequence[Band] = WTC_TABLE,
    *,
    loss_a: bool = False,
    loss_b: bool = False,
) -> tuple[int, int]:
    """The two players' points of one game: (a's, b's), summing to GAME_POINTS.

    A side given a game loss scores what the widest defeat scores, whatever the VP, and its
    opponent what the widest win does; both given one both score the defeat's (the singles
    standings count such a game as lost by both)."""
    if loss_a or loss_b:
        best = max(band.points for band in table)
        return (GAME_POINTS - best if loss_a else best, GAME_POINTS - best if loss_b else best)
    diff = abs(vp_a - vp_b)
    # Past the last band (a closed table in a pack without a 100 VP cap) it still applies.
    points = next((b.points for b in table if b.up_to is None or diff <= b.up_to), table[-1].points)
    if vp_a == vp_b:
        return HALF, HALF
    return (points, GAME_POINTS - points) if vp_a > vp_b else (GAME_POINTS - points, points)


def match_score(
    games: Sequence[tuple[int, int] | GameScore], table: Sequence[Band] = WTC_TABLE
) -> tuple[int, int]:
    """A team match's score: each team's game points summed over the games given ((vp_a,
    vp_b) pairs, or GameScores that may carry game losses)."""
    a = b = 0
    for game in games:
        score = game if isinstance(game, GameScore) else GameScore(*game)
        got_a, got_b = score.points(table)
        a, b = a + got_a, b + got_b
    return a, b


def match_outcome2(score_a: int, score_b: int, draw_margin: int) -> tuple[int, int]:
    """Twice the match points of each team: (2, 0) won, (1, 1) drawn, (0, 2) lost."""
    if score_a - score_b > draw_margin:
        return 2, 0
    if score_b - score_a > draw_margin:
        return 0, 2
    return 1, 1


def narrowest_win(team_size: int, draw_margin: int) -> int:
    """The smallest team score that wins a match (the default score of a bye); every point of
    the match when the margin is so wide that no score wins."""
    total = GAME_POINTS * team_size
    # a - (total - a) > margin  <=>  a > (total + margin) / 2
    return min(total, (total + draw_margin) // 2 + 1)
