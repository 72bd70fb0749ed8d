"""A page is computed once per change across every reader (single flight), never once per
reader; the public may be given the previous computation meanwhile, never one over 5 s old.
Threads stand for the readers; the clock and the pause between looks are replaced, so nothing
here sleeps."""

import threading

import pytest

from tournament.caching import cached
from tournament.caching.cached import LAG_S, MAX_LAG_S, WAIT_S, event_computed

READERS = 12


class Slow:
    """A computation that holds until released, counting how often it ran."""

    def __init__(self, value) -> None:
        self.value = value
        self.runs = 0
        self.started = threading.Event()
        self.release = threading.Event()
        self.lock = threading.Lock()

    def __call__(self):
        with self.lock:
            self.runs += 1
        self.started.set()
        assert self.release.wait(10)
        return self.value


def _read(revision: int, compute, *, exact: bool):
    return event_computed(
        event_id=7, name="standings", variant="x", revision=revision, compute=compute, exact=exact
    )


def _in_threads(target, count: int) -> list:
    answers: list = [None] * count

    def run(i: int) -> None:
        answers[i] = target()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    return answers, threads


def test_exact_readers_after_a_change_compute_once(monkeypatch, clock):
    _read(1, lambda: "old", exact=True)
    slow = Slow("new")
    waiting = threading.Semaphore(0)

    def pause(_seconds) -> None:
        waiting.release()  # a reader found the computation under way and waits for it
        assert slow.release.wait(10)

    monkeypatch.setattr(cached, "pause", pause)
    answers, threads = _in_threads(lambda: _read(2, slow, exact=True), READERS)
    for _ in range(READERS - 1):
        assert waiting.acquire(timeout=10)  # every other reader waits, none computes
    slow.release.set()
    for t in threads:
        t.join(10)
    assert slow.runs == 1
    assert {(a.value, a.revision) for a in answers} == {("new", 2)}


def test_public_readers_take_the_previous_one_while_it_is_computed(monkeypatch, clock):
    _read(1, lambda: "old", exact=False)
    clock[0] += LAG_S + 1  # too old to skip computing: the first reader computes
    slow = Slow("new")
    computing, threads = _in_threads(lambda: _read(2, slow, exact=False), 1)
    assert slow.started.wait(10)
    monkeypatch.setattr(cached, "pause", lambda _s: pytest.fail("a public reader waited"))
    others = [_read(2, slow, exact=False) for _ in range(READERS)]
    assert {(a.value, a.revision, a.as_of) for a in others} == {("old", 1, 1_000_000.0)}
    slow.release.set()
    threads[0].join(10)
    assert computing[0].value == "new"
    assert _read(2, slow, exact=False).value == "new"
    assert slow.runs == 1


def test_within_lag_s_the_public_is_not_even_made_to_compute(clock):
    _read(1, lambda: "old", exact=False)
    clock[0] += LAG_S - 0.1
    answer = _read(5, lambda: pytest.fail("computed again"), exact=False)
    assert (answer.value, answer.revision) == ("old", 1)
    assert answer.trails(5)
    clock[0] += 0.2
    assert _read(5, lambda: "new", exact=False).value == "new"


def test_the_public_never_gets_a_computation_over_max_lag_s_old(monkeypatch, clock):
    _read(1, lambda: "old", exact=False)
    clock[0] += MAX_LAG_S + 1
    slow = Slow("new")
    _answers, threads = _in_threads(lambda: _read(2, slow, exact=False), 1)
    assert slow.started.wait(10)
    waited = []

    def pause(_seconds) -> None:
        waited.append(1)
        slow.release.set()
        threads[0].join(10)

    monkeypatch.setattr(cached, "pause", pause)
    answer = _read(2, slow, exact=False)
    assert waited  # too old to give: it waited for the new one
    assert (answer.value, answer.revision) == ("new", 2)
    assert slow.runs == 1


def test_a_reader_waits_at_most_wait_s_for_a_computation_that_never_ends(monkeypatch, clock):
    _read(1, lambda: "old", exact=True)
    from django.core.cache import cache

    cache.add("event:7:computing:standings:x", "a process that died", 60)

    def pause(seconds) -> None:
        clock[0] += seconds * 50

    monkeypatch.setattr(cached, "pause", pause)
    answer = _read(2, lambda: "new", exact=True)
    assert (answer.value, answer.revision) == ("new", 2)
    assert clock[0] - 1_000_000.0 <= WAIT_S + 1


def test_the_public_polls_without_asking_the_shared_cache_while_lag_s_allows(monkeypatch, clock):
    _read(1, lambda: "old", exact=False)
    asked = []
    shared = cached.cache

    class Counting:
        def __getattr__(self, name):
            asked.append(name)
            return getattr(shared, name)

    monkeypatch.setattr(cached, "cache", Counting())
    for revision in (2, 3, 4):  # entries arrive; the page given a moment ago still holds
        clock[0] += 0.5
        assert _read(revision, lambda: pytest.fail("computed"), exact=False).value == "old"
    assert asked == []
    clock[0] += LAG_S
    assert _read(5, lambda: "new", exact=False).value == "new"
    assert asked  # too old now: it looked, and computed
