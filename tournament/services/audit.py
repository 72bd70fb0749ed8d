"""The audit log: every organiser action that changes standings, and how to undo it.

Each action registers an undo handler; `audit_undo` replays the entry's `before` state
through it, in a transaction, and records the undo as an entry of its own.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils import timezone

from tournament.errors import Conflict
from tournament.models import AuditEntry, Event

UNDO_HANDLERS: dict[str, Callable[[AuditEntry], None]] = {}


def undoable(action: str):
    def register(handler: Callable[[AuditEntry], None]):
        UNDO_HANDLERS[action] = handler
        return handler

    return register


def audit_record(
    *,
    event: Event,
    action: str,
    target: str,
    user=None,
    player=None,
    before=None,
    after=None,
) -> AuditEntry:
    return AuditEntry.objects.create(
        event=event,
        action=action,
        target=target,
        actor_user=user if user is not None and user.is_authenticated else None,
        actor_player=player,
        before=before,
        after=after,
    )


def audit_changes(
    *, event: Event, action: str, target: str, user, before: dict, after: dict, fields
) -> AuditEntry | None:
    """Log the fields among `fields` whose value changed; nothing if none did."""
    changed = [k for k in after if k in fields and before[k] != after[k]]
    if not changed:
        return None
    return audit_record(
        event=event,
        action=action,
        target=target,
        user=user,
        before={k: before[k] for k in changed},
        after={k: after[k] for k in changed},
    )


def audit_restore(obj, values: dict) -> None:
    """Put logged fields back to their `before` values (the undo of a plain edit)."""
    for key, value in values.items():
        setattr(obj, key, value)
    obj.save()


def audit_undo(*, entry_id: int, user) -> AuditEntry:
    with transaction.atomic():
        entry = AuditEntry.objects.select_for_update().select_related("event").get(pk=entry_id)
        if entry.undone_at is not None:
            raise Conflict("entry", "already_undone", "This action has already been undone.")
        handler = UNDO_HANDLERS.get(entry.action)
        if handler is None:
            raise Conflict("entry", "not_undoable", f"'{entry.action}' cannot be undone.")
        handler(entry)
        entry.undone_at = timezone.now()
        entry.undone_by = user if user is not None and user.is_authenticated else None
        entry.save(update_fields=["undone_at", "undone_by"])
        audit_record(
            event=entry.event,
            action="undo",
            target=f"audit:{entry.pk}",
            user=user,
            before=entry.after,
            after=entry.before,
        )
        return entry
