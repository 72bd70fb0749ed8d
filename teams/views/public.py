"""Public team pages: teams, team pairings, team standings beside the players' standings."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render

from teams.services.scoring import team_scoring_get
from teams.services.standings import team_round_data, team_standings_compute
from teams.services.teams import teams_named_for_public, teams_with_members
from tournament.services.events.access import user_can_judge
from tournament.services.players.public import rows_named_for_public
from tournament.services.standings.standings import standings_compute
from tournament.views.common import visible_event_or_404


def _team_event(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    if not event.is_team:
        raise Http404("This is not a team event.")
    return event


def _context(request, event, tab: str, **extra) -> dict:
    return {"event": event, "tab": tab, "can_manage": user_can_judge(request.user, event), **extra}


def event_teams(request, event_id: int):
    event = _team_event(request, event_id)
    teams = teams_with_members(event)
    if not user_can_judge(request.user, event):
        teams = teams_named_for_public(event, teams)  # the public's names (issue 36)
    context = _context(request, event, "teams", teams=teams)
    return render(request, "teams/teams.html", context)


def event_team_pairings(request, event_id: int):
    event = _team_event(request, event_id)
    rounds = list(event.team_rounds.order_by("number"))
    chosen = rounds[-1] if rounds else None
    wanted = request.GET.get("round")
    if wanted and wanted.isdigit():
        chosen = next((r for r in rounds if r.number == int(wanted)), chosen)
    data = team_round_data(team_round=chosen) if chosen else None
    context = _context(request, event, "team_pairings", rounds=rounds, team_round=data)
    return render(request, "teams/pairings.html", context)


def event_team_standings(request, event_id: int):
    event = _team_event(request, event_id)
    standings = team_standings_compute(event=event)
    players = standings_compute(event=event)
    for row in standings["rows"]:
        row["shown"] = [row["display"][name] for name in standings["tiebreaks"]]
    context = _context(
        request,
        event,
        "team_standings",
        standings=standings,
        players=players
        if user_can_judge(request.user, event)
        else rows_named_for_public(event, players),
        scoring=team_scoring_get(event=event),
    )
    return render(request, "teams/standings.html", context)
