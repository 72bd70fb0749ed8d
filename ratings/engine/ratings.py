"""Ratings across events: a thin, pure wrapper around openskill's Plackett-Luce model.

Games go in as plain values, in the order they were played (the event's end date, the round,
the table); what comes out is each person's rating after every event and at the end. The same
games in the same order always give the same numbers: openskill's arithmetic is deterministic,
and nothing here depends on a dict's or a set's order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce

# Each edition group rates apart: a Leviathan win says little about an 11th-edition game.
EDITIONS: dict[str, str] = {
    "eleventh": "11th edition",
    "leviathan": "Leviathan",
    "older": "Older packs (8th, 7th edition, Only War)",
}
PACK_EDITIONS: dict[str, str] = {"eleventh": "eleventh", "leviathan": "leviathan"}
OUTCOMES = ("a", "b", "draw")

# One model for every computation: its constants (mu 25, sigma 25/3, beta, tau) are openskill's
# defaults, so a rating here reads like one anywhere else openskill is used.
_MODEL = PlackettLuce()


def edition_of(pack: str) -> str:
    """The edition group of a mission pack: 11th edition, Leviathan, or the older packs."""
    return PACK_EDITIONS.get(pack, "older")


@dataclass(frozen=True, order=True)
class RatedGame:
    """One decided game between two people. `order` sorts games as they were played:
    (the event's end date as ISO text, the event's id, round number, table, game id)."""

    order: tuple
    event: int
    a: int
    b: int
    outcome: str  # "a", "b" or "draw"


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative rating shown to people: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Snapshot:
    """A person's rating after the last of their games in an event."""

    person: int
    event: int
    rating: Rating


@dataclass(frozen=True)
class Season:
    current: dict[int, Rating]
    snapshots: list[Snapshot]


def initial() -> Rating:
    fresh = _MODEL.rating()
    return Rating(fresh.mu, fresh.sigma, 0)


def _ranks(outcome: str) -> list[int]:
    if outcome not in OUTCOMES:
        raise ValueError(f"unknown outcome {outcome!r}")
    return {"a": [0, 1], "b": [1, 0], "draw": [0, 0]}[outcome]


def rate(a: Rating, b: Rating, outcome: str) -> tuple[Rating, Rating]:
    """Both players' ratings after one game (a draw is a draw: equal ranks)."""
    new_a, new_b = _MODEL.rate(
        [[_MODEL.rating(mu=a.mu, sigma=a.sigma)], [_MODEL.rating(mu=b.mu, sigma=b.sigma)]],
        ranks=_ranks(outcome),
    )
    return (
        Rating(new_a[0].mu, new_a[0].sigma, a.games + 1),
        Rating(new_b[0].mu, new_b[0].sigma, b.games + 1),
    )


def season_rate(games: Iterable[RatedGame]) -> Season:
    """Every person's rating from these games, played in `order` (sorted here, so the caller's
    order does not matter), with a snapshot of each player after each event they played."""
    current: dict[int, Rating] = {}
    snapshots: list[Snapshot] = []
    event = None
    played: list[int] = []  # the people of the event in hand, in the order they first played

    def close() -> None:
        snapshots.extend(Snapshot(person, event, current[person]) for person in played)

    for game in sorted(games):
        if game.a == game.b:
            raise ValueError("a person cannot play themselves")
        if game.event != event:
            if event is not None:
                close()
            event, played = game.event, []
        for person in (game.a, game.b):
            if person not in current:
                current[person] = initial()
            if person not in played:
                played.append(person)
        current[game.a], current[game.b] = rate(current[game.a], current[game.b], game.outcome)
    if event is not None:
        close()
    return Season(current, snapshots)


@dataclass(frozen=True)
class Ranked:
    person: int
    name: str
    rating: Rating
    rank: int


def ranking(current: dict[int, Rating], names: dict[int, str]) -> list[Ranked]:
    """Best first by the conservative rating; equal ones by more games, then by name as people
    read it, then by the person's id, so that two runs always list them alike."""
    order = sorted(
        current.items(),
        key=lambda item: (
            -item[1].ordinal,
            -item[1].games,
            names.get(item[0], "").casefold(),
            item[0],
        ),
    )
    return [
        Ranked(person, names.get(person, ""), rating, place)
        for place, (person, rating) in enumerate(order, start=1)
    ]


def win_chances(a: Rating, b: Rating) -> tuple[float, float]:
    """(a wins, b wins) as openskill predicts them, adding up to 1; for display only. The
    model's draw prediction is left out: it says about one game in four, far more than
    Warhammer games end level."""
    win_a, win_b = _MODEL.predict_win(
        [[_MODEL.rating(mu=a.mu, sigma=a.sigma)], [_MODEL.rating(mu=b.mu, sigma=b.sigma)]]
    )
    return win_a, win_b
