"""Computed pages of an event, once per change: cached under the event's revision.

Standings and a round's games are read hundreds of times between two changes. The first reader
after a change computes them; the rest get the cached copy (Redis when configured, so every
process on every machine shares one copy; the local or file cache otherwise). The key holds the
revision, so a change needs no invalidation: the next reader simply asks for a new key. The
same revision gives each answer its ETag, so a phone that polls gets 304 and no body.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache

from tournament.models import Event
from tournament.services.revision import event_revision

T = TypeVar("T")
# Old revisions are never asked for again; they only need to leave the cache eventually.
TTL_S = 60 * 60


class _Recent:
    """The last few computed answers in this process. A key names its revision, so a kept
    value can never be stale: this saves fetching (and unpickling) the shared copy on every
    request while phones poll the same standings."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[str, object] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str):
        with self.lock:
            if key in self.items:
                self.items.move_to_end(key)
                return self.items[key]
        return None

    def put(self, key: str, value) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)


RECENT = _Recent(64)


def event_cached(
    *, event: Event, name: str, variant, compute: Callable[[], T], revision: int | None = None
) -> T:
    """compute(), or its copy for this event revision and variant.

    The revision is read before compute() reads any data (pass it when already read, first)."""
    if revision is None:
        revision = event_revision(event_id=event.pk)
    key = f"event:{event.pk}:r{revision}:{name}:{variant}"
    value = RECENT.get(key)
    if value is None:
        value = cache.get(key)
        if value is None:
            value = compute()
            cache.set(key, value, TTL_S)
        RECENT.put(key, value)
    return value


def event_etag(*, event: Event, revision: int, name: str, variant) -> str:
    """A strong ETag that changes with every change the event shows."""
    return f'"{event.pk}-{revision}-{name}-{variant}"'


def standings_cached(
    *,
    event: Event,
    as_of_round: int | None = None,
    provisional: bool = False,
    revision: int | None = None,
):
    """standings_compute once per revision (and round, and provisional or not)."""
    from tournament.services.standings import standings_compute  # noqa: PLC0415 - a reader

    return event_cached(
        event=event,
        name="standings",
        variant=f"{as_of_round}:{int(provisional)}",
        revision=revision,
        compute=lambda: standings_compute(
            event=event, as_of_round=as_of_round, provisional=provisional
        ),
    )


def standings_status_cached(
    *, event: Event, as_of_round: int | None = None, revision: int | None = None
):
    from tournament.services.progress import standings_status  # noqa: PLC0415 - a reader

    return event_cached(
        event=event,
        name="status",
        variant=as_of_round,
        revision=revision,
        compute=lambda: standings_status(event=event, as_of_round=as_of_round),
    )
