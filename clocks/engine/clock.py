"""A two-sided chess clock over integer milliseconds, as plain values.

Each side has the same budget (the event's minutes, plus whatever time staff added). One side
runs at a time from `since` (a millisecond timestamp); a pause remembers the side that ran so
resuming restarts it. Every accepted move makes a new clock with `version` one higher, and a
move made against another version is refused (`stale_clock`) and changes nothing: two taps at
once never lose or double count time.

A side whose remaining time reaches 0 is out of time (`timed_out`). The clock does not end the
game: the event's rule, the one Strategium supports, is that a player out of time may only
score objectives they hold (no new actions, no secondary missions); the pages say so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from common.errors import RuleError, gettext_noop

SIDES = ("a", "b")
HOLDS = ("judge_call", "staff")
OUT_OF_TIME_RULE = (
    "A player out of time may only score objectives they hold: no new actions, "
    "no secondary missions."
)


class ClockError(RuleError):
    """A move the clock refuses (not the asker's turn, already started, held by a judge)."""


class StaleClock(ClockError):
    """The move was made against a version that is not the current one."""

    def __init__(self, version: int, current: int) -> None:
        super().__init__(
            "stale_clock",
            gettext_noop(
                "The clock has changed since (version %(current)s, not %(version)s): "
                "look at it again and tap once more if you still mean it."
            ),
            field="version",
            params={"current": current, "version": version},
        )
        self.current = current


@dataclass(frozen=True)
class Clock:
    budget: int  # ms per side
    used_a: int = 0
    used_b: int = 0
    running: str | None = None
    since: int | None = None  # ms timestamp the running side started
    paused: bool = False
    paused_for: str | None = None  # None (a player's pause), "judge_call", "staff"
    held_side: str | None = None  # the side that ran when paused
    version: int = 0
    timed_out: str = ""  # the first side that ran out: "a", "b" or ""
    started: bool = False
    finished: bool = False


def other(side: str) -> str:
    return "b" if side == "a" else "a"


def _side(side) -> str:
    if side not in SIDES:
        raise ClockError("invalid_side", gettext_noop('Must be "a" or "b".'), field="side")
    return side


def _elapsed(clock: Clock, now: int) -> int:
    if clock.running is None or clock.since is None:
        return 0
    return max(0, now - clock.since)


def used(clock: Clock, side: str, now: int) -> int:
    """The side's used time at `now`, never beyond the budget."""
    base = clock.used_a if side == "a" else clock.used_b
    live = base + (_elapsed(clock, now) if clock.running == side else 0)
    return min(clock.budget, live)


def remaining(clock: Clock, side: str, now: int) -> int:
    """The side's time left at `now`: the budget less what it used, at least 0."""
    return clock.budget - used(clock, side, now)


def out_of_time(clock: Clock, now: int) -> str:
    """The side that has run out ("" when none): the one recorded, else one at 0 now."""
    if clock.timed_out:
        return clock.timed_out
    for side in SIDES:
        if remaining(clock, side, now) == 0:
            return side
    return ""


def _check(clock: Clock, version: int | None) -> None:
    if version is not None and version != clock.version:
        raise StaleClock(version, clock.version)
    if clock.finished:
        raise ClockError("clock_finished", gettext_noop("The game is over: its clock is stopped."))


def _settle(clock: Clock, now: int) -> Clock:
    """The running side's time counted into its used time up to `now` (it still runs)."""
    if clock.running is None:
        return clock
    side = clock.running
    spent = used(clock, side, now)
    settled = replace(clock, since=now, **{f"used_{side}": spent})
    if spent >= clock.budget and not clock.timed_out:
        settled = replace(settled, timed_out=side)
    return settled


def _next(clock: Clock, **changes) -> Clock:
    return replace(clock, version=clock.version + 1, **changes)


def new_clock(budget_ms: int) -> Clock:
    if not isinstance(budget_ms, int) or budget_ms < 0:
        raise ClockError(
            "invalid_budget", gettext_noop("Must be a whole number of ms, at least 0.")
        )
    return Clock(budget=budget_ms)


def start(clock: Clock, side: str, *, version: int | None, now: int) -> Clock:
    """The game's first tap: the asker's side runs."""
    _check(clock, version)
    side = _side(side)
    if clock.started:
        raise ClockError("already_started", gettext_noop("The clock is already started."))
    return _next(clock, running=side, since=now, started=True)


def pass_turn(clock: Clock, side: str, *, version: int | None, now: int) -> Clock:
    """The asker ends their turn: their side stops, the opponent's runs."""
    _check(clock, version)
    side = _side(side)
    if clock.paused:
        raise ClockError("paused", gettext_noop("The clock is paused: resume it first."))
    if clock.running != side:
        raise ClockError("not_your_clock", gettext_noop("It is not this side's clock that runs."))
    settled = _settle(clock, now)
    return _next(settled, running=other(side), since=now)


def pause(clock: Clock, *, version: int | None, now: int, reason: str | None = None) -> Clock:
    """The running side stops and is remembered; `reason` None (a player), "judge_call" or
    "staff" says who may resume it."""
    _check(clock, version)
    if reason is not None and reason not in HOLDS:
        raise ClockError(
            "invalid_reason", gettext_noop("Must be judge_call or staff."), field="reason"
        )
    if not clock.started:
        raise ClockError("not_started", gettext_noop("The clock has not started yet."))
    if clock.paused:
        raise ClockError("already_paused", gettext_noop("The clock is already paused."))
    settled = _settle(clock, now)
    return _next(
        settled,
        running=None,
        since=None,
        paused=True,
        paused_for=reason,
        held_side=settled.running,
    )


def hold(clock: Clock, *, version: int | None, now: int, reason: str) -> Clock:
    """Hold the clock for `reason` (a judge call): a running clock pauses; one a player paused
    stays paused, now held, so only that reason's end (or staff) runs it again."""
    if clock.paused and clock.paused_for is None and not clock.finished:
        _check(clock, version)
        if reason not in HOLDS:
            raise ClockError(
                "invalid_reason", gettext_noop("Must be judge_call or staff."), field="reason"
            )
        return _next(clock, paused_for=reason)
    return pause(clock, version=version, now=now, reason=reason)


def resume(
    clock: Clock, *, version: int | None, now: int, reason: str | None = None, staff=False
) -> Clock:
    """The side that ran when paused runs again. A clock held for a judge call or by staff is
    resumed only for that reason or by staff."""
    _check(clock, version)
    if not clock.paused:
        raise ClockError("not_paused", gettext_noop("The clock is not paused."))
    if clock.paused_for and not staff and reason != clock.paused_for:
        raise ClockError(
            "held",
            gettext_noop("The clock is held for a judge call: the judge starts it again.")
            if clock.paused_for == "judge_call"
            else gettext_noop("The clock was paused by the staff: they start it again."),
        )
    return _next(
        clock,
        running=clock.held_side,
        since=now if clock.held_side else None,
        paused=False,
        paused_for=None,
        held_side=None,
    )


def add_time(clock: Clock, ms: int, *, version: int | None, now: int) -> Clock:
    """Both sides gain `ms` (a judge's ruling, a table's extension), or lose it (`ms` < 0: an
    extension undone), never below the time a side has already used. A side out of time that
    has time again is no longer out of time; one left with none is out of time."""
    _check(clock, version)
    if not isinstance(ms, int) or ms == 0:
        raise ClockError(
            "invalid_time",
            gettext_noop("Must be a whole number of ms other than 0."),
            field="minutes",
        )
    settled = _settle(clock, now)
    budget = settled.budget + ms
    if ms < 0:
        budget = max(budget, settled.used_a, settled.used_b)
    grown = replace(settled, budget=budget)
    if grown.timed_out and remaining(grown, grown.timed_out, now) > 0:
        grown = replace(grown, timed_out="")
    if not grown.timed_out and grown.running and remaining(grown, grown.running, now) == 0:
        grown = replace(grown, timed_out=grown.running)
    return _next(grown)


def finish(clock: Clock, *, now: int) -> tuple[Clock, int, int]:
    """The game is over: the clock freezes. (clock, used_a, used_b) in ms."""
    if clock.finished:
        return clock, clock.used_a, clock.used_b
    settled = _settle(clock, now)
    done = _next(
        settled,
        running=None,
        since=None,
        paused=False,
        paused_for=None,
        held_side=None,
        finished=True,
    )
    return done, done.used_a, done.used_b
