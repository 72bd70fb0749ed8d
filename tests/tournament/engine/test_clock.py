"""The round clock's arithmetic: each transition, its refusals, and properties over any
sequence of pauses, resumes and extensions."""

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.engine.clock import (
    FINISHED,
    NOT_STARTED,
    PAUSED,
    RUNNING,
    Clock,
    ClockError,
    clock_extend,
    clock_pause,
    clock_resume,
    clock_start,
    duration_words,
)

T0 = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)
HOURS_3 = 3 * 3600


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_a_new_clock_shows_its_whole_length():
    clock = Clock(length_s=HOURS_3)
    assert clock.state(T0) == NOT_STARTED
    assert clock.remaining_s(T0) == HOURS_3


def test_start_runs_for_the_length_then_finishes():
    clock = clock_start(Clock(length_s=HOURS_3), T0)
    assert clock.ends_at == at(HOURS_3)
    assert clock.state(at(60)) == RUNNING
    assert clock.remaining_s(at(60)) == HOURS_3 - 60
    assert clock.state(at(HOURS_3)) == FINISHED
    assert clock.remaining_s(at(HOURS_3 + 5)) == 0


def test_start_takes_a_length_override():
    clock = clock_start(Clock(length_s=HOURS_3), T0, 150 * 60)
    assert clock.length_s == 150 * 60
    assert clock.ends_at == at(150 * 60)


def test_remaining_is_rounded_up_to_the_second():
    clock = clock_start(Clock(length_s=60), T0)
    assert clock.remaining_s(at(59.6)) == 1
    assert clock.state(at(59.6)) == RUNNING


def test_pause_keeps_the_time_left_and_resume_moves_the_end():
    clock = clock_pause(clock_start(Clock(length_s=HOURS_3), T0), at(600))
    assert clock.state(at(5000)) == PAUSED
    assert clock.remaining_s(at(5000)) == HOURS_3 - 600
    clock = clock_resume(clock, at(1200))
    assert clock.ends_at == at(HOURS_3 + 600)  # the 10 paused minutes are added
    assert clock.state(at(1200)) == RUNNING


def test_extend_adds_exactly_and_may_shorten():
    clock = clock_extend(clock_start(Clock(length_s=HOURS_3), T0), at(10), 5 * 60)
    assert clock.ends_at == at(HOURS_3 + 300)
    assert clock.length_s == HOURS_3 + 300
    clock = clock_extend(clock, at(20), -10 * 60)
    assert clock.ends_at == at(HOURS_3 - 300)


def test_extend_of_a_paused_clock_adds_to_the_time_left():
    clock = clock_pause(clock_start(Clock(length_s=HOURS_3), T0), at(600))
    clock = clock_extend(clock, at(900), 300)
    assert clock.remaining == timedelta(seconds=HOURS_3 - 600 + 300)
    assert clock.state(at(900)) == PAUSED


def test_a_finished_clock_can_be_extended_and_runs_again():
    clock = clock_start(Clock(length_s=60), T0)
    assert clock.state(at(120)) == FINISHED
    clock = clock_extend(clock, at(120), 5 * 60)
    assert clock.state(at(120)) == RUNNING
    assert clock.remaining_s(at(120)) == 4 * 60


def test_shortening_may_not_end_the_clock():
    clock = clock_start(Clock(length_s=30 * 60), T0)
    with pytest.raises(ClockError) as refused:
        clock_extend(clock, at(0), -30 * 60)
    assert (refused.value.field, refused.value.code) == ("minutes", "too_short")
    assert "at most 29 min" in refused.value.message


