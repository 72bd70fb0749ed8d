"""The audit log's words for the event's own entries: created, its settings, announcements and
staff, and the undos of other entries."""

from __future__ import annotations

from django.utils.translation import gettext

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
    return gettext("%(name)s created") % {"name": entry.event.name}


@describes("event_update")
def event_update(batch: AuditWords, entry: AuditEntry) -> str:
    return changes_text(entry.before, entry.after) or gettext("no change")


@describes("announcement_post")
def announcement_post(batch: AuditWords, entry: AuditEntry) -> str:
    return f"“{(entry.after or {}).get('text', '')}”"


@describes("announcement_delete")
def announcement_delete(batch: AuditWords, entry: AuditEntry) -> str:
    return gettext("Removed “%(text)s”") % {"text": (entry.before or {}).get("text", "")}


# Staff: named by the username the staff page shows, kept in the entry itself.


@describes("staff_add")
def staff_add(batch: AuditWords, entry: AuditEntry) -> str:
    after = entry.after or {}
    return gettext("%(username)s added as %(role)s") % {
        "username": after.get("username", gettext("an account")),
        "role": after.get("role"),
    }


@describes("staff_role")
def staff_role(batch: AuditWords, entry: AuditEntry) -> str:
    before, after = entry.before or {}, entry.after or {}
    name = before.get("username", gettext("an account"))
    return f"{name}: {before.get('role')} → {after.get('role')}"


@describes("staff_remove")
def staff_remove(batch: AuditWords, entry: AuditEntry) -> str:
    before = entry.before or {}
    return gettext("%(username)s removed (was %(role)s)") % {
        "username": before.get("username", gettext("an account")),
        "role": before.get("role"),
    }


@describes("undo")
def undo(batch: AuditWords, entry: AuditEntry) -> str:
    original = batch.originals.get(target_id(entry.target, "audit"))
    if original is None:
        return gettext("Undid a change no longer in the log")
    # In the event's zone whoever asks (the API activates no zone).
    at = when(original.created_at, entry.event.time_zone)
    return gettext("Undid “%(action)s” of %(when)s: %(change)s") % {
        "action": audit_label(original.action),
        "when": at,
        "change": batch.describe(original),
    }
