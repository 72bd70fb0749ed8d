"""A change feed: many subscribers, one poller per process.

A thousand phones each waiting for their own game's clock must not mean a thousand database
queries a second. The feed asks its `poll` function for what changed since the last ask, every
`interval` seconds while anyone listens, and hands each subscriber the newest payload of the key
it follows. A subscriber that has not read yet keeps only the newest payload (a clock's state
replaces the last one: nothing is lost by skipping), and a payload is passed on only when its
version is newer than the last one passed for that key, so rows read twice (the poll looks a
little into the past to catch late commits) are sent once.

Pure asyncio: the poll function is the only link to the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

# (key, version, payload) for each row that changed.
Change = tuple[Hashable, int, object]
Poll = Callable[[], Awaitable[list[Change]]]


@dataclass(eq=False)
class _Follower:
    key: Hashable
    newest: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=1))


class ChangeFeed:
    def __init__(self, poll: Poll, *, interval: float = 0.2) -> None:
        self.poll = poll
        self.interval = interval
        self.followers: dict[Hashable, set[_Follower]] = {}
        self.latest: dict[Hashable, tuple[int, object]] = {}
        self.task: asyncio.Task | None = None
        self.polls = 0

    def publish(self, changes: list[Change]) -> int:
        """Hand each follower of a changed key its newest payload; returns how many were handed."""
        handed = 0
        for key, version, payload in changes:
            if key not in self.followers or version <= self.latest.get(key, (-1, None))[0]:
                continue
            self.latest[key] = (version, payload)
            for follower in self.followers.get(key, ()):
                if follower.newest.full():
                    follower.newest.get_nowait()  # the older state is superseded
                follower.newest.put_nowait(payload)
                handed += 1
        return handed

    async def _run(self) -> None:
        while self.followers:
            try:
                self.publish(await self.poll())
            except Exception:  # a failed poll (database busy, restarting) is tried next tick
                log.warning("push feed: a poll failed", exc_info=True)
            self.polls += 1
            await asyncio.sleep(self.interval)
        self.task = None

    def _ensure_running(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())

    @contextlib.asynccontextmanager
    async def follow(self, key: Hashable, *, version: int = -1) -> AsyncIterator[asyncio.Queue]:
        """Follow `key` from `version` (what the subscriber already has): yields a queue whose
        items are the key's newer payloads."""
        follower = _Follower(key)
        known, payload = self.latest.get(key, (-1, None))
        if known > version:
            # The feed passed on a newer state while the subscriber read its first one.
            follower.newest.put_nowait(payload)
        else:
            self.latest[key] = (version, None)
        self.followers.setdefault(key, set()).add(follower)
        self._ensure_running()
        try:
            yield follower.newest
        finally:
            followers = self.followers.get(key)
            if followers is not None:
                followers.discard(follower)
                if not followers:
                    del self.followers[key]
                    self.latest.pop(key, None)
