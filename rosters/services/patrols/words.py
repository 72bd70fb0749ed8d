"""The Combat Patrol actions of the audit log in words (patrol names, never ids)."""

from __future__ import annotations

from tournament.services.audit.words import audit_words_register


def _units(units) -> str:
    return ", ".join(f"{u.get('name')} ({u.get('models')})" for u in units or [])


def _create(entry) -> str:
    after = entry.after or {}
    return f"Combat Patrol {after.get('name', '')} entered: {_units(after.get('units'))}"


def _update(entry) -> str:
    before, after = entry.before or {}, entry.after or {}
    parts = []
    if "name" in after:
        parts.append(f"renamed {before.get('name')} → {after['name']}")
    if "faction" in after:
        parts.append(f"faction {before.get('faction') or 'none'} → {after['faction'] or 'none'}")
    if "units" in after:
        parts.append(f"units {_units(before.get('units'))} → {_units(after['units'])}")
    if "enhancements" in after:
        old = ", ".join(before.get("enhancements") or []) or "none"
        parts.append(f"enhancements {old} → {', '.join(after['enhancements']) or 'none'}")
    return f"{after.get('patrol', '')}: {'; '.join(parts)}"


def _delete(entry) -> str:
    return f"Combat Patrol {(entry.before or {}).get('name', '')} deleted"


def register() -> None:
    audit_words_register("patrol_create", "Combat Patrol entered", _create)
    audit_words_register("patrol_update", "Combat Patrol changed", _update)
    audit_words_register("patrol_delete", "Combat Patrol deleted", _delete)
