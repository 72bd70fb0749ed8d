"""What the teams app registers with the tournament app at start-up (teams.apps): the rules it
keeps on players and event settings, its audit log words and its undo handlers."""

from __future__ import annotations

from django.db.models import Count
from django.utils.translation import gettext

from common.errors import Invalid
from teams.models.teams import Team, TeamMember
from tournament.extensions import EVENT_UPDATE_CHECKS, PLAYER_UPDATE_CHECKS
from tournament.models.event import EventKind


def _player_faction_rule(player, clean: dict) -> None:
    """A member's new faction may not be another member's (checked on every player edit)."""
    if "faction" not in clean:
        return
    member = TeamMember.objects.select_related("team").filter(player=player).first()
    if member is not None:
        from teams.services.teams import faction_check  # noqa: PLC0415 - loaded with the app

        faction_check(member.team, clean["faction"], player=player)


def _event_team_rules(event, clean: dict) -> None:
    teams = Team.objects.filter(event=event)
    if clean.get("kind", event.kind) != EventKind.TEAM and teams.exists():
        raise Invalid(
            "kind",
            "has_teams",
            gettext("This event has teams; delete them before making it singles."),
        )
    size = clean.get("team_size")
    if size is not None:
        largest = teams.annotate(n=Count("members")).order_by("-n").first()
        if largest is not None and largest.n > size:
            raise Invalid(
                "team_size",
                "below_members",
                gettext("%(name)s has %(n)s players: the team size cannot go below that.")
                % {"name": largest.name, "n": largest.n},
            )
        if size != event.team_size and event.team_rounds.exists():
            raise Invalid(
                "team_size",
                "rounds_paired",
                gettext("The team size cannot change once a round is paired."),
            )


def register() -> None:
    from teams.services import exchange as team_exchange  # noqa: PLC0415
    from teams.services import matches, ritual, rounds, scoring, teams, words  # noqa: F401, PLC0415

    PLAYER_UPDATE_CHECKS.register(_player_faction_rule)
    EVENT_UPDATE_CHECKS.register(_event_team_rules)
    words.register()
    # Team events travel in the event export/import (exchange/extensions.py).
    team_exchange.register()
    ritual.register_words()  # the pairing ritual's audit words (ritual branch)
