"""Who may do what: organisers are staff of an event (or superusers); players hold a key."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from tournament.errors import Forbidden
from tournament.models import Event


def user_can_manage(user, event: Event) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return event.staff.filter(pk=user.pk).exists()


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
        raise Forbidden("event", "not_organiser", "Only this event's organisers may do this.")
