"""The Combat Patrol actions of the audit log in words (patrol names, never ids); put in words
when the log is read, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from tournament.services.audit.words import audit_words_register


def _units(units) -> str:
    return ", ".join(f"{u.get('name')} ({u.get('models')})" for u in units or [])


def _create(entry) -> str:
    after = entry.after or {}
    return gettext("Combat Patrol %(name)s entered: %(units)s") % {
        "name": after.get("name", ""),
        "units": _units(after.get("units")),
    }


def _update(entry) -> str:
    before, after = entry.before or {}, entry.after or {}
    none = gettext("none")
    parts = []
    if "name" in after:
        parts.append(
            gettext("renamed %(before)s → %(after)s")
            % {"before": before.get("name"), "after": after["name"]}
        )
    if "faction" in after:
        parts.append(
            gettext("faction %(before)s → %(after)s")
            % {"before": before.get("faction") or none, "after": after["faction"] or none}
        )
    if "units" in after:
        parts.append(
            gettext("units %(before)s → %(after)s")
            % {"before": _units(before.get("units")), "after": _units(after["units"])}
        )
    if "enhancements" in after:
        old = ", ".join(before.get("enhancements") or []) or none
        new = ", ".join(after["enhancements"]) or none
        parts.append(gettext("enhancements %(before)s → %(after)s") % {"before": old, "after": new})
    return f"{after.get('patrol', '')}: {'; '.join(parts)}"


def _delete(entry) -> str:
    return gettext("Combat Patrol %(name)s deleted") % {
        "name": (entry.before or {}).get("name", "")
    }


def register() -> None:
    audit_words_register("patrol_create", gettext_lazy("Combat Patrol entered"), _create)
    audit_words_register("patrol_update", gettext_lazy("Combat Patrol changed"), _update)
    audit_words_register("patrol_delete", gettext_lazy("Combat Patrol deleted"), _delete)
