"""The floor's pure arithmetic: queue order, waiting times, a table's state, the median."""

import itertools
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from statistics import median

from hypothesis import given
from hypothesis import strategies as st

from floor.engine.floor import (
    QueuedCall,
    TableFacts,
    duration_words,
    median_seconds,
    queue_order,
    table_glance,
    waiting_seconds,
    waiting_words,
)

T0 = datetime(2026, 11, 28, 14, 0, tzinfo=UTC)


def test_queue_is_oldest_first_without_resolved_calls():
    calls = [
        QueuedCall(3, T0 + timedelta(minutes=2), "open"),
        QueuedCall(1, T0, "resolved"),
        QueuedCall(2, T0 + timedelta(minutes=1), "claimed"),
        QueuedCall(5, T0, "open"),
        QueuedCall(4, T0, "open"),
    ]
    assert [c.id for c in queue_order(calls)] == [4, 5, 2, 3]


def test_waiting_seconds_and_words():
    assert waiting_seconds(T0, T0 + timedelta(minutes=4, seconds=59)) == 299
    assert waiting_seconds(T0, T0 - timedelta(seconds=3)) == 0  # another clock a moment behind
    assert waiting_words(0) == "just now"
    assert waiting_words(59) == "just now"
    assert waiting_words(299) == "4 min"
    assert waiting_words(3600) == "1 h"
    assert waiting_words(3900) == "1 h 5 min"


def test_table_states():
    assert table_glance(TableFacts()).state == "not_started"
    assert table_glance(TableFacts(started=True)).state == "playing"
    assert table_glance(TableFacts(started=True, result_status="pending")).state == (
        "result_entered"
    )
    assert table_glance(TableFacts(result_status="confirmed")).words == "confirmed"
    disputed = table_glance(TableFacts(result_status="disputed", called=True, extra_minutes=10))
    assert (disputed.state, disputed.called, disputed.extended) == ("disputed", True, True)
    bye = table_glance(TableFacts(bye=True, result_status="confirmed", called=True))
    assert (bye.state, bye.called, bye.extended) == ("bye", False, False)


def test_median_exact():
    assert median_seconds([]) is None
    assert median_seconds([30]) == 30
    assert median_seconds([10, 40, 20]) == 20
    assert median_seconds([10, 41]) == Fraction(51, 2)
    assert duration_words(Fraction(51, 2)) == "26 s"
    assert duration_words(210) == "3 min 30 s"
    assert duration_words(180) == "3 min"
    assert duration_words(3720) == "1 h 2 min"


@given(st.lists(st.integers(min_value=0, max_value=10**6), max_size=50))
def test_median_matches_the_definition(durations):
    found = median_seconds(durations)
    if not durations:
        assert found is None
        return
    assert isinstance(found, Fraction)
    assert found == median([Fraction(d) for d in durations])
    below = sum(1 for d in durations if d < found)
    above = sum(1 for d in durations if d > found)
    assert below <= len(durations) // 2
    assert above <= len(durations) // 2


calls = st.lists(
    st.builds(
        QueuedCall,
        id=st.integers(min_value=1, max_value=10**6),
        called_at=st.integers(min_value=0, max_value=10**5).map(
            lambda s: T0 + timedelta(seconds=s)
        ),
        status=st.sampled_from(["open", "claimed", "resolved"]),
    ),
    unique_by=lambda c: c.id,
    max_size=40,
)


@given(calls)
def test_queue_holds_every_unresolved_call_once_in_time_order(found):
    queue = queue_order(found)
    assert {c.id for c in queue} == {c.id for c in found if c.status != "resolved"}
    assert all((a.called_at, a.id) < (b.called_at, b.id) for a, b in itertools.pairwise(queue))


@given(
    st.booleans(),
    st.sampled_from(["", "pending", "confirmed", "disputed"]),
    st.booleans(),
    st.booleans(),
    st.integers(min_value=0, max_value=60),
)
def test_a_result_always_decides_the_state(bye, status, started, called, extra):
    glance = table_glance(TableFacts(bye, status, started, called, extra))
    if bye:
        assert glance.state == "bye"
    elif status:
        assert glance.state != "playing"
        assert glance.state != "not_started"
    else:
        assert glance.state == ("playing" if started else "not_started")
    assert glance.extended == (extra > 0 and not bye)
    assert glance.called == (called and not bye)


@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=10**6))
def test_waiting_never_negative_and_exact(a, b):
    seconds = waiting_seconds(T0 + timedelta(seconds=a), T0 + timedelta(seconds=b))
    assert seconds == max(0, b - a)
