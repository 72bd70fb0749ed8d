"""The event's status following the event, and sign-up closing when play starts.

`status` is registration before round 1, running once round 1 is paired and finished once the
last planned round is complete, while `status_auto` is on. The organiser may set it instead
(`status_auto` off), and it then stays as set. Stored rather than computed on every read: the
event lists filter and show it, and readers of the API read it as a plain field.
"""

from __future__ import annotations

from django.utils.translation import gettext

from common.errors import Invalid
from tournament.caching.revision import event_revision_bump
from tournament.models import Event, EventStatus, Round, RoundStatus
from tournament.services.audit.log import audit_record


def event_status_due(*, event: Event, planned: int | None = None) -> str:
    """The status the event's rounds give it (with `planned` rounds, if given)."""
    if event.pk is None:
        return EventStatus.REGISTRATION
    planned = planned if planned is not None else event.planned_rounds
    latest = (
        Round.objects.filter(event_id=event.pk).order_by("-number").values("number", "status")
    ).first()
    if latest is None:
        return EventStatus.REGISTRATION
    if latest["number"] >= planned and latest["status"] == RoundStatus.COMPLETE:
        return EventStatus.FINISHED
    return EventStatus.RUNNING


def event_status_follow(*, event_id: int) -> None:
    """Move an automatic status to the one due; nothing when it is set by hand or already
    right. Called after every change to the rounds (tournament/caching/signals.py) and to the
    planned rounds; the row is written (and locked) only when the status moves."""
    event = Event.objects.filter(pk=event_id, status_auto=True).only("pk", "planned_rounds")
    event = event.first()
    if event is None:
        return
    due = event_status_due(event=event)
    if Event.objects.filter(pk=event_id, status_auto=True).exclude(status=due).update(status=due):
        event_revision_bump(event_id=event_id)


def event_status_clean(*, clean: dict, event: Event | None) -> None:
    """Settle `status` and `status_auto` among a creation's or an update's settings (in place).

    A status sent without `status_auto` that differs from the stored one is the organiser
    setting it: it stops following the event. One sent beside `status_auto: true` must be the
    one due (as a client sending back what it read does), else 400 `status` `automatic`. While
    automatic, the status due goes into the changes (so a new planned round count, or turning
    automatic on, moves it in the same logged, undoable change)."""
    auto = clean.get("status_auto")
    if auto is not None and not isinstance(auto, bool):
        raise Invalid("status_auto", "invalid", gettext("Must be true or false."))
    stored = event or Event()
    sent = clean.get("status")
    due = event_status_due(event=stored, planned=clean.get("planned_rounds"))
    if auto is None:
        auto = stored.status_auto and (sent is None or sent == stored.status)
        if auto != stored.status_auto:
            clean["status_auto"] = auto
    elif auto and sent is not None and sent != due:
        raise Invalid(
            "status",
            "automatic",
            gettext(
                "The status follows the event while status_auto is true (now "
                "%(due)s); send status_auto false to set it yourself."
            )
            % {"due": due},
        )
    if auto:
        clean["status"] = due


def event_signup_close_at_round_1(*, event: Event, user) -> None:
    """Pairing round 1 closes public sign-up, logged (and undoable, from the audit log) like
    the organiser's own change: from then on a sign-up would be a late entry, which the
    organiser may still take by opening sign-up again."""
    if not event.registration_open:
        return
    Event.objects.filter(pk=event.pk).update(registration_open=False)
    event.registration_open = False
    audit_record(
        event=event,
        action="event_update",
        target=f"event:{event.pk}",
        user=user,
        before={"registration_open": True},
        after={"registration_open": False},
    )
