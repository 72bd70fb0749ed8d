"""What every team service checks first: the event is a team event, writable, and locked."""

from __future__ import annotations

from django.utils.translation import gettext

from common.errors import Conflict, NotFound
from tournament.models import Event
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable


def require_team_event(event: Event) -> None:
    if not event.is_team:
        raise Conflict(
            "event",
            "not_team_event",
            gettext("%(name)s is a singles event; set its kind to team to enter teams.")
            % {"name": event.name},
        )


def team_event_lock(*, event_id: int, user) -> Event:
    """The event's row locked for a change by an organiser (writers of one event queue here)."""
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise NotFound("event", "not_found", gettext("No such event."))
    require_organiser(user, event)
    event_require_writable(event)
    require_team_event(event)
    return event
