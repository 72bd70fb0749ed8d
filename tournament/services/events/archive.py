"""Archived events are read-only: every service that changes an event asks here first.

Archiving keeps an event's pages (and their links) working while taking it off the lists;
the one change it still takes is being unarchived (tournament.services.events.events.event_update).
"""

from __future__ import annotations

from django.utils.translation import gettext

from common.errors import Conflict
from tournament.models import Event


def event_require_writable(event: Event) -> None:
    """Refuse (409 `event_archived`) a change to an archived event, naming it."""
    if event.archived:
        raise Conflict(
            "event",
            "event_archived",
            gettext(
                "%(name)s is archived, so it cannot be changed; unarchive it in its settings first."
            )
            % {"name": event.name},
        )
