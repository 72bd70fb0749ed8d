"""Short messages from the organisers to the hall ("Round 3 starts at 14:00").

Posting and removing are logged (who and what) but not undoable: a message people have read
cannot be unread. Both move the event's revision on (signals), so cached pages and the big
screen show the change at their next poll.
"""

from __future__ import annotations

from django.db import transaction

from tournament.errors import Invalid, NotFound
from tournament.models import Announcement, Event
from tournament.models.announcement import ANNOUNCEMENT_MAX_LENGTH
from tournament.services.access import require_judge
from tournament.services.archive import event_require_writable
from tournament.services.audit import audit_record
from tournament.services.names import text_checked


def _clean_text(text) -> str:
    if not isinstance(text, str):
        raise Invalid("text", "invalid", "Must be text.")
    if not text.strip():
        raise Invalid("text", "blank", "Write the message to announce.")
    # The one text check (engine/names.py): NUL, direction controls, invisible-only text.
    text = text_checked(text, field="text", multiline=True)
    if len(text) > ANNOUNCEMENT_MAX_LENGTH:
        raise Invalid(
            "text",
            "max_length",
            f"At most {ANNOUNCEMENT_MAX_LENGTH} characters ({len(text)} given).",
        )
    return text


@transaction.atomic
def announcement_post(*, event: Event, user, text) -> Announcement:
    require_judge(user, event)
    event_require_writable(event)
    announcement = Announcement.objects.create(
        event=event,
        text=_clean_text(text),
        created_by=user if user is not None and user.is_authenticated else None,
    )
    audit_record(
        event=event,
        action="announcement_post",
        target=f"announcement:{announcement.pk}",
        user=user,
        after={"text": announcement.text},
    )
    return announcement


@transaction.atomic
def announcement_delete(*, event: Event, user, announcement_id: int) -> None:
    require_judge(user, event)
    event_require_writable(event)
    announcement = Announcement.objects.filter(event=event, pk=announcement_id).first()
    if announcement is None:
        raise NotFound("announcement", "not_found", "No such announcement in this event.")
    audit_record(
        event=event,
        action="announcement_delete",
        target=f"announcement:{announcement.pk}",
        user=user,
        before={"text": announcement.text},
    )
    announcement.delete()


def announcements_list(*, event: Event, limit: int | None = None) -> list[Announcement]:
    """Newest first."""
    announcements = Announcement.objects.filter(event=event).select_related("created_by")
    announcements = announcements.order_by("-created_at", "-id")
    return list(announcements[:limit] if limit else announcements)