@pytest.mark.parametrize(
    ("prepare", "act", "code"),
    [
        (lambda c: clock_start(c, T0), lambda c: clock_start(c, at(1)), "clock_started"),
        (lambda c: c, lambda c: clock_pause(c, at(1)), "clock_not_started"),
        (lambda c: c, lambda c: clock_resume(c, at(1)), "clock_not_started"),
        (lambda c: c, lambda c: clock_extend(c, at(1), 60), "clock_not_started"),
        (lambda c: clock_start(c, T0), lambda c: clock_resume(c, at(1)), "clock_running"),
        (
            lambda c: clock_pause(clock_start(c, T0), at(1)),
            lambda c: clock_pause(c, at(2)),
            "clock_paused",
        ),
        (lambda c: clock_start(c, T0), lambda c: clock_pause(c, at(HOURS_3)), "clock_finished"),
    ],
)
def test_wrong_transitions_are_refused_with_the_state(prepare, act, code):
    clock = prepare(Clock(length_s=HOURS_3))
    with pytest.raises(ClockError) as refused:
        act(clock)
    assert refused.value.code == code
    assert refused.value.field == "action"


def test_duration_words():
    assert duration_words(HOURS_3) == "3 h 0 min"
    assert duration_words(45 * 60) == "45 min"
    assert duration_words(65 * 60 - 30) == "1 h 5 min"
    assert duration_words(0) == "0 min"


# Properties -------------------------------------------------------------------------------

steps = st.lists(
    st.tuples(
        st.sampled_from(["pause", "resume", "extend"]),
        st.integers(min_value=1, max_value=900),  # seconds since the previous step
        st.integers(min_value=-60, max_value=60).filter(bool),  # minutes for an extension
    ),
    max_size=12,
)


def _step(clock: Clock, action: str, now: datetime, minutes: int) -> tuple[Clock, str]:
    try:
        if action == "pause":
            return clock_pause(clock, now), ""
        if action == "resume":
            return clock_resume(clock, now), ""
        return clock_extend(clock, now, minutes * 60), ""
    except ClockError as refused:
        return clock, refused.code


@settings(max_examples=150, deadline=None)
@given(length_min=st.integers(min_value=30, max_value=300), steps=steps)
def test_only_running_time_and_extensions_use_up_the_clock(length_min, steps):
    """At any instant, time left = length + extensions - time spent running, whatever the
    pauses: pausing and resuming never change the total except by the paused time."""
    clock = clock_start(Clock(length_s=length_min * 60), T0)
    now, running_s, extended_s, running = T0, 0, 0, True
    for action, gap, minutes in steps:
        later = now + timedelta(seconds=gap)
        if running:
            running_s += gap
        now = later
        if clock.state(now) == FINISHED:
            break
        moved, refused = _step(clock, action, now, minutes)
        if refused:
            # Refused steps change nothing; they are refused only for the documented reasons.
            assert refused in {"clock_paused", "clock_running", "too_short"}
            continue
        clock = moved
        if action == "extend":
            extended_s += minutes * 60
        else:
            running = action == "resume"
        expected = length_min * 60 + extended_s - running_s
        assert clock.left(now) == timedelta(seconds=expected)
        assert clock.length_s == length_min * 60 + extended_s
        assert clock.state(now) == (RUNNING if running else PAUSED)


@settings(max_examples=100, deadline=None)
@given(
    length_min=st.integers(min_value=1, max_value=720),
    elapsed=st.integers(min_value=0, max_value=720 * 60),
    minutes=st.integers(min_value=1, max_value=720),
)
def test_extending_adds_exactly_the_minutes(length_min, elapsed, minutes):
    clock = clock_start(Clock(length_s=length_min * 60), T0)
    now = at(elapsed)
    before = clock.ends_at - now
    if before + timedelta(minutes=minutes) <= timedelta(0):
        # Long finished: an extension too small to reach the present is refused, not lost.
        with pytest.raises(ClockError, match="ran out"):
            clock_extend(clock, now, minutes * 60)
        return
    after = clock_extend(clock, now, minutes * 60)
    assert after.ends_at - now == before + timedelta(minutes=minutes)
    assert after.length_s == clock.length_s + minutes * 60
