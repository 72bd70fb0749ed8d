"""The audit log's words for a round's entries: paired, removed, its mission, its release, its
clock, and players swapped in it."""

from __future__ import annotations

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
        return "none"
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
    how = {"engine": "by the pairing engine", "manual": "by hand", "import": "by import"}
    text = f"Round {number} paired {how.get(after.get('method'), '')}".rstrip()
    if after.get("method") == "engine" and after.get("seed") is not None:
        text += f" (seed {after['seed']})"
    games = after.get("games")
    return f"{text}: {games} game{'s' if games != 1 else ''}" if games is not None else text


@describes("round_delete")
def round_delete(batch: AuditWords, entry: AuditEntry) -> str:
    return f"Round {(entry.before or {}).get('number', target_id(entry.target, 'round'))} removed"


@describes("round_mission")
def round_mission(batch: AuditWords, entry: AuditEntry) -> str:
    before = _mission_words((entry.before or {}).get("mission"))
    after = _mission_words((entry.after or {}).get("mission"))
    return f"Round {_round_number(batch, entry)}: mission {before} → {after}"


@describes("round_release")
def round_release(batch: AuditWords, entry: AuditEntry) -> str:
    return f"Round {_round_number(batch, entry)}'s pairings released to the players"


@describes("round_clock")
def round_clock(batch: AuditWords, entry: AuditEntry) -> str:
    after = entry.after or {}
    number = _round_number(batch, entry)
    action = after.get("action")
    if action == "extend":
        minutes = after.get("minutes", 0)
        verb = "Extended" if minutes >= 0 else "Shortened"
        return f"{verb} round {number}'s clock by {abs(minutes)} min"
    if action == "start":
        return f"Started round {number}'s clock ({duration_words(after.get('length_s', 0))})"
    left = duration_words(after.get("remaining_s", 0))
    verb = {"pause": "Paused", "resume": "Resumed"}.get(action, "Changed")
    return f"{verb} round {number}'s clock ({left} left)"


def _seat(batch: AuditWords, rows: list, player_id: int) -> str:
    for pk, a, b in rows:
        if player_id in (a, b):
            game = batch.games.get(pk)
            if b is None:
                return "bye"
            return f"table {game.table_number}" if game and game.table_number else "no table"
    return "not paired"


@describes("pairing_swap")
def pairing_swap(batch: AuditWords, entry: AuditEntry) -> str:
    before = entry.before or {}
    x, y = before.get("swap", [None, None])
    rows = before.get("games", [])
    number = _round_number(batch, entry)
    reason = (entry.after or {}).get("reason")
    return (
        f"Round {number}: {batch.name(x)} ({_seat(batch, rows, x)}) and "
        f"{batch.name(y)} ({_seat(batch, rows, y)}) swapped" + (f": {reason}" if reason else "")
    )
