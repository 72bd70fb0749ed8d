"""The audit log's words for a round's entries: paired, removed, its mission, its release, its
clock, and players swapped in it."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from common.errors import ServiceError
from missions.services.missions import mission_lookup
from tournament.engine.clock import duration_words
from tournament.models import AuditEntry
from tournament.services.audit.words import AuditWords, describes, target_id


def _round_number(batch: AuditWords, entry: AuditEntry):
    round_ = batch.rounds.get(target_id(entry.target, "round"))
    if round_ is not None:
        return round_.number
    return (entry.after or entry.before or {}).get("number", "?")


def _mission_words(code: str | None) -> str:
    """A pool letter as it is; a generated mission's code with the mission's name."""
    if not code:
        return gettext("none")
    if "-" not in code:
        return code
    try:
        return f"{mission_lookup(code=code).mission.name} ({code})"
    except (ServiceError, AttributeError):
        return code


@describes("round_create")
def round_create(batch: AuditWords, entry: AuditEntry) -> str:
    after = entry.after or {}
    number = after.get("number", _round_number(batch, entry))
    how = {
        "engine": gettext("Round %(number)s paired by the pairing engine"),
        "manual": gettext("Round %(number)s paired by hand"),
        "import": gettext("Round %(number)s paired by import"),
    }
    text = how.get(after.get("method"), gettext("Round %(number)s paired")) % {"number": number}
    if after.get("method") == "engine" and after.get("seed") is not None:
        text += gettext(" (seed %(seed)s)") % {"seed": after["seed"]}
    games = after.get("games")
    if games is None:
        return text
    return ngettext("%(text)s: %(games)s game", "%(text)s: %(games)s games", games) % {
        "text": text,
        "games": games,
    }


@describes("round_delete")
def round_delete(batch: AuditWords, entry: AuditEntry) -> str:
    number = (entry.before or {}).get("number", target_id(entry.target, "round"))
    return gettext("Round %(number)s removed") % {"number": number}


@describes("round_mission")
def round_mission(batch: AuditWords, entry: AuditEntry) -> str:
    before = _mission_words((entry.before or {}).get("mission"))
    after = _mission_words((entry.after or {}).get("mission"))
    return gettext("Round %(number)s: mission %(before)s → %(after)s") % {
        "number": _round_number(batch, entry),
        "before": before,
        "after": after,
    }


@describes("round_release")
def round_release(batch: AuditWords, entry: AuditEntry) -> str:
    return gettext("Round %(number)s's pairings released to the players") % {
        "number": _round_number(batch, entry)
    }


@describes("round_clock")
def round_clock(batch: AuditWords, entry: AuditEntry) -> str:
    after = entry.after or {}
    number = _round_number(batch, entry)
    action = after.get("action")
    if action == "extend":
        minutes = after.get("minutes", 0)
        said = (
            gettext("Extended round %(number)s's clock by %(minutes)s min")
            if minutes >= 0
            else gettext("Shortened round %(number)s's clock by %(minutes)s min")
        )
        return said % {"number": number, "minutes": abs(minutes)}
    if action == "start":
        return gettext("Started round %(number)s's clock (%(length)s)") % {
            "number": number,
            "length": duration_words(after.get("length_s", 0)),
        }
    left = duration_words(after.get("remaining_s", 0))
    said = {
        "pause": gettext("Paused round %(number)s's clock (%(left)s left)"),
        "resume": gettext("Resumed round %(number)s's clock (%(left)s left)"),
    }.get(action, gettext("Changed round %(number)s's clock (%(left)s left)"))
    return said % {"number": number, "left": left}


def _seat(batch: AuditWords, rows: list, player_id: int) -> str:
    for pk, a, b in rows:
        if player_id in (a, b):
            game = batch.games.get(pk)
            if b is None:
                return gettext("bye")
            if game and game.table_number:
                return gettext("table %(number)s") % {"number": game.table_number}
            return gettext("no table")
    return gettext("not paired")


@describes("pairing_swap")
def pairing_swap(batch: AuditWords, entry: AuditEntry) -> str:
    before = entry.before or {}
    x, y = before.get("swap", [None, None])
    rows = before.get("games", [])
    number = _round_number(batch, entry)
    reason = (entry.after or {}).get("reason")
    swapped = gettext("Round %(number)s: %(a)s (%(seat_a)s) and %(b)s (%(seat_b)s) swapped") % {
        "number": number,
        "a": batch.name(x),
        "seat_a": _seat(batch, rows, x),
        "b": batch.name(y),
        "seat_b": _seat(batch, rows, y),
    }
    return swapped + (f": {reason}" if reason else "")
