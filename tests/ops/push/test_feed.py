"""The change feed: one poll a tick for any number of subscribers, each handed the newest state
of what it follows, once per version, never an older one."""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from ops.push.feed import ChangeFeed
from tests.helpers import run_async


def run(coro):
    return run_async(coro)


def test_a_thousand_followers_cost_one_poll_a_tick():
    async def go():
        polls = []

        async def poll():
            polls.append(1)
            return [(7, len(polls), {"version": len(polls)})]

        feed = ChangeFeed(poll, interval=0.001)
        seen = [[] for _ in range(1000)]

        async def follower(i):
            async with feed.follow(7, version=0) as queue:
                while len(seen[i]) < 3:
                    seen[i].append((await queue.get())["version"])

        await asyncio.gather(*(follower(i) for i in range(1000)))
        return polls, seen

    polls, seen = run(go())
    # Every follower saw states in increasing order; the polls did not grow with the followers.
    assert all(s == sorted(set(s)) for s in seen)
    assert len(polls) < 100


def test_rows_read_twice_are_handed_once_and_older_ones_never():
    async def go():
        feed = ChangeFeed(lambda: None)  # not polled: publish by hand
        async with feed.follow("g", version=3) as queue:
            assert feed.publish([("g", 3, "old"), ("g", 2, "older")]) == 0
            assert feed.publish([("g", 4, "new"), ("g", 4, "new again")]) == 1
            got = queue.get_nowait()
            assert queue.empty()
            assert feed.publish([("other", 9, "not followed")]) == 0
            return got

    assert run(go()) == "new"


def test_a_slow_reader_gets_the_newest_state_only():
    async def go():
        feed = ChangeFeed(lambda: None)
        async with feed.follow("g", version=0) as queue:
            for v in range(1, 6):
                feed.publish([("g", v, f"state {v}")])
            return [queue.get_nowait() for _ in range(queue.qsize())]

    assert run(go()) == ["state 5"]


def test_a_follower_joining_behind_the_feed_gets_what_it_missed():
    async def go():
        feed = ChangeFeed(lambda: None)
        async with feed.follow("g", version=1):
            feed.publish([("g", 2, "two")])
            # A second phone read version 1 from the database while the feed passed on 2.
            async with feed.follow("g", version=1) as late:
                return late.get_nowait()

    assert run(go()) == "two"


def test_the_poller_stops_when_nobody_listens_and_a_failed_poll_is_tried_again():
    async def go():
        calls = []

        async def poll():
            calls.append(1)
            if len(calls) == 1:
                raise OSError("database is locked")
            return [("g", len(calls), len(calls))]

        feed = ChangeFeed(poll, interval=0.001)
        async with feed.follow("g", version=0) as queue:
            got = await asyncio.wait_for(queue.get(), 1)
        await asyncio.sleep(0.01)
        return got, feed.task, feed.followers, feed.latest

    got, task, followers, latest = run(go())
    assert got >= 2
    assert task is None
    assert followers == {}
    assert latest == {}


@settings(deadline=None)  # an event loop per example: slow on a loaded machine, not wrong
@given(st.lists(st.tuples(st.sampled_from("ab"), st.integers(0, 20)), max_size=40))
def test_handed_versions_only_grow(changes):
    async def go():
        feed = ChangeFeed(lambda: None)
        handed = {"a": [], "b": []}
        async with feed.follow("a", version=0) as qa, feed.follow("b", version=0) as qb:
            for key, version in changes:
                feed.publish([(key, version, version)])
                for k, q in (("a", qa), ("b", qb)):
                    while not q.empty():
                        handed[k].append(q.get_nowait())
        return handed

    handed = run(go())
    for key, versions in handed.items():
        assert versions == sorted(set(versions))
        expected = [v for k, v in changes if k == key and v > 0]
        assert versions == sorted(set(versions))
        assert (max(expected) if expected else None) == (versions[-1] if versions else None)
