"""Which of an event's audit entries concern a round, a player or an action: the audit log
page's filters. Entries name what they changed in `target` ("game:12", "player:5",
"round:<id>"; a deleted round by its number), so the filters are plain queries on it."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from tournament.models import AuditEntry, Event, Game


def _games(targets) -> list[str]:
    return [f"game:{pk}" for pk in targets.values_list("pk", flat=True)]


def audit_entries_filter(
    *,
    event: Event,
    round_number: int | None = None,
    player_id: int | None = None,
    action: str | None = None,
) -> QuerySet[AuditEntry]:
    """The event's entries, newest first, narrowed by each filter given."""
    entries = event.audit.all()
    if round_number is not None:
        round_ = event.rounds.filter(number=round_number).first()
        about = Q(action="round_delete", target=f"round:{round_number}")
        if round_ is not None:
            games = Game.objects.filter(round=round_)
            about |= Q(target__in=_games(games))
            about |= Q(target=f"round:{round_.pk}") & ~Q(action="round_delete")
        entries = entries.filter(about)
    if player_id is not None:
        games = Game.objects.filter(round__event=event).filter(
            Q(player_a_id=player_id) | Q(player_b_id=player_id)
        )
        entries = entries.filter(
            Q(target=f"player:{player_id}")
            | Q(actor_player_id=player_id)
            | Q(target__in=_games(games))
        )
    if action:
        entries = entries.filter(action=action)
    return entries


def audit_actions(*, event: Event) -> list[str]:
    """The actions this event's log holds, for the filter's choices."""
    return sorted(set(event.audit.order_by().values_list("action", flat=True).distinct()))
