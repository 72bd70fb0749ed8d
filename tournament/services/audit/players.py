"""The audit log's words for the players' entries: added, changed, deleted, checked in, dropped,
their sign-ups and painting scores."""

from __future__ import annotations

from django.utils.translation import gettext

from tournament.models import AuditEntry, PlayerStatus
from tournament.services.audit.words import (
    AuditWords,
    changes_text,
    describes,
    field_label,
    target_id,
    value_words,
)


def _signup_words(status) -> str:
    """A sign-up's status as its label says it, lower case, in the reader's language."""
    return str(PlayerStatus(status).label).lower() if status in PlayerStatus.values else ""


def _player(batch: AuditWords, entry: AuditEntry) -> str:
    return batch.name(target_id(entry.target, "player"))


@describes("player_register")
def player_register(batch: AuditWords, entry: AuditEntry) -> str:
    after = entry.after or {}
    name = after.get("name") or _player(batch, entry)
    first = after.get("first_round") or 1
    if first > 1:
        return gettext("%(name)s added (joins at round %(first)s)") % {"name": name, "first": first}
    return gettext("%(name)s added") % {"name": name}


@describes("player_update")
def player_update(batch: AuditWords, entry: AuditEntry) -> str:
    name = _player(batch, entry)
    before, after = entry.before or {}, dict(entry.after or {})
    if set(after) <= {"dropped", "dropped_after_round"} and "dropped" in after:
        if after["dropped"]:
            return gettext("%(name)s dropped after round %(number)s") % {
                "name": name,
                "number": after.get("dropped_after_round") or 0,
            }
        return gettext("%(name)s back in (no longer dropped)") % {"name": name}
    return f"{name}: {changes_text(before, after)}"


@describes("player_disposition")
def player_disposition(batch: AuditWords, entry: AuditEntry) -> str:
    return _on_their_page(batch, entry)


@describes("player_nickname")
def player_nickname(batch: AuditWords, entry: AuditEntry) -> str:
    return _on_their_page(batch, entry)


def _on_their_page(batch: AuditWords, entry: AuditEntry) -> str:
    return gettext("%(name)s (on their page): %(changes)s") % {
        "name": _player(batch, entry),
        "changes": changes_text(entry.before, entry.after),
    }


@describes("player_delete")
def player_delete(batch: AuditWords, entry: AuditEntry) -> str:
    before = entry.before or {}
    details = ", ".join(
        f"{field_label(k).lower()} {value_words(k, before[k])}"
        for k in ("faction", "club", "fixed_table")
        if before.get(k) not in (None, "")
    )
    text = gettext("%(name)s deleted before playing") % {
        "name": before.get("name", gettext("A player"))
    }
    return f"{text} ({details})" if details else text


def _names(batch: AuditWords, state: dict | None) -> str:
    state = state or {}
    names = state.get("names") or [batch.name(i) for i in state.get("player_ids", [])]
    return ", ".join(names) or gettext("nobody")


@describes("players_check_in")
def players_check_in(batch: AuditWords, entry: AuditEntry) -> str:
    return gettext("Checked in: %(names)s") % {"names": _names(batch, entry.after or entry.before)}


@describes("player_check_in")
def player_check_in(batch: AuditWords, entry: AuditEntry) -> str:
    return gettext("%(name)s checked in from their phone") % {"name": _player(batch, entry)}


@describes("players_drop_absent")
def players_drop_absent(batch: AuditWords, entry: AuditEntry) -> str:
    return gettext("Dropped as not checked in: %(names)s") % {
        "names": _names(batch, entry.after or entry.before)
    }


@describes(
    "registration_submit",
    "registration_approve",
    "registration_reject",
    "registration_withdraw",
    "registration_move_up",
)
def registration(batch: AuditWords, entry: AuditEntry) -> str:
    """'Ann Bell: on the waiting list → approved', or how a sign-up came in."""
    after = entry.after or {}
    name = after.get("name") or _player(batch, entry)
    now = _signup_words(after.get("status"))
    if entry.before is None:
        return gettext("%(name)s signed up (%(status)s)") % {"name": name, "status": now}
    was = _signup_words(entry.before.get("status"))
    return f"{name}: {was} → {now}"


@describes("painting_score")
def painting_score(batch: AuditWords, entry: AuditEntry) -> str:
    return f"{_player(batch, entry)}: {changes_text(entry.before, entry.after)}"


def _penalty_words(state: dict) -> str:
    kind = str(state.get("kind", "")).replace("_", " ").capitalize().replace("Vp ", "VP ")
    if state.get("kind") == "vp_penalty":
        kind += f" (−{state.get('vp')} VP)"
    return gettext("%(name)s, round %(number)s: %(kind)s: %(reason)s") % {
        "name": state.get("player_name"),
        "number": state.get("round"),
        "kind": kind,
        "reason": state.get("reason"),
    }


@describes("penalty_give")
def penalty_give(batch: AuditWords, entry: AuditEntry) -> str:
    return _penalty_words(entry.after or {})


@describes("penalty_remove")
def penalty_remove(batch: AuditWords, entry: AuditEntry) -> str:
    return gettext("Removed: %(penalty)s") % {"penalty": _penalty_words(entry.before or {})}
