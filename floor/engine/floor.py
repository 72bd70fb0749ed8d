"""The floor's arithmetic over plain values.

- `queue_order`: the calls a judge answers, oldest first (ties by the order they were made).
- `waiting_seconds` / `waiting_words`: how long a call has waited, in whole seconds and as a
  judge reads it on a phone ("4 min").
- `table_glance`: one table's state (not started, playing, result entered, confirmed,
  disputed) and its marks (called, extended), from what the floor knows of it.
- `median_seconds`: the median of whole-second durations as an exact Fraction (the mean of the
  two middle ones when their count is even), never a float.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

OPEN, CLAIMED, RESOLVED = "open", "claimed", "resolved"
ACTIVE = (OPEN, CLAIMED)

# A table's state, in the order a game goes through them.
NOT_STARTED = "not_started"
PLAYING = "playing"
RESULT_ENTERED = "result_entered"
CONFIRMED = "confirmed"
DISPUTED = "disputed"
BYE = "bye"
STATES = (NOT_STARTED, PLAYING, RESULT_ENTERED, CONFIRMED, DISPUTED, BYE)
STATE_WORDS = {
    NOT_STARTED: "not started",
    PLAYING: "playing",
    RESULT_ENTERED: "result entered",
    CONFIRMED: "confirmed",
    DISPUTED: "disputed",
    BYE: "bye",
}
# The result's status (tournament.models.ResultStatus) as the floor reads it.
_RESULT_STATES = {"pending": RESULT_ENTERED, "confirmed": CONFIRMED, "disputed": DISPUTED}


@dataclass(frozen=True)
class QueuedCall:
    id: int
    called_at: datetime
    status: str


def queue_order(calls: Iterable[QueuedCall]) -> list[QueuedCall]:
    """The calls not yet resolved, oldest first; two made in the same instant in the order
    they were made (their ids)."""
    return sorted((c for c in calls if c.status in ACTIVE), key=lambda c: (c.called_at, c.id))


def waiting_seconds(called_at: datetime, now: datetime) -> int:
    """Whole seconds since the call (0 for a clock a moment behind another's)."""
    return max(0, int((now - called_at).total_seconds()))


def waiting_words(seconds: int) -> str:
    """'just now' under a minute, '4 min' under an hour, then '1 h 5 min'."""
    if seconds < 60:
        return "just now"
    minutes = seconds // 60
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"


@dataclass(frozen=True)
class TableFacts:
    """What the floor knows of one table: a bye, the current result's status ("" for none),
    whether play has begun (a game clock or the tracker started), an unresolved call and the
    minutes staff added."""

    bye: bool = False
    result_status: str = ""
    started: bool = False
    called: bool = False
    extra_minutes: int = 0


@dataclass(frozen=True)
class Glance:
    state: str
    called: bool
    extended: bool

    @property
    def words(self) -> str:
        return STATE_WORDS[self.state]


def table_glance(facts: TableFacts) -> Glance:
    """The table's state: a result decides it once entered; before that, playing once its
    clock or tracker started, else not started. Called and extended are marks beside it (a
    table may be disputed and called at once)."""
    if facts.bye:
        state = BYE
    elif facts.result_status in _RESULT_STATES:
        state = _RESULT_STATES[facts.result_status]
    elif facts.started:
        state = PLAYING
    else:
        state = NOT_STARTED
    return Glance(
        state=state,
        called=facts.called and not facts.bye,
        extended=facts.extra_minutes > 0 and not facts.bye,
    )


def median_seconds(durations: Sequence[int]) -> Fraction | None:
    """The median of whole-second durations, exact; None for none."""
    if not durations:
        return None
    ordered = sorted(durations)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return Fraction(ordered[middle])
    return Fraction(ordered[middle - 1] + ordered[middle], 2)


def duration_words(seconds: Fraction | int) -> str:
    """A median as a judge reads it: '45 s', '3 min 30 s', '1 h 2 min' (rounded half up to
    the whole second only here, to show)."""
    whole = int(Fraction(seconds) + Fraction(1, 2))
    if whole < 60:
        return f"{whole} s"
    minutes, rest = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes} min {rest} s" if rest else f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"
