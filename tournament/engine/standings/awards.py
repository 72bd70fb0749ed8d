"""Awards beside the battle standings: painting, sportsmanship and the overall ranking.

Each part is a share from 0 to 1, exactly:
- battle: match points over the rounds counted (a win in every round is 1);
- painting: the painting score over the event's painting maximum (no score yet is 0);
- sportsmanship: the opponents who named the player their favourite over the games the player
  finished against an opponent (byes have no opponent to vote).
The overall score is their mean weighted by the organiser's whole-number weights, a Fraction, so
players with equal parts are tied exactly and share a rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from tournament.engine.display import Exact
from tournament.engine.history import PlayerState, build_states
from tournament.engine.records import GameRecord, PlayerEntry


@dataclass(frozen=True)
class AwardWeights:
    battle: int = 3
    painting: int = 1
    sports: int = 1
    painting_max: int = 20

    @property
    def total(self) -> int:
        return self.battle + self.painting + self.sports


@dataclass(frozen=True)
class AwardInputs:
    """What the awards read beside the games: scores and votes by player id."""

    painting: Mapping[int, int] = field(default_factory=dict)
    votes: Mapping[int, int] = field(default_factory=dict)  # favourite votes received
    weights: AwardWeights = AwardWeights()
    rounds: int = 0  # rounds counted (the standings' "as of" round)


def battle_share(st: PlayerState, rounds: int) -> Fraction:
    return Fraction(st.s2, 2 * rounds) if rounds else Fraction(0)


def painting_share(score: int, painting_max: int) -> Fraction:
    return Fraction(min(score, painting_max), painting_max) if painting_max else Fraction(0)


def sports_share(votes: int, games: int) -> Fraction:
    return Fraction(min(votes, games), games) if games else Fraction(0)


def painting_values(states: Mapping[int, PlayerState], awards: AwardInputs) -> dict[int, Exact]:
    return {pid: awards.painting.get(pid, 0) for pid in states}


def sports_values(states: Mapping[int, PlayerState], awards: AwardInputs) -> dict[int, Exact]:
    return {pid: awards.votes.get(pid, 0) for pid in states}


def overall_parts(st: PlayerState, awards: AwardInputs) -> tuple[Fraction, Fraction, Fraction]:
    """(battle, painting, sportsmanship) shares of one player."""
    w = awards.weights
    return (
        battle_share(st, awards.rounds),
        painting_share(awards.painting.get(st.id, 0), w.painting_max),
        sports_share(awards.votes.get(st.id, 0), len(st.opponents)),
    )


def overall_score(parts: tuple[Fraction, Fraction, Fraction], weights: AwardWeights) -> Fraction:
    if not weights.total:
        return Fraction(0)
    battle, painting, sports = parts
    weighted = weights.battle * battle + weights.painting * painting + weights.sports * sports
    return weighted / weights.total


def overall_values(states: Mapping[int, PlayerState], awards: AwardInputs) -> dict[int, Exact]:
    return {
        pid: overall_score(overall_parts(st, awards), awards.weights) for pid, st in states.items()
    }


def shared_ranks(values: Mapping[int, Exact], order: Iterable[int]) -> list[tuple[int, int, bool]]:
    """(player, rank, tied) best first; equal values share a rank (1, 2, 2, 4). `order` breaks
    nothing: it only lists players of one rank in a stable order (e.g. by name)."""
    position = {pid: i for i, pid in enumerate(order)}
    ranked = sorted(values, key=lambda pid: (-values[pid], position.get(pid, len(position))))
    counts: dict[Exact, int] = {}
    for pid in ranked:
        counts[values[pid]] = counts.get(values[pid], 0) + 1
    out, rank, previous = [], 0, None
    for i, pid in enumerate(ranked, start=1):
        if values[pid] != previous:
            rank, previous = i, values[pid]
        out.append((pid, rank, counts[values[pid]] > 1))
    return out


@dataclass(frozen=True)
class AwardRow:
    player_id: int
    rank: int
    tied: bool
    mp: Fraction
    played: int
    painting: int | None  # None: not judged yet
    votes: int
    vote_games: int  # games against an opponent, each a chance of a vote
    battle_share: Fraction
    painting_share: Fraction
    sports_share: Fraction
    overall: Fraction


def award_table(
    players: Sequence[PlayerEntry],
    games: Iterable[GameRecord],
    *,
    awards: AwardInputs,
    bye_vp: int,
    as_of_round: int | None = None,
) -> list[AwardRow]:
    """The overall ranking, best first, ties shared; players of one rank in the given order."""
    games = list(games)
    last = as_of_round if as_of_round is not None else max((g.round for g in games), default=0)
    states = build_states(players, games, up_to_round=last, bye_vp=bye_vp)
    awards = replace(awards, rounds=last)
    parts = {pid: overall_parts(st, awards) for pid, st in states.items()}
    overall = {pid: overall_score(p, awards.weights) for pid, p in parts.items()}
    rows = []
    for pid, rank, tied in shared_ranks(overall, [p.id for p in players]):
        st = states[pid]
        battle, painting, sports = parts[pid]
        rows.append(
            AwardRow(
                player_id=pid,
                rank=rank,
                tied=tied,
                mp=st.mp,
                played=st.played,
                painting=awards.painting.get(pid),
                votes=awards.votes.get(pid, 0),
                vote_games=len(st.opponents),
                battle_share=battle,
                painting_share=painting,
                sports_share=sports,
                overall=overall[pid],
            )
        )
    return rows
