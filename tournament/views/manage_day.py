"""Organiser pages of the day: the round clock's buttons, the announcements, and the standings
inside the organiser's tabs."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from common.errors import Invalid, ServiceError
from tournament.services.live.announcements import announcement_delete, announcement_post
from tournament.services.live.clock import round_clock_act, round_clock_state
from tournament.views.common import back, report, staff_required
from tournament.views.public import standings_page

CLOCK_DONE = {
    "start": "Round {n}'s clock started: {left} to play.",
    "pause": "Round {n}'s clock paused with {left} left.",
    "resume": "Round {n}'s clock running again: {left} left.",
    "extend": "Round {n}'s clock now has {left} left.",
}
# A refused action's message already names the round ("Round 2: ..."): no field label.
CLOCK_LABELS = {"minutes": "Minutes", "action": ""}


def _minutes(raw: str) -> int | None:
    raw = (raw or "").strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise Invalid("minutes", "invalid", gettext("Must be a whole number of minutes.")) from None


@staff_required
@require_POST
def round_clock(request, event, number: int):
    action = request.POST.get("action", "")
    try:
        round_ = round_clock_act(
            event=event,
            round_number=number,
            user=request.user,
            action=action,
            minutes=_minutes(request.POST.get("minutes", "")),
        )
    except ServiceError as exc:
        report(request, exc, CLOCK_LABELS)
    else:
        clock = round_clock_state(round_=round_)
        messages.success(request, CLOCK_DONE[action].format(n=number, left=clock.remaining_words))
    return back(request, "manage-rounds", event_id=event.pk)


ANNOUNCE_LABELS = {"text": "Announcement", "ends_at": "Shown until", "until": "Shown until"}


def _announce_end(post) -> dict:
    """The form's "Shown until": until removed (""), the next round, or a time in the event's
    zone (the request's active zone, as the browser's datetime-local input gives it)."""
    until = post.get("until", "")
    if until == "next_round":
        return {"until_next_round": True}
    if until == "time":
        raw = post.get("ends_at", "").strip()
        try:
            wall = datetime.datetime.strptime(raw, "%Y-%m-%dT%H:%M")
        except ValueError:
            raise Invalid("ends_at", "invalid", gettext("Give a date and time.")) from None
        return {"ends_at": timezone.make_aware(wall, timezone.get_current_timezone())}
    if until:
        raise Invalid(
            "until", "invalid_choice", gettext("Choose until removed, the next round or a time.")
        )
    return {}


@staff_required
@require_POST
def announcement_add(request, event):
    try:
        announcement_post(
            event=event,
            user=request.user,
            text=request.POST.get("text", ""),
            **_announce_end(request.POST),
        )
    except ServiceError as exc:
        report(request, exc, ANNOUNCE_LABELS)
    else:
        messages.success(request, gettext("Announced: players and the big screen show it now."))
    return back(request, "manage-event", event_id=event.pk)


@staff_required
@require_POST
def announcement_remove(request, event, announcement_id: int):
    try:
        announcement_delete(event=event, user=request.user, announcement_id=announcement_id)
    except ServiceError as exc:
        report(request, exc)
    else:
        messages.success(request, gettext("Announcement removed."))
    return back(request, "manage-event", event_id=event.pk)


@staff_required
def manage_standings(request, event):
    """The public standings page in the organiser's frame (tabs, "Public page" crumb), with the
    provisional view a click away."""
    return standings_page(request, event, manage=True)
