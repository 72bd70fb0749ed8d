"""An event's staff: organisers add co-organisers and judges by username, change their role
and remove them. An event always keeps at least one organiser, and every change is logged."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from common.errors import Conflict, Invalid, NotFound
from tournament.models import Event, EventStaff, StaffRole
from tournament.services.audit.log import audit_record
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable

ROLE_RULE = gettext_lazy("Must be organiser or judge.")


def staff_list(*, event: Event) -> list[EventStaff]:
    """Organisers first, then judges; each in the order they were added."""
    rows = EventStaff.objects.filter(event=event).select_related("user", "added_by")
    return sorted(rows, key=lambda r: (r.role != StaffRole.ORGANISER, r.added_at, r.pk))


def _clean_role(role) -> str:
    if role not in StaffRole.values:
        raise Invalid("role", "invalid_choice", ROLE_RULE)
    return role


def _lock(event: Event, user) -> Event:
    """Serialise staff changes of one event, so two organisers removing each other at once
    cannot both pass the last-organiser check; then check the caller again, as their own
    role may have changed while they waited."""
    locked = Event.objects.select_for_update().get(pk=event.pk)
    require_organiser(user, locked)
    event_require_writable(locked)
    return locked


def _member(event: Event, member_id) -> EventStaff:
    row = (
        EventStaff.objects.select_related("user")
        .filter(event=event, user_id=member_id if isinstance(member_id, int) else None)
        .first()
    )
    if row is None:
        raise NotFound("user", "not_staff", gettext("That account is not on this event's staff."))
    return row


def _keep_an_organiser(event: Event, row: EventStaff) -> None:
    if row.role != StaffRole.ORGANISER:
        return
    others = EventStaff.objects.filter(event=event, role=StaffRole.ORGANISER).exclude(pk=row.pk)
    if not others.exists():
        raise Conflict(
            "user",
            "last_organiser",
            gettext("%(get_username)s is this event's only organiser: add another organiser first.")
            % {"get_username": row.user.get_username()},
        )


def _log(*, event: Event, action: str, row: EventStaff, user, before, after) -> None:
    audit_record(
        event=event,
        action=action,
        target=f"user:{row.user_id}",
        user=user,
        before=before,
        after=after,
    )


@transaction.atomic
def staff_add(*, event: Event, user, username, role) -> EventStaff:
    """Add an account by its username. Someone already on the staff is a 409: change their
    role with `staff_set_role` instead, so a repeated request never silently demotes."""
    require_organiser(user, event)
    role = _clean_role(role)
    if not isinstance(username, str) or not username.strip():
        raise Invalid("username", "blank", gettext("Enter the username of an existing account."))
    username = username.strip()
    member = get_user_model().objects.filter(username=username).first()
    if member is None:
        raise Invalid(
            "username",
            "unknown_user",
            gettext("No account is named “%(username)s”.") % {"username": username},
        )
    event = _lock(event, user)
    existing = EventStaff.objects.filter(event=event, user=member).first()
    if existing is not None:
        raise Conflict(
            "username",
            "already_staff",
            gettext("%(username)s is already this event's %(lower)s.")
            % {"username": username, "lower": existing.get_role_display().lower()},
        )
    row = EventStaff.objects.create(event=event, user=member, role=role, added_by=user)
    after = {"username": username, "role": role}
    _log(event=event, action="staff_add", row=row, user=user, before=None, after=after)
    return row


@transaction.atomic
def staff_set_role(*, event: Event, user, member_id, role) -> EventStaff:
    """Change a staff member's role; the last organiser cannot become a judge."""
    require_organiser(user, event)
    role = _clean_role(role)
    event = _lock(event, user)
    row = _member(event, member_id)
    if row.role == role:
        return row  # a form saved unchanged changes nothing and logs nothing
    if role != StaffRole.ORGANISER:
        _keep_an_organiser(event, row)
    before = row.role
    row.role = role
    row.save(update_fields=["role"])
    name = row.user.get_username()
    _log(
        event=event,
        action="staff_role",
        row=row,
        user=user,
        before={"username": name, "role": before},
        after={"role": role},
    )
    return row


@transaction.atomic
def staff_remove(*, event: Event, user, member_id) -> EventStaff:
    """Take someone off the staff; the last organiser stays. Returns the removed row."""
    require_organiser(user, event)
    event = _lock(event, user)
    row = _member(event, member_id)
    _keep_an_organiser(event, row)
    before = {"username": row.user.get_username(), "role": row.role}
    row.delete()
    _log(event=event, action="staff_remove", row=row, user=user, before=before, after=None)
    return row
