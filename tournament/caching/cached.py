"""Computed pages of an event, once per change: cached under the event's revision.

Standings and a round's games are read hundreds of times between two changes. The key holds the
revision (services/revision.py), so a change needs no invalidation: the next reader simply asks
for a new key. The same revision gives each answer its ETag, so a phone that polls gets 304 and
no body. The cache is Redis when configured, so every process on every machine shares one copy.

At the end of a round the revision moves several times a second while hundreds of phones poll.
Two rules keep that cheap:

- Single flight: a page is computed by one reader at a time across every process (a lock taken
  with cache.add), never by each reader that finds the new key missing. The others wait for it,
  or, if they may, take the previous computation.
- The public may trail: a public read (`exact=False`) takes the newest computation while it is
  at most LAG_S old even if the data has moved on since, and while another reader computes a
  newer one. A confirmed result therefore reaches the public standings within LAG_S plus one
  computation (the goal: 5 s), and a page is computed at most once per LAG_S however fast
  results arrive. Each answer says as of when it holds (`Computed.as_of`). Organisers and
  judges read exactly (`exact=True`): they wait for the computation of the newest revision.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.core.cache import cache

from common.i18n import current_language
from ops.installation import installation_id
from tournament.caching.revision import event_revision, event_revisions
from tournament.caching.store import record_public, refreshing
from tournament.models import Event

# Old revisions are never asked for again; they only need to leave the cache eventually.
TTL_S = 60 * 60
# How old a computation the public may be given while the data has moved on: with one
# computation's time on top, a confirmed result shows within 5 s.
LAG_S = 2.0
# The public never gets a computation older than this, even while a newer one is computed.
MAX_LAG_S = 5.0
# A computation's lock frees itself after this, should its process die while computing.
LOCK_S = 30
# A reader waits this long at most for another's computation, then computes itself.
WAIT_S = 10.0
# Between two looks at whether the computation waited for has finished.
POLL_S = 0.02

# The clock and the pause between looks, replaced by the tests (no sleeps there).
clock: Callable[[], float] = time.time
pause: Callable[[float], None] = time.sleep


@dataclass(frozen=True)
class Computed:
    """A computed page and the data it holds: every change up to `revision`, read at `as_of`
    (seconds since the epoch)."""

    value: Any
    revision: int
    as_of: float

    def trails(self, revision: int) -> bool:
        """Whether this holds less than `revision`, the newest the reader saw."""
        return self.revision < revision

    def as_of_for(self, revision: int) -> datetime:
        """As of when an answer holds: now when it holds the newest revision, else the moment
        its data was read."""
        return datetime.fromtimestamp(self.as_of if self.trails(revision) else clock(), UTC)


class _Recent:
    """The last few computed answers in this process. A key names its revision, so a kept
    value can never be stale: this saves fetching (and unpickling) the shared copy on every
    request while phones poll the same standings. Keys also name the database (its
    installation id, as the shared cache's do): a database recreated under a running process
    numbers its revisions again, and must not be given the old one's pages."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[str, object] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str):
        key = f"{installation_id()}:{key}"
        with self.lock:
            if key in self.items:
                self.items.move_to_end(key)
                return self.items[key]
        return None

    def put(self, key: str, value) -> None:
        key = f"{installation_id()}:{key}"
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


RECENT = _Recent(256)


def _key(event_id: int, revision: int, name: str, variant) -> str:
    return f"event:{event_id}:r{revision}:{name}:{variant}"


def _stored(key: str) -> Computed | None:
    found = RECENT.get(key)
    if found is None:
        found = cache.get(key)
        if not isinstance(found, Computed):  # absent, or left by an older version of the app
            return None
        RECENT.put(key, found)
    return found


def _newest(event_id: int, name: str, variant) -> Computed | None:
    """The newest computation of this page, whatever its revision (the shared pointer names
    its revision; the value itself is read like any other)."""
    pointer = cache.get(f"event:{event_id}:newest:{name}:{variant}")
    if pointer is None:
        return None
    return _stored(_key(event_id, pointer, name, variant))


def _store(event_id: int, name: str, variant, computed: Computed) -> None:
    key = _key(event_id, computed.revision, name, variant)
    cache.set(key, computed, TTL_S)
    RECENT.put(key, computed)
    newest = f"event:{event_id}:newest:{name}:{variant}"
    # Computations of one page run one at a time (the lock), so this read-then-write only races
    # with a reader that gave up waiting: at worst the pointer names an older, still true page.
    if (cache.get(newest) or 0) < computed.revision:
        cache.set(newest, computed.revision, TTL_S)


def _trailing(newest: Computed | None, revision: int, *, limit: float | None) -> Computed | None:
    """`newest` if it holds `revision` (or later), or is at most `limit` seconds old."""
    if newest is None:
        return None
    if newest.revision >= revision or (limit is not None and clock() - newest.as_of <= limit):
        return newest
    return None


def event_computed(
    *,
    event_id: int,
    name: str,
    variant,
    compute: Callable[[], Any],
    revision: int,
    exact: bool = True,
    single_flight: bool = True,
) -> Computed:
    """compute() for this event revision and variant, computed once across every process.

    `exact=False` (a public read) may answer an older computation (see the module's doc); the
    answer's `revision` and `as_of` say which. `single_flight=False`, for a computation cheaper
    than waiting for another reader's: whoever misses computes. The revision is read before
    compute() reads any data."""
    # What this process last gave the public for this page: while that obeys the same rule as
    # the shared copy (it holds the revision, or is at most LAG_S old), the public is given it
    # without asking the shared cache at all, which at the end of a round, with a new revision
    # for each entry, would be a miss and a second look-up for every poll.
    given = f"public:{event_id}:{name}:{variant}"
    # The refresher makes what the public is given next: from the newest data.
    exact = exact or refreshing()
    if not exact:
        last = _trailing(RECENT.get(given), revision, limit=LAG_S)
        if last is not None:
            record_public(last.as_of if last.trails(revision) else clock())
            return last
    if single_flight:
        found = _found(event_id, name, variant, compute, revision, exact=exact)
    else:
        key = _key(event_id, revision, name, variant)
        found = _stored(key) or _compute(event_id, name, variant, compute, revision)
    if not exact:
        RECENT.put(given, found)
        # As of when the answer holds: now if it holds the revision read, else when it was read.
        record_public(found.as_of if found.trails(revision) else clock())
    return found


def _found(event_id: int, name: str, variant, compute, revision: int, *, exact: bool):
    found = _stored(_key(event_id, revision, name, variant))
    if found is not None:
        return found
    # A newer computation than the revision read (another reader was quicker) is as good; the
    # public may also take one at most LAG_S old.
    recent = _trailing(_newest(event_id, name, variant), revision, limit=None if exact else LAG_S)
    if recent is not None:
        return recent
    return _single_flight(event_id, name, variant, compute, revision, exact=exact)


def _single_flight(event_id: int, name: str, variant, compute, revision: int, *, exact: bool):
    """Compute under the page's lock, or wait for the reader who holds it (the public may take
    the previous computation instead, while it is at most MAX_LAG_S old)."""
    key = _key(event_id, revision, name, variant)
    lock = f"event:{event_id}:computing:{name}:{variant}"
    deadline = clock() + WAIT_S
    while True:
        token = uuid.uuid4().hex
        if cache.add(lock, token, LOCK_S):
            try:
                # Computed by the reader we waited for, if any; else ours to compute.
                return _stored(key) or _compute(event_id, name, variant, compute, revision)
            finally:
                if cache.get(lock) == token:
                    cache.delete(lock)
        limit = None if exact else MAX_LAG_S
        found = _trailing(_newest(event_id, name, variant), revision, limit=limit)
        if found is None and clock() > deadline:
            # The computing reader is slow or gone: do not wait longer than a phone would.
            found = _compute(event_id, name, variant, compute, revision)
        if found is not None:
            return found
        pause(POLL_S)


def _compute(event_id: int, name: str, variant, compute, revision: int) -> Computed:
    as_of = clock()  # before reading: the data is at least as new as this moment
    computed = Computed(value=compute(), revision=revision, as_of=as_of)
    _store(event_id, name, variant, computed)
    return computed


def event_cached(
    *, event: Event, name: str, variant, compute: Callable[[], Any], revision: int | None = None
):
    """compute(), or its copy for this event revision and variant (exact, computed once).

    The revision is read before compute() reads any data (pass it when already read, first)."""
    if revision is None:
        revision = event_revision(event_id=event.pk)
    return event_computed(
        event_id=event.pk, name=name, variant=variant, compute=compute, revision=revision
    ).value


def event_etag(*, event: Event, revision: int, name: str, variant) -> str:
    """A strong ETag that changes with every change the event shows, and with the language the
    answer is in (a reader who switches language must not be told their copy is current)."""
    return f'"{event.pk}-{revision}-{name}-{variant}-{current_language()}"'


def standings_revision_for(*, event: Event, provisional: bool) -> int:
    """The revision published standings are keyed by; provisional ones count every entry."""
    revisions = event_revisions(event_id=event.pk)
    return revisions.event if provisional else revisions.standings


def standings_computed(
    *,
    event: Event,
    as_of_round: int | None = None,
    provisional: bool = False,
    revision: int | None = None,
    exact: bool = True,
) -> Computed:
    """standings_compute once per change that can move them (and round, and provisional or
    not): the published ones per standings revision, the provisional ones per event revision."""
    from tournament.services.standings.standings import standings_compute  # noqa: PLC0415 - a reader

    if revision is None:
        revision = standings_revision_for(event=event, provisional=provisional)
    return event_computed(
        event_id=event.pk,
        name="standings",
        variant=f"{as_of_round}:{int(provisional)}",
        revision=revision,
        exact=exact or provisional,
        compute=lambda: standings_compute(
            event=event, as_of_round=as_of_round, provisional=provisional
        ),
    )


def standings_cached(
    *,
    event: Event,
    as_of_round: int | None = None,
    provisional: bool = False,
    revision: int | None = None,
):
    """The standings rows, exact (standings_computed for a public read that may trail)."""
    return standings_computed(
        event=event, as_of_round=as_of_round, provisional=provisional, revision=revision
    ).value


def standings_status_computed(
    *,
    event: Event,
    as_of_round: int | None = None,
    revision: int | None = None,
    exact: bool = True,
) -> Computed:
    """How far the results have come, per event revision: one grouped count, never the
    standings themselves."""
    from tournament.services.results.progress import standings_status  # noqa: PLC0415 - a reader

    if revision is None:
        revision = event_revision(event_id=event.pk)
    return event_computed(
        event_id=event.pk,
        name="status",
        variant=as_of_round,
        revision=revision,
        exact=exact,
        compute=lambda: standings_status(event=event, as_of_round=as_of_round),
    )


def standings_status_cached(
    *, event: Event, as_of_round: int | None = None, revision: int | None = None
):
    return standings_status_computed(event=event, as_of_round=as_of_round, revision=revision).value


def awards_cached(*, event: Event) -> dict:
    """awards_compute once per event revision (here, not in awards.py, which the standings
    import: awards -> cached -> standings -> awards was a circle)."""
    from tournament.services.standings.awards import awards_compute  # noqa: PLC0415 - a reader

    return event_cached(
        event=event, name="awards", variant="", compute=lambda: awards_compute(event=event)
    )
