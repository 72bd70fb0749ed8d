"""Finding what a captain acts on from their private key (for the captains' ritual pages)."""

from __future__ import annotations

from django.db.models import Q

from teams.models.teams import Team, TeamMatch


def captain_team_find(*, key: str) -> Team | None:
    """The team whose captain holds this private key (None: no captain has it)."""
    if not key:
        return None
    return Team.objects.select_related("event", "captain").filter(captain__private_key=key).first()


def team_match_current(*, team: Team) -> TeamMatch | None:
    """The team's match in the event's latest team round (None: not paired in it, or no
    round yet)."""
    latest = team.event.team_rounds.order_by("-number").first()
    if latest is None:
        return None
    return (
        TeamMatch.objects.select_related("team_round__round", "team_a", "team_b")
        .filter(team_round=latest)
        .filter(Q(team_a=team) | Q(team_b=team))
        .first()
    )
