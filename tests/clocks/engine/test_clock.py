"""The game clock's engine: moves, versions, pauses, time-outs; and, whatever the moves at
whatever times, each side's used time plus its remaining time is its budget."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clocks.engine.clock import (
    ClockError,
    StaleClock,
    add_time,
    finish,
    new_clock,
    out_of_time,
    pass_turn,
    pause,
    remaining,
    resume,
    start,
    used,
)
from common.errors import RuleError

MIN = 60_000


def test_start_runs_the_askers_side_and_pass_runs_the_other():
    clock = start(new_clock(90 * MIN), "b", version=0, now=1_000)
    assert (clock.running, clock.version, clock.started) == ("b", 1, True)
    assert remaining(clock, "b", 61_000) == 89 * MIN
    assert remaining(clock, "a", 61_000) == 90 * MIN
    clock = pass_turn(clock, "b", version=1, now=61_000)
    assert (clock.running, clock.used_b, clock.version) == ("a", MIN, 2)
    assert remaining(clock, "a", 71_000) == 90 * MIN - 10_000


def test_a_stale_version_is_refused_and_names_the_version():
    clock = start(new_clock(MIN), "a", version=0, now=0)
    with pytest.raises(StaleClock) as caught:
        pass_turn(clock, "a", version=0, now=10)
    assert isinstance(caught.value, RuleError)
    assert (caught.value.code, caught.value.field) == ("stale_clock", "version")


def test_only_the_running_side_passes_and_start_happens_once():
    clock = start(new_clock(MIN), "a", version=0, now=0)
    with pytest.raises(ClockError) as caught:
        pass_turn(clock, "b", version=1, now=5)
    assert caught.value.code == "not_your_clock"
    with pytest.raises(ClockError) as caught:
        start(clock, "b", version=1, now=5)
    assert caught.value.code == "already_started"
    with pytest.raises(ClockError):
        start(new_clock(MIN), "c", version=0, now=0)


def test_a_pause_keeps_the_running_side_and_counts_nothing_while_paused():
    clock = start(new_clock(10 * MIN), "a", version=0, now=0)
    clock = pause(clock, version=1, now=30_000, reason="judge_call")
    assert (clock.running, clock.paused, clock.paused_for, clock.used_a) == (
        None,
        True,
        "judge_call",
        30_000,
    )
    assert remaining(clock, "a", 500_000) == 10 * MIN - 30_000
    with pytest.raises(ClockError) as caught:
        resume(clock, version=2, now=40_000)
    assert caught.value.code == "held"
    clock = resume(clock, version=2, now=90_000, reason="judge_call")
    assert (clock.running, clock.since, clock.paused_for) == ("a", 90_000, None)
    assert used(clock, "a", 100_000) == 40_000


def test_a_players_pause_is_resumed_by_either_player():
    clock = pause(start(new_clock(MIN), "b", version=0, now=0), version=1, now=10)
    assert clock.paused_for is None
    assert resume(clock, version=2, now=20).running == "b"


def test_a_side_at_zero_is_out_of_time_and_the_game_goes_on():
    clock = start(new_clock(MIN), "a", version=0, now=0)
    assert out_of_time(clock, MIN - 1) == ""
    assert out_of_time(clock, MIN + 5_000) == "a"
    assert remaining(clock, "a", 2 * MIN) == 0
    clock = pass_turn(clock, "a", version=1, now=2 * MIN)
    assert (clock.timed_out, clock.used_a, clock.running) == ("a", MIN, "b")


def test_added_time_reaches_both_sides_and_lifts_a_time_out():
    clock = pass_turn(start(new_clock(MIN), "a", version=0, now=0), "a", version=1, now=2 * MIN)
    clock = add_time(clock, 5 * MIN, version=2, now=2 * MIN)
    assert clock.timed_out == ""
    assert remaining(clock, "a", 3 * MIN) == 5 * MIN
    assert remaining(clock, "b", 3 * MIN) == 6 * MIN - MIN


def test_finish_freezes_the_clock_and_gives_the_used_times():
    clock = pass_turn(start(new_clock(MIN), "a", version=0, now=0), "a", version=1, now=1_000)
    done, used_a, used_b = finish(clock, now=3_500)
    assert (used_a, used_b, done.running, done.finished) == (1_000, 2_500, None, True)
    with pytest.raises(ClockError) as caught:
        pause(done, version=done.version, now=4_000)
    assert caught.value.code == "clock_finished"
    assert finish(done, now=9_999) == (done, 1_000, 2_500)


MOVES = st.lists(
    st.tuples(
        st.sampled_from(["start", "pass", "pause", "resume", "add", "stale"]),
        st.sampled_from(["a", "b"]),
        st.integers(min_value=0, max_value=20 * MIN),  # time since the previous move
        st.sampled_from([None, "judge_call", "staff"]),
    ),
    max_size=40,
)


def _apply(clock, move, side, now, reason):
    if move == "start":
        return start(clock, side, version=clock.version, now=now)
    if move == "pass":
        return pass_turn(clock, side, version=clock.version, now=now)
    if move == "pause":
        return pause(clock, version=clock.version, now=now, reason=reason)
    if move == "resume":
        return resume(clock, version=clock.version, now=now, reason=reason)
    if move == "add":
        return add_time(clock, 3 * MIN, version=clock.version, now=now)
    return pass_turn(clock, side, version=clock.version - 1, now=now)


@given(st.integers(min_value=0, max_value=120 * MIN), MOVES)
def test_used_plus_remaining_is_the_budget_whatever_the_moves(budget, moves):
    clock, now = new_clock(budget), 1_700_000_000_000
    for move, side, gap, reason in moves:
        before = clock
        now += gap
        try:
            clock = _apply(clock, move, side, now, reason)
        except ClockError:
            assert clock == before  # a refused move (a stale one too) changes nothing
            continue
        assert clock.version == before.version + 1
        for s in ("a", "b"):
            # The move itself neither loses nor adds time: what was used at that instant
            # is still used after it.
            assert used(clock, s, now) == used(before, s, now)
            assert used(clock, s, now) + remaining(clock, s, now) == clock.budget
            later = now + gap
            assert used(clock, s, later) + remaining(clock, s, later) == clock.budget
            assert remaining(clock, s, later) >= 0


@given(
    st.lists(st.integers(min_value=0, max_value=5 * MIN), min_size=1, max_size=12),
    st.lists(st.integers(min_value=0, max_value=5 * MIN), min_size=1, max_size=12),
)
def test_pauses_neither_lose_nor_double_count_time(runs, pauses):
    """Running for the given spans with pauses between them uses exactly their sum."""
    budget = 10_000 * MIN
    clock = start(new_clock(budget), "a", version=0, now=0)
    now = 0
    for run, held in zip(runs, pauses, strict=False):
        now += run
        clock = pause(clock, version=clock.version, now=now, reason="staff")
        now += held
        clock = resume(clock, version=clock.version, now=now, reason="staff")
    spent = sum(runs[: len(pauses)])
    assert used(clock, "a", now) == spent
    assert used(clock, "b", now) == 0
    assert remaining(clock, "a", now) == budget - spent
