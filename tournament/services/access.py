"""Who may do what. Organisers (role "organiser" of an event, or superusers) may do
everything to it; judges enter, correct and settle results and see the organisers' pages;
players hold a key."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from tournament.errors import Forbidden
from tournament.models import Event, EventStaff, StaffRole

NOT_ORGANISER = "Only this event's organisers may do this."
NOT_STAFF = "Only this event's organisers and judges may do this."


def staff_role(user, event: Event) -> str | None:
    """The user's role at the event ("organiser", "judge"), or None."""
    if user is None or not user.is_authenticated:
        return None
    if user.is_superuser:
        return StaffRole.ORGANISER.value
    return (
        EventStaff.objects.filter(event_id=event.pk, user_id=user.pk)
        .values_list("role", flat=True)
        .first()
    )


def user_can_manage(user, event: Event) -> bool:
    """An organiser of the event: pairs, changes settings, players and staff, undoes."""
    return staff_role(user, event) == StaffRole.ORGANISER


def user_can_judge(user, event: Event) -> bool:
    """An organiser or a judge of the event: enters and settles results, sees staff pages."""
    return staff_role(user, event) is not None


def user_can_create_events(user) -> bool:
    return bool(user and user.is_authenticated and (user.is_superuser or user.is_staff))


def events_visible_to(user) -> QuerySet[Event]:
    events = Event.objects.all()
    if user is not None and user.is_authenticated:
        if user.is_superuser:
            return events
        return events.filter(Q(hidden=False) | Q(staff=user)).distinct()
    return events.filter(hidden=False)


def require_organiser(user, event: Event) -> None:
    if not user_can_manage(user, event):
        raise Forbidden("event", "not_organiser", NOT_ORGANISER)


def require_judge(user, event: Event) -> None:
    if not user_can_judge(user, event):
        raise Forbidden("event", "not_staff", NOT_STAFF)
