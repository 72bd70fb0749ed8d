"""Which backup generations are kept, and when a copy is due (ops/backup/policy.py, pure)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from ops.backup.policy import (
    HORIZON,
    KEEP_LAST,
    WINDOW,
    copy_due,
    generation_name,
    generation_time,
    generations_kept,
)

# No deadline: on a loaded machine (the suite shares 2 cores) an example is slow, not wrong.
relaxed = settings(deadline=None)
NOW = datetime(2026, 11, 28, 15, 0, tzinfo=UTC)
# Generations over the last 14 hours (past the horizon), to the microsecond.
times = st.lists(
    st.integers(min_value=0, max_value=14 * 3600 * 10**6).map(
        lambda us: NOW - timedelta(microseconds=us)
    ),
    unique=True,
    max_size=120,
)


def _window(at: datetime) -> int:
    return int(at.timestamp() // WINDOW.total_seconds())


def test_the_policy_is_the_last_five_and_one_per_ten_minutes_for_twelve_hours():
    assert KEEP_LAST == 5
    assert WINDOW.total_seconds() == 600
    assert HORIZON.total_seconds() == 12 * 3600


def test_names_carry_the_time_and_read_back():
    at = datetime(2026, 11, 28, 9, 5, 7, 123456, tzinfo=UTC)
    assert generation_name(at) == "strategium-20261128T090507.123456Z"
    assert generation_time(generation_name(at)) == at
    assert generation_time("strategium-garbage") is None
    assert generation_time(".tmp-strategium-20261128T090507.123456Z") is None


def test_a_busy_afternoon_keeps_the_last_five_and_the_first_of_each_window():
    # One copy every 3 s for 25 minutes: 500 copies.
    made = [NOW - timedelta(seconds=3 * i) for i in range(500)]
    kept = generations_kept(made, now=NOW)
    assert set(sorted(made)[-5:]) <= kept
    firsts = {}
    for at in sorted(made):
        firsts.setdefault(_window(at), at)
    assert kept == set(sorted(made)[-5:]) | set(firsts.values())
    assert len(kept) == 5 + 3  # from 14:35, from 14:40, from 14:50; 15:00's is a last five


@relaxed
@given(times)
def test_the_newest_are_always_kept_and_nothing_is_invented(made):
    kept = generations_kept(made, now=NOW)
    assert kept <= set(made)
    assert set(sorted(made)[-KEEP_LAST:]) <= kept
    assert len(kept) <= KEEP_LAST + HORIZON // WINDOW + 1


@relaxed
@given(times)
def test_every_window_within_the_horizon_keeps_one(made):
    kept = generations_kept(made, now=NOW)
    recent = [t for t in made if t >= NOW - HORIZON]
    for window in {_window(t) for t in recent}:
        assert any(_window(t) == window for t in kept)
    old = [t for t in kept if t < NOW - HORIZON]
    assert set(old) <= set(sorted(made)[-KEEP_LAST:])


@relaxed
@given(times)
def test_pruning_again_deletes_nothing_more(made):
    kept = generations_kept(made, now=NOW)
    assert generations_kept(kept, now=NOW) == kept


@relaxed
@given(times, st.integers(min_value=1, max_value=50), st.integers(min_value=0, max_value=3600))
def test_a_window_representative_stays_while_within_the_horizon(made, later, wait_s):
    """Copies made later never push out the copy that stands for an earlier window."""
    kept = generations_kept(made, now=NOW)
    now2 = NOW + timedelta(seconds=wait_s)
    newer = [NOW + timedelta(seconds=wait_s * i / later) for i in range(1, later + 1)]
    kept2 = generations_kept(kept | set(newer), now=now2)
    firsts: dict[int, datetime] = {}
    for at in sorted(made):
        firsts.setdefault(_window(at), at)
    for at in firsts.values():
        if at >= now2 - HORIZON:
            assert at in kept2


def test_a_copy_is_due_only_after_a_change_and_the_gap():
    assert copy_due(changed=True, last_copy=None, now=100.0, min_gap=2.0)
    assert not copy_due(changed=False, last_copy=None, now=100.0, min_gap=2.0)
    assert not copy_due(changed=True, last_copy=99.0, now=100.0, min_gap=2.0)
    assert copy_due(changed=True, last_copy=98.0, now=100.0, min_gap=2.0)
