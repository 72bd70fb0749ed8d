"""Who may do what. Organisers (role "organiser" of an event, or superusers) may do
everything to it; judges enter, correct and settle results and see the organisers' pages;
players hold a key.

A hidden event exists only for its staff (and its own players, by key): anyone else asking
about it or anything in it is told it does not exist (404, `not_found`), never refused (403),
which would say that it exists."""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy

from common.errors import Forbidden, NotFound
from tournament.models import Event, EventStaff, StaffRole

NOT_ORGANISER = gettext_lazy("Only this event's organisers may do this.")
NOT_STAFF = gettext_lazy("Only this event's organisers and judges may do this.")
NO_EVENT = gettext_lazy("No such event.")


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


def event_hidden_from(user, event: Event) -> bool:
    """Whether the event does not exist as far as `user` is concerned: a hidden event for
    anyone not on its staff (a superuser is on every event's)."""
    return event.hidden and staff_role(user, event) is None


def _refuse(event: Event, role: str | None, code: str, text: str) -> None:
    if event.hidden and role is None:
        raise NotFound("event", "not_found", NO_EVENT)
    raise Forbidden("event", code, text)


def require_organiser(user, event: Event) -> None:
    role = staff_role(user, event)
    if role != StaffRole.ORGANISER:
        _refuse(event, role, "not_organiser", NOT_ORGANISER)


def require_judge(user, event: Event) -> None:
    role = staff_role(user, event)
    if role is None:
        _refuse(event, role, "not_staff", NOT_STAFF)
