"""The team actions of the audit log in words (names people see, never ids)."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from tournament.services.audit.words import audit_words_register


def _team_create(entry) -> str:
    return gettext("Team %(name)s entered") % {"name": (entry.after or {}).get("name", "")}


def _team_member_add(entry) -> str:
    a = entry.after or {}
    faction = f" ({a['faction']})" if a.get("faction") else ""
    return gettext("%(player)s joined %(team)s") % {
        "player": f"{a.get('player', '')}{faction}",
        "team": a.get("team", ""),
    }


def _team_update(entry) -> str:
    before, after = entry.before or {}, entry.after or {}
    parts = []
    if "name" in after:
        parts.append(
            gettext("renamed %(before)s → %(after)s")
            % {"before": before.get("name"), "after": after["name"]}
        )
    if "captain" in after:
        parts.append(
            gettext("captain %(before)s → %(after)s")
            % {
                "before": before.get("captain_name") or gettext("none"),
                "after": after.get("captain_name"),
            }
        )
    if "dropped" in after:
        parts.append(gettext("dropped") if after["dropped"] else gettext("back in the event"))
    return f"{after.get('team', '')}: {', '.join(parts)}"


def _team_delete(entry) -> str:
    before = entry.before or {}
    count = len(before.get("members", []))
    return gettext("Team %(team)s deleted with its %(count)s players") % {
        "team": before.get("team", ""),
        "count": count,
    }


def _team_round_create(entry) -> str:
    after = entry.after or {}
    matches = "; ".join(
        gettext("%(a)s v %(b)s") % {"a": a, "b": b} if b else gettext("%(a)s: bye") % {"a": a}
        for a, b in after.get("matches", [])
    )
    return gettext("Team round %(number)s paired: %(matches)s") % {
        "number": after.get("number"),
        "matches": matches,
    }


def _pairs_text(data: dict) -> str:
    return ", ".join(
        gettext("%(a)s v %(b)s (table %(table)s)") % {"a": a, "b": b, "table": t}
        for a, b, t in data.get("pairs", [])
    )


def _team_match_pair(entry) -> str:
    after = entry.after or {}
    a, b = after.get("teams", ["", ""])
    said = (
        gettext(
            "Round %(number)s, %(a)s v %(b)s: players paired by the captains' ritual: %(pairs)s"
        )
        if after.get("by") == "ritual"
        else gettext("Round %(number)s, %(a)s v %(b)s: players paired by the organiser: %(pairs)s")
    )
    return said % {"number": after.get("round"), "a": a, "b": b, "pairs": _pairs_text(after)}


def _team_match_unpair(entry) -> str:
    before = entry.before or {}
    a, b = before.get("teams", ["", ""])
    return gettext("Round %(number)s, %(a)s v %(b)s: player pairings taken back") % {
        "number": before.get("round"),
        "a": a,
        "b": b,
    }


def _team_scoring(entry) -> str:
    before, after = entry.before or {}, entry.after or {}
    default = gettext("default")
    words = {
        "score_table": lambda v: (
            gettext("WTC table")
            if v is None
            else gettext("own table of %(count)s bands") % {"count": len(v)}
        ),
        "draw_margin": lambda v: default if v is None else str(v),
        "bye_score": lambda v: default if v is None else str(v),
        "tiebreaks": lambda v: default if v is None else ", ".join(v),
    }
    return "; ".join(
        f"{key.replace('_', ' ').capitalize()}: {words[key](before.get(key))} → {words[key](value)}"
        for key, value in after.items()
        if key in words
    )


def register() -> None:
    audit_words_register("team_create", gettext_lazy("Team entered"), _team_create)
    audit_words_register("team_member_add", gettext_lazy("Team player added"), _team_member_add)
    audit_words_register("team_update", gettext_lazy("Team changed"), _team_update)
    audit_words_register("team_delete", gettext_lazy("Team deleted"), _team_delete)
    audit_words_register("team_round_create", gettext_lazy("Team round paired"), _team_round_create)
    audit_words_register("team_match_pair", gettext_lazy("Match players paired"), _team_match_pair)
    audit_words_register(
        "team_match_unpair", gettext_lazy("Match pairings taken back"), _team_match_unpair
    )
    audit_words_register("team_scoring", gettext_lazy("Team scoring changed"), _team_scoring)
