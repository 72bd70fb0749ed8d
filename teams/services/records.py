"""Read a team event out of the database as the plain records its engines take."""

from __future__ import annotations

from dataclasses import dataclass

from teams.engine.scoring import GameScore
from teams.engine.standings import MatchRecord, TeamEntry
from teams.models.teams import Team, TeamMatch, TeamMatchGame
from tournament.models import Event, Result, ResultStatus, RoundStage
from tournament.services.rounds.records import penalties_by_player_round


def event_team_entries(event: Event) -> list[TeamEntry]:
    return [
        TeamEntry(id=pk, name=name, dropped=dropped, first_round=first)
        for pk, name, dropped, first in Team.objects.filter(event=event).values_list(
            "pk", "name", "dropped", "first_round"
        )
    ]


@dataclass
class MatchState:
    """A match's games as the standings read them: results that count, and how many lack one."""

    match: TeamMatch
    game_ids: list[int]
    # game id -> the game as it counts: VP less penalties, game losses (results that count only)
    scores: dict[int, GameScore]
    statuses: dict[int, str]  # game id -> current result's status ("" : none)

    @property
    def paired(self) -> bool:
        return bool(self.game_ids)

    @property
    def complete(self) -> bool:
        return self.paired and len(self.scores) == len(self.game_ids)

    @property
    def confirmed(self) -> int:
        return sum(1 for s in self.statuses.values() if s == ResultStatus.CONFIRMED)

    def record(self) -> MatchRecord:
        games = tuple(self.scores[g] for g in self.game_ids if g in self.scores)
        return MatchRecord(
            self.match.team_round.number,
            self.match.team_a_id,
            self.match.team_b_id,
            games,
            self.complete or self.match.is_bye,
        )


def match_states(matches, *, include_unconfirmed: bool = False) -> list[MatchState]:
    """States of the matches given (a queryset or list), results and penalties read in three
    queries."""
    matches = list(matches)
    links = TeamMatchGame.objects.filter(match__in=matches).values_list("match_id", "game_id")
    by_match: dict[int, list[int]] = {}
    for match_id, game_id in links:
        by_match.setdefault(match_id, []).append(game_id)
    all_games = [g for ids in by_match.values() for g in ids]
    scores, statuses = {}, {}
    rows = Result.objects.filter(game_id__in=all_games, is_current=True).values_list(
        "game_id",
        "vp_a",
        "vp_b",
        "status",
        "game__player_a_id",
        "game__player_b_id",
        "game__round__number",
        "game__round__event_id",
    )
    rows = list(rows)
    # Penalties staff gave change a game as they change it in the singles standings: one
    # more query per event, only when a game has a result to change.
    penalties = {}
    for event_id in {row[-1] for row in rows}:
        penalties.update(penalties_by_player_round(event_id))
    for game_id, vp_a, vp_b, status, player_a, player_b, number, _ in rows:
        statuses[game_id] = status
        if vp_b is not None and (include_unconfirmed or status == ResultStatus.CONFIRMED):
            taken_a, loss_a = penalties.get((player_a, number), (0, False))
            taken_b, loss_b = penalties.get((player_b, number), (0, False))
            scores[game_id] = GameScore(
                max(0, vp_a - taken_a), max(0, vp_b - taken_b), loss_a, loss_b
            )
    out = []
    for m in matches:
        ids = sorted(by_match.get(m.pk, []))
        out.append(
            MatchState(
                m,
                ids,
                {g: scores[g] for g in ids if g in scores},
                {g: statuses.get(g, "") for g in ids},
            )
        )
    return out


def event_match_states(
    event: Event, *, include_unconfirmed: bool = False, before_round: int | None = None
) -> list[MatchState]:
    """The event's Swiss team matches: knockout rounds (stage "playoff", an app that extends
    events plays them) never count in the team standings, pairing or sheets."""
    matches = TeamMatch.objects.filter(
        team_round__event=event, team_round__round__stage=RoundStage.SWISS
    ).select_related("team_round")
    if before_round is not None:
        matches = matches.filter(team_round__number__lt=before_round)
    return match_states(
        matches.order_by("team_round__number", "number"), include_unconfirmed=include_unconfirmed
    )
