"""A round's clock as plain arithmetic on instants (no Django).

The stored state is exact across processes: while the clock runs only its end instant is kept,
while paused only the time left. Whether it has finished is derived from the end instant and
"now", so no process has to flip it. Every transition takes "now" as an argument, which keeps
the arithmetic testable and the same in every process.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from common.errors import RuleError, gettext_noop

NOT_STARTED = "not_started"
RUNNING = "running"
PAUSED = "paused"
FINISHED = "finished"

# Bounds of an organiser's "minutes" (a round never runs longer than half a day).
MAX_MINUTES = 720


class ClockError(RuleError):
    """A transition that does not fit the clock's state (or a length it cannot take)."""

    def __init__(self, code: str, message: str, *, field: str = "action", params=None) -> None:
        super().__init__(code, message, field=field, params=params)


@dataclass(frozen=True)
class Clock:
    length_s: int  # the planned length, extensions included
    started_at: datetime | None = None
    ends_at: datetime | None = None  # set while running
    remaining: timedelta | None = None  # set while paused

    def state(self, now: datetime) -> str:
        if self.started_at is None:
            return NOT_STARTED
        if self.remaining is not None:
            return PAUSED
        return RUNNING if self.ends_at > now else FINISHED

    def left(self, now: datetime) -> timedelta:
        """Time left: the whole length before the start, none once finished."""
        state = self.state(now)
        if state == NOT_STARTED:
            return timedelta(seconds=self.length_s)
        if state == PAUSED:
            return self.remaining
        return max(self.ends_at - now, timedelta(0))

    def remaining_s(self, now: datetime) -> int:
        # Rounded up: a clock with 0.4 s to go still shows 1 s, and 0 only once it finished.
        return math.ceil(self.left(now).total_seconds())


def clock_start(clock: Clock, now: datetime, length_s: int | None = None) -> Clock:
    if clock.started_at is not None:
        raise ClockError("clock_started", gettext_noop("The clock has already been started."))
    length = clock.length_s if length_s is None else length_s
    if length <= 0:
        raise ClockError(
            "range", gettext_noop("A round must last at least a minute."), field="minutes"
        )
    return Clock(length_s=length, started_at=now, ends_at=now + timedelta(seconds=length))


def clock_pause(clock: Clock, now: datetime) -> Clock:
    state = clock.state(now)
    if state != RUNNING:
        raise ClockError(f"clock_{state}", NOT_PAUSABLE[state])
    return replace(clock, ends_at=None, remaining=clock.ends_at - now)


def clock_resume(clock: Clock, now: datetime) -> Clock:
    state = clock.state(now)
    if state != PAUSED:
        raise ClockError(f"clock_{state}", NOT_RESUMABLE[state])
    return replace(clock, ends_at=now + clock.remaining, remaining=None)


def clock_extend(clock: Clock, now: datetime, seconds: int) -> Clock:
    """Add `seconds` (negative: shorten) to a started clock; a finished one may be reopened.

    Shortening may not end the clock: the end it asks for must still be in the future."""
    state = clock.state(now)
    if state == NOT_STARTED:
        raise ClockError(
            "clock_not_started",
            gettext_noop("Start the clock first (its length can be given at the start)."),
        )
    delta = timedelta(seconds=seconds)
    left = clock.remaining + delta if state == PAUSED else clock.ends_at + delta - now
    if left <= timedelta(0):
        if state == FINISHED and seconds > 0:
            ago = math.ceil((now - clock.ends_at).total_seconds() / 60)
            message = gettext_noop(
                "The time ran out %(minutes)s min ago; add more than that to run it again."
            )
            minutes = ago
        else:
            minutes = max(math.ceil(clock.left(now).total_seconds() / 60) - 1, 0)
            message = gettext_noop(
                "That would end the clock; shorten it by at most %(minutes)s min."
            )
        raise ClockError("too_short", message, field="minutes", params={"minutes": minutes})
    extended = replace(clock, length_s=clock.length_s + seconds)
    if state == PAUSED:
        return replace(extended, remaining=left)
    return replace(extended, ends_at=clock.ends_at + delta)


# Each refusal one whole sentence, so each language says the clock's state its own way.
NOT_PAUSABLE = {
    NOT_STARTED: gettext_noop("Only a running clock can be paused (it has not started)."),
    PAUSED: gettext_noop("Only a running clock can be paused (it is paused)."),
    FINISHED: gettext_noop("Only a running clock can be paused (its time is up)."),
}
NOT_RESUMABLE = {
    NOT_STARTED: gettext_noop("Only a paused clock can be resumed (it has not started)."),
    RUNNING: gettext_noop("Only a paused clock can be resumed (it is running)."),
    FINISHED: gettext_noop("Only a paused clock can be resumed (its time is up)."),
}


def duration_words(seconds: int) -> str:
    """'3 h 0 min', '45 min', '1 h 5 min' (seconds rounded up to the minute)."""
    minutes = math.ceil(max(seconds, 0) / 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if hours else f"{minutes} min"
