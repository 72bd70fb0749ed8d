"""How far an event's results have come: the last complete round, the round in play, and how
many results still wait for a confirmation. Computed once, here, for every heading that says
what the standings are "after" (web pages, API headers, the standings PDF)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext, ngettext

from tournament.models import Event, Game, ResultStatus, RoundStage


@dataclass(frozen=True)
class RoundProgress:
    number: int
    games: int  # games between two players; byes are not results anyone enters
    byes: int
    confirmed: int
    unconfirmed: int  # a player's entry awaiting the opponent
    disputed: int

    @property
    def missing(self) -> int:
        return self.games - self.confirmed - self.unconfirmed - self.disputed

    @property
    def complete(self) -> bool:
        return self.confirmed == self.games


@dataclass(frozen=True)
class StandingsStatus:
    rounds: tuple[RoundProgress, ...]
    # The highest round N such that rounds 1..N have every game confirmed (0: none yet).
    last_complete: int
    # The latest paired round while it still lacks a confirmed result, else None.
    in_play: RoundProgress | None

    @property
    def unconfirmed(self) -> int:
        return sum(r.unconfirmed for r in self.rounds)

    @property
    def disputed(self) -> int:
        return sum(r.disputed for r in self.rounds)

    @property
    def missing(self) -> int:
        return sum(r.missing for r in self.rounds)

    @property
    def heading(self) -> str:
        """'After round 2', 'After round 2 · Round 3 in play: 5 of 12 results confirmed
        (byes already count)', or '' before any round is paired."""
        parts = []
        if self.last_complete:
            parts.append(gettext("After round %(number)s") % {"number": self.last_complete})
        if self.in_play is not None:
            r = self.in_play
            values = {"number": r.number, "confirmed": r.confirmed, "games": r.games}
            if r.byes:
                text = ngettext(
                    "Round %(number)s in play: %(confirmed)s of %(games)s result confirmed "
                    "(byes already count)",
                    "Round %(number)s in play: %(confirmed)s of %(games)s results confirmed "
                    "(byes already count)",
                    r.games,
                )
            else:
                text = ngettext(
                    "Round %(number)s in play: %(confirmed)s of %(games)s result confirmed",
                    "Round %(number)s in play: %(confirmed)s of %(games)s results confirmed",
                    r.games,
                )
            parts.append(text % values)
        return " · ".join(parts)

    @property
    def waiting(self) -> str:
        """What the published standings leave out, in words; '' when nothing waits."""
        n, m = self.unconfirmed, self.disputed
        waiting = ngettext(
            "%(n)s result awaiting confirmation", "%(n)s results awaiting confirmation", n
        ) % {"n": n}
        disputed = ngettext("%(n)s disputed result", "%(n)s disputed results", m) % {"n": m}
        if n and m:
            return gettext("%(waiting)s and %(disputed)s not counted yet.") % {
                "waiting": waiting,
                "disputed": disputed,
            }
        if n or m:
            return gettext("%(waiting)s not counted yet.") % {"waiting": waiting if n else disputed}
        return ""

    def as_dict(self) -> dict:
        return {
            "last_complete_round": self.last_complete,
            "round_in_play": None if self.in_play is None else self.in_play.number,
            "in_play_confirmed": None if self.in_play is None else self.in_play.confirmed,
            "in_play_games": None if self.in_play is None else self.in_play.games,
            "unconfirmed": self.unconfirmed,
            "disputed": self.disputed,
            "missing": self.missing,
            "heading": self.heading,
        }


def standings_status(*, event: Event, as_of_round: int | None = None) -> StandingsStatus:
    """Per Swiss round: games, byes, and current results by status, in one grouped query
    (knockout rounds are the play-offs' own: the Swiss standings are not "after" them)."""
    games = Game.objects.filter(round__event=event, round__stage=RoundStage.SWISS)
    if as_of_round is not None:
        games = games.filter(round__number__lte=as_of_round)
    real = Q(player_b__isnull=False)
    current = Q(real, results__is_current=True)
    rows = (
        games.values("round__number")
        .annotate(
            games=Count("id", filter=real, distinct=True),
            byes=Count("id", filter=Q(player_b__isnull=True), distinct=True),
            confirmed=Count(
                "id", filter=Q(current, results__status=ResultStatus.CONFIRMED), distinct=True
            ),
            unconfirmed=Count(
                "id", filter=Q(current, results__status=ResultStatus.PENDING), distinct=True
            ),
            disputed=Count(
                "id", filter=Q(current, results__status=ResultStatus.DISPUTED), distinct=True
            ),
        )
        .order_by("round__number")
    )
    rounds = tuple(
        RoundProgress(
            number=row["round__number"],
            games=row["games"],
            byes=row["byes"],
            confirmed=row["confirmed"],
            unconfirmed=row["unconfirmed"],
            disputed=row["disputed"],
        )
        for row in rows
    )
    last_complete = 0
    for progress in rounds:
        if not progress.complete:
            break
        last_complete = progress.number
    latest = rounds[-1] if rounds else None
    in_play = latest if latest is not None and not latest.complete else None
    return StandingsStatus(rounds=rounds, last_complete=last_complete, in_play=in_play)
