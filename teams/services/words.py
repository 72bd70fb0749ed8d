"""The team actions of the audit log in words (names people see, never ids)."""

from __future__ import annotations

from tournament.services.audit.words import audit_words_register


def _team_create(entry) -> str:
    return f"Team {(entry.after or {}).get('name', '')} entered"


def _team_member_add(entry) -> str:
    a = entry.after or {}
    faction = f" ({a['faction']})" if a.get("faction") else ""
    return f"{a.get('player', '')}{faction} joined {a.get('team', '')}"


def _team_update(entry) -> str:
    before, after = entry.before or {}, entry.after or {}
    parts = []
    if "name" in after:
        parts.append(f"renamed {before.get('name')} → {after['name']}")
    if "captain" in after:
        parts.append(
            f"captain {before.get('captain_name') or 'none'} → {after.get('captain_name')}"
        )
    if "dropped" in after:
        parts.append("dropped" if after["dropped"] else "back in the event")
    return f"{after.get('team', '')}: {', '.join(parts)}"


def _team_delete(entry) -> str:
    before = entry.before or {}
    count = len(before.get("members", []))
    return f"Team {before.get('team', '')} deleted with its {count} players"


def _team_round_create(entry) -> str:
    after = entry.after or {}
    matches = "; ".join(f"{a} v {b}" if b else f"{a}: bye" for a, b in after.get("matches", []))
    return f"Team round {after.get('number')} paired: {matches}"


def _pairs_text(data: dict) -> str:
    return ", ".join(f"{a} v {b} (table {t})" for a, b, t in data.get("pairs", []))


def _team_match_pair(entry) -> str:
    after = entry.after or {}
    a, b = after.get("teams", ["", ""])
    by = "by the captains' ritual" if after.get("by") == "ritual" else "by the organiser"
    return f"Round {after.get('round')}, {a} v {b}: players paired {by}: {_pairs_text(after)}"


def _team_match_unpair(entry) -> str:
    before = entry.before or {}
    a, b = before.get("teams", ["", ""])
    return f"Round {before.get('round')}, {a} v {b}: player pairings taken back"


def _team_scoring(entry) -> str:
    before, after = entry.before or {}, entry.after or {}
    words = {
        "score_table": lambda v: "WTC table" if v is None else f"own table of {len(v)} bands",
        "draw_margin": lambda v: "default" if v is None else str(v),
        "bye_score": lambda v: "default" if v is None else str(v),
        "tiebreaks": lambda v: "default" if v is None else ", ".join(v),
    }
    return "; ".join(
        f"{key.replace('_', ' ').capitalize()}: {words[key](before.get(key))} → {words[key](value)}"
        for key, value in after.items()
        if key in words
    )


def register() -> None:
    audit_words_register("team_create", "Team entered", _team_create)
    audit_words_register("team_member_add", "Team player added", _team_member_add)
    audit_words_register("team_update", "Team changed", _team_update)
    audit_words_register("team_delete", "Team deleted", _team_delete)
    audit_words_register("team_round_create", "Team round paired", _team_round_create)
    audit_words_register("team_match_pair", "Match players paired", _team_match_pair)
    audit_words_register("team_match_unpair", "Match pairings taken back", _team_match_unpair)
    audit_words_register("team_scoring", "Team scoring changed", _team_scoring)
