"""A finished team Swiss built through the services (teams, members, team rounds, player
pairings), its results written in bulk: the team with the higher id wins each game, so the
team standings are a strict order."""

from __future__ import annotations

from django.db import transaction

from teams.models.teams import TeamMatch
from teams.services.matches import team_match_pair_players
from teams.services.rounds import team_round_create
from teams.services.teams import team_create, team_member_add
from tournament.models import Result, ResultSource, ResultStatus
from tournament.services.events.events import event_create
from tournament.services.results.results import round_refresh_status

FACTIONS = ["Orks", "Necrons", "Aeldari", "Tau Empire", "Space Marines", "Drukhari"]


def confirm(games, score) -> None:
    """Confirmed results: `score(game)` gives (vp_a, vp_b)."""
    Result.objects.bulk_create(
        Result(
            game=g,
            version=1,
            vp_a=score(g)[0],
            vp_b=score(g)[1],
            status=ResultStatus.CONFIRMED,
            source=ResultSource.ORGANISER,
        )
        for g in games
    )


def pair_players(match: TeamMatch, user):
    a = list(match.team_a.members.order_by("player__name").values_list("player_id", flat=True))
    b = list(match.team_b.members.order_by("player__name").values_list("player_id", flat=True))
    return team_match_pair_players(match=match, pairs=list(zip(a, b, strict=True)), user=user)


def team_swiss(user, teams: int = 16, rounds: int = 4):
    event = event_create(user=user, name="Team GT", rounds=rounds, seed=1, kind="team")
    for t in range(1, teams + 1):
        team = team_create(event=event, user=user, name=f"Team {t:02d}")
        for i in range(event.team_size):
            team_member_add(team=team, user=user, name=f"T{t:02d} P{i}", faction=FACTIONS[i])
    for number in range(1, rounds + 1):
        team_round = team_round_create(event_id=event.pk, user=user, seed=number)
        a_wins = {}
        for match in team_round.matches.select_related("team_a", "team_b"):
            hi = max(match.team_a_id, match.team_b_id)
            a_wins.update((g, match.team_a_id == hi) for g in pair_players(match, user))
        confirm(list(a_wins), lambda g, won=a_wins: (80, 40) if won[g] else (40, 80))
        with transaction.atomic():
            round_refresh_status(team_round.round)
    return event
