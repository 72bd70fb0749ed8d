"""Short messages from the organisers to the hall ("Round 3 starts at 14:00").

Posting and removing are logged (who and what) but not undoable: a message people have read
cannot be unread. Both move the event's revision on (signals), so cached pages and the big
screen show the change at their next poll.

An announcement may end: at a time (`ends_at`), or when the next round's pairings reach the
players (`until_round`, the number of that round). Ended ones leave what players and the
public see; the staff keep them, marked. A release moves the revision on by itself; an end
time does not, so the pages that poll put `ended_count` in their ETags.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import Invalid, NotFound
from tournament.caching.cached import event_cached
from tournament.models import Announcement, Event, Round
from tournament.models.announcement import ANNOUNCEMENT_MAX_LENGTH
from tournament.services.audit.log import audit_record
from tournament.services.events.access import require_judge
from tournament.services.events.archive import event_require_writable
from tournament.services.players.names import text_checked


def _clean_text(text) -> str:
    if not isinstance(text, str):
        raise Invalid("text", "invalid", gettext("Must be text."))
    if not text.strip():
        raise Invalid("text", "blank", gettext("Write the message to announce."))
    # The one text check (engine/names.py): NUL, direction controls, invisible-only text.
    text = text_checked(text, field="text", multiline=True)
    if len(text) > ANNOUNCEMENT_MAX_LENGTH:
        raise Invalid(
            "text",
            "max_length",
            gettext("At most %(ANNOUNCEMENT_MAX_LENGTH)s characters (%(text_count)s given).")
            % {"ANNOUNCEMENT_MAX_LENGTH": ANNOUNCEMENT_MAX_LENGTH, "text_count": len(text)},
        )
    return text


def _clean_end(ends_at) -> datetime.datetime | None:
    if ends_at is None:
        return None
    if not isinstance(ends_at, datetime.datetime) or timezone.is_naive(ends_at):
        raise Invalid("ends_at", "invalid", gettext("Must be a date and time with its time zone."))
    if ends_at <= timezone.now():
        raise Invalid("ends_at", "in_past", gettext("Must be later than now."))
    return ends_at


def _released_up_to(event: Event) -> int:
    """The highest round number whose pairings the players have (0 before round 1)."""
    found = Round.objects.filter(event=event, released=True).aggregate(n=Max("number"))["n"]
    return found or 0


@transaction.atomic
def announcement_post(
    *, event: Event, user, text, ends_at=None, until_next_round: bool = False
) -> Announcement:
    require_judge(user, event)
    event_require_writable(event)
    text = _clean_text(text)
    ends_at = _clean_end(ends_at)
    if not isinstance(until_next_round, bool):
        raise Invalid("until_next_round", "invalid", gettext("Must be true or false."))
    until_round = None
    if until_next_round:
        latest = Round.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0
        until_round = latest + 1
    announcement = Announcement.objects.create(
        event=event,
        text=text,
        created_by=user if user is not None and user.is_authenticated else None,
        ends_at=ends_at,
        until_round=until_round,
    )
    ends = {"ends_at": ends_at.isoformat()} if ends_at else {}
    audit_record(
        event=event,
        action="announcement_post",
        target=f"announcement:{announcement.pk}",
        user=user,
        after={
            "text": announcement.text,
            **ends,
            **({"until_round": until_round} if until_round else {}),
        },
    )
    return announcement


@transaction.atomic
def announcement_delete(*, event: Event, user, announcement_id: int) -> None:
    require_judge(user, event)
    event_require_writable(event)
    announcement = Announcement.objects.filter(event=event, pk=announcement_id).first()
    if announcement is None:
        raise NotFound("announcement", "not_found", gettext("No such announcement in this event."))
    audit_record(
        event=event,
        action="announcement_delete",
        target=f"announcement:{announcement.pk}",
        user=user,
        before={"text": announcement.text},
    )
    announcement.delete()


def _live(announcement: Announcement, *, now: datetime.datetime, released: int) -> bool:
    if announcement.ends_at is not None and announcement.ends_at <= now:
        return False
    return announcement.until_round is None or released < announcement.until_round


def announcements_list(
    *, event: Event, limit: int | None = None, live_only: bool = False
) -> list[Announcement]:
    """Newest first, each with `live` (not ended yet); `live_only` for players and the public."""
    announcements = Announcement.objects.filter(event=event).select_related("created_by")
    announcements = list(announcements.order_by("-created_at", "-id"))
    now = timezone.now()
    # The released round matters only to "until the next round" ones: no query otherwise.
    needs_round = any(a.until_round is not None for a in announcements)
    released = _released_up_to(event) if needs_round else 0
    for announcement in announcements:
        announcement.live = _live(announcement, now=now, released=released)
    if live_only:
        announcements = [a for a in announcements if a.live]
    return announcements[:limit] if limit else announcements


def _ends(event: Event, revision: int, known: list[Announcement] | None = None) -> list:
    """The event's end times, read once per revision; `known` (every announcement, already
    read by the caller) fills the cache without a query."""
    if known is not None:
        compute = lambda: sorted(a.ends_at for a in known if a.ends_at)  # noqa: E731
    else:
        compute = lambda: sorted(  # noqa: E731
            Announcement.objects.filter(event=event, ends_at__isnull=False).values_list(
                "ends_at", flat=True
            )
        )
    return event_cached(
        event=event, name="announcement-ends", variant="", revision=revision, compute=compute
    )


def announcements_ended_count(*, event: Event, revision: int) -> int:
    """How many end times have passed: a part of the ETags of the pages that show
    announcements, which an end time changes without any write. The end times are read once
    per revision (a poll pays no query)."""
    now = timezone.now()
    return sum(1 for end in _ends(event, revision) if end <= now)


def announcements_shown(*, event: Event, revision: int, limit: int) -> list[Announcement]:
    """The newest `limit` announcements still shown, for a page that also puts
    `announcements_ended_count` in its ETag: one query serves both."""
    every = announcements_list(event=event)
    _ends(event, revision, known=every)
    return [a for a in every if a.live][:limit]
