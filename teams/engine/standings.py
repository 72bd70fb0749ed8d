"""Team standings: team record (match points) first, then the event's team tie-breaks, each
compared exactly (whole numbers and Fractions); teams still tied share a rank (1, 2, 2, 4)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from teams.engine.scoring import WTC_TABLE, Band, match_outcome2, match_score
from tournament.engine.errors import EngineError


@dataclass(frozen=True)
class TeamEntry:
    id: int
    name: str
    dropped: bool = False
    first_round: int = 1


@dataclass(frozen=True)
class MatchRecord:
    """A team match. team_b None is a bye; `games` are the (vp_a, vp_b) of its individual
    games with a result that counts; `complete` says every game of the match has one (only
    complete matches count for the record)."""

    round: int
    team_a: int
    team_b: int | None
    games: tuple[tuple[int, int], ...] = ()
    complete: bool = False


@dataclass
class TeamState:
    id: int
    scores: dict[int, int] = field(default_factory=dict)  # round -> doubled match points
    opponents: list[int] = field(default_factory=list)
    game_points: int = 0
    game_points_against: int = 0
    vp: int = 0
    vp_against: int = 0
    byes: int = 0

    @property
    def s2(self) -> int:
        return sum(self.scores.values())

    def count(self, value: int) -> int:
        return sum(1 for s in self.scores.values() if s == value)


@dataclass(frozen=True)
class TeamStandingRow:
    team_id: int
    rank: int
    tied: bool
    mp: Fraction
    wins: int
    draws: int
    losses: int
    byes: int
    played: int
    game_points: int
    vp: int
    metrics: dict = field(default_factory=dict)


def _sos(states: dict[int, TeamState]) -> dict[int, Fraction]:
    return {t: Fraction(sum(states[o].s2 for o in st.opponents), 2) for t, st in states.items()}


# name -> label; every value is exact (int or Fraction).
TEAM_METRICS = {
    "game_points": "Game points (sum of the team's game scores)",
    "vp": "Total VP of the team's players",
    "vp_diff": "VP difference",
    "game_points_diff": "Game points difference",
    "sos": "Opponents' match points",
}
DEFAULT_TEAM_TIEBREAKS = ("game_points", "vp")


def check_team_tiebreaks(names) -> list[str]:
    if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
        raise EngineError("invalid", "Must be a list of metric names.", field="tiebreaks")
    for name in names:
        if name not in TEAM_METRICS:
            raise EngineError(
                "unknown_metric",
                f"Unknown team tie-break {name!r}; known: {', '.join(TEAM_METRICS)}.",
                field="tiebreaks",
            )
    if len(set(names)) != len(names):
        raise EngineError("duplicate", "Each metric may appear once.", field="tiebreaks")
    return list(names)


def build_team_states(
    teams: Sequence[TeamEntry],
    matches: Iterable[MatchRecord],
    *,
    table: Sequence[Band] = WTC_TABLE,
    draw_margin: int,
    bye_score: int,
) -> dict[int, TeamState]:
    states = {t.id: TeamState(t.id) for t in teams}
    for m in matches:
        for tid in (m.team_a, m.team_b):
            if tid is not None and tid not in states:
                raise EngineError(
                    "unknown_team", f"match names unknown team {tid}", field="matches"
                )
        a = states[m.team_a]
        if m.team_b is None:
            a.scores[m.round] = 2
            a.byes += 1
            a.game_points += bye_score
            continue
        if not m.complete:
            continue
        b = states[m.team_b]
        score_a, score_b = match_score(m.games, table)
        a.scores[m.round], b.scores[m.round] = match_outcome2(score_a, score_b, draw_margin)
        a.opponents.append(b.id)
        b.opponents.append(a.id)
        a.game_points += score_a
        a.game_points_against += score_b
        b.game_points += score_b
        b.game_points_against += score_a
        vp_a = sum(g[0] for g in m.games)
        vp_b = sum(g[1] for g in m.games)
        a.vp, a.vp_against = a.vp + vp_a, a.vp_against + vp_b
        b.vp, b.vp_against = b.vp + vp_b, b.vp_against + vp_a
    return states


def _values(name: str, states: dict[int, TeamState]) -> dict:
    if name == "sos":
        return _sos(states)
    if name == "vp_diff":
        return {t: st.vp - st.vp_against for t, st in states.items()}
    if name == "game_points_diff":
        return {t: st.game_points - st.game_points_against for t, st in states.items()}
    return {t: getattr(st, name) for t, st in states.items()}


def compute_team_standings(
    teams: Sequence[TeamEntry],
    matches: Iterable[MatchRecord],
    *,
    table: Sequence[Band] = WTC_TABLE,
    draw_margin: int,
    bye_score: int,
    tiebreaks: Sequence[str] = DEFAULT_TEAM_TIEBREAKS,
) -> list[TeamStandingRow]:
    """Rows best first. Incomplete matches do not count (their teams have not played yet)."""
    tiebreaks = check_team_tiebreaks(list(tiebreaks))
    states = build_team_states(
        teams, matches, table=table, draw_margin=draw_margin, bye_score=bye_score
    )
    values = {name: _values(name, states) for name in tiebreaks}

    def key(tid: int) -> tuple:
        return (states[tid].s2, *(values[n][tid] for n in tiebreaks))

    ordered = sorted(states, key=lambda t: (tuple(-v for v in key(t)), t))
    rows: list[TeamStandingRow] = []
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and key(ordered[j]) == key(ordered[i]):
            j += 1
        for tid in ordered[i:j]:
            st = states[tid]
            rows.append(
                TeamStandingRow(
                    team_id=tid,
                    rank=i + 1,
                    tied=j - i > 1,
                    mp=Fraction(st.s2, 2),
                    wins=st.count(2),
                    draws=st.count(1),
                    losses=st.count(0),
                    byes=st.byes,
                    played=len(st.scores),
                    game_points=st.game_points,
                    vp=st.vp,
                    metrics={n: values[n][tid] for n in tiebreaks},
                )
            )
        i = j
    return rows
