"""The audit log's words for the event's own entries: created, its settings, announcements and
staff, and the undos of other entries."""

from __future__ import annotations

from tournament.localtime import when
from tournament.models import AuditEntry
from tournament.services.audit.words import (
    AuditWords,
    audit_label,
    changes_text,
    describes,
    target_id,
)


@describes("event_create")
def event_create(batch: AuditWords, entry: AuditEntry) -> str:
    return f"{entry.event.name} created"


@describes("event_update")
def event_update(batch: AuditWords, entry: AuditEntry) -> str:
    return changes_text(entry.before, entry.after) or "no change"


@describes("announcement_post")
def announcement_post(batch: AuditWords, entry: AuditEntry) -> str:
    return f"“{(entry.after or {}).get('text', '')}”"


@describes("announcement_delete")
def announcement_delete(batch: AuditWords, entry: AuditEntry) -> str:
    return f"Removed “{(entry.before or {}).get('text', '')}”"


# Staff: named by the username the staff page shows, kept in the entry itself.


@describes("staff_add")
def staff_add(batch: AuditWords, entry: AuditEntry) -> str:
    after = entry.after or {}
    return f"{after.get('username', 'an account')} added as {after.get('role')}"


@describes("staff_role")
def staff_role(batch: AuditWords, entry: AuditEntry) -> str:
    before, after = entry.before or {}, entry.after or {}
    name = before.get("username", "an account")
    return f"{name}: {before.get('role')} → {after.get('role')}"


@describes("staff_remove")
def staff_remove(batch: AuditWords, entry: AuditEntry) -> str:
    before = entry.before or {}
    return f"{before.get('username', 'an account')} removed (was {before.get('role')})"


@describes("undo")
def undo(batch: AuditWords, entry: AuditEntry) -> str:
    original = batch.originals.get(target_id(entry.target, "audit"))
    if original is None:
        return "Undid a change no longer in the log"
    # In the event's zone whoever asks (the API activates no zone).
    at = when(original.created_at, entry.event.time_zone)
    return f"Undid “{audit_label(original.action)}” of {at}: {batch.describe(original)}"
