"""What ranking circuits' result forms ask for beside a place and a name, from a player's
rounds in order (docs/exports.md, "Circuit files", cites the published descriptions).

The ITC-style results form asks for bonus points: the games a player played before their
first loss, 3 points each. Each round is given as the letter the player sheet writes:
"W", "D", "BYE" (not a loss), "L" (the loss that ends the run), "" (a game whose result is
not confirmed yet: the run stops there rather than guess) or None (the player had no game that
round, before arriving or after dropping: not a game, so it neither counts nor ends the run).
"""

from __future__ import annotations

from collections.abc import Iterable

ITC_POINTS_PER_GAME = 3
NOT_A_LOSS = frozenset({"W", "D", "BYE"})


def itc_games_before_first_loss(results: Iterable[str | None]) -> int:
    games = 0
    for letter in results:
        if letter is None:
            continue
        if letter not in NOT_A_LOSS:
            break
        games += 1
    return games


def itc_bonus_points(results: Iterable[str | None]) -> int:
    return ITC_POINTS_PER_GAME * itc_games_before_first_loss(results)
