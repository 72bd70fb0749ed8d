"""What the public replay keeps (tournament/caching/replay.py) and what the cached reads tell
it: the as-of moments of the public computations an answer used, and the kept answers. A leaf
module, so the cached reads and the revisions can feed it without importing the middleware."""

from __future__ import annotations

import threading
import uuid
from contextvars import ContextVar
from typing import Any

from django.core.cache import cache

# Answers kept at most (a few pages per event; the oldest goes first).
SIZE = 256

# The as-of moments of the public (possibly trailing) computations an answer used.
_public_as_of: ContextVar[list[float] | None] = ContextVar("public_as_of", default=None)


# True while the refresher (refresh.py) makes an answer: its public reads take no older
# computation than the newest revision's (they are what the public will be given next).
_refreshing: ContextVar[bool] = ContextVar("refreshing", default=False)


def refreshing() -> bool:
    return _refreshing.get()


def record_public(as_of: float) -> None:
    """A public computation of this moment went into the answer being made."""
    seen = _public_as_of.get()
    if seen is not None:
        seen.append(as_of)


class _Store:
    def __init__(self) -> None:
        self.items: dict[tuple, Any] = {}
        self.lock = threading.Lock()

    def get(self, key: tuple, *, now: float, window: float) -> Any:
        kept = self.items.get(key)
        if kept is None or now - kept.as_of > window:
            return None
        return kept

    def put(self, key: tuple, kept: Any) -> None:
        with self.lock:
            self.items.pop(key, None)
            self.items[key] = kept
            while len(self.items) > SIZE:
                self.items.pop(next(iter(self.items)))

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


STORE = _Store()


# The shared cache's name for the generation of kept answers: every process's answers kept
# there (replay.py) name the generation they were made in, and count only while it is current.
GENERATION = "replay:generation"


def replay_forget() -> None:
    """Something changed in this process: no kept answer is given again, by this process nor
    from the shared copies (a new generation; other processes' own copies end with their
    window, as the shared computations' do)."""
    STORE.clear()
    cache.set(GENERATION, uuid.uuid4().hex, None)


# ---- what the refresher (refresh.py) and the web processes tell each other -----------

# A refresher's heartbeat: present while one is alive.
ALIVE = "replay:refresher"
# The answers asked for ({shared key: True}); each one's request is under "<key>:asked".
ASKED = "replay:asked"
# At most this many answers are kept made ahead.
ASKED_MOST = 200
# An answer is refreshed while the public asked for it in this long.
ASKED_S = 30
# The request headers a kept answer may depend on, copied into the refresher's request.
_COPIED = ("PATH_INFO", "QUERY_STRING", "HTTP_HOST", "HTTP_ACCEPT", "HTTP_HX_REQUEST",
           "HTTP_HX_TARGET", "SERVER_NAME", "SERVER_PORT", "wsgi.url_scheme")  # fmt: skip
# An environ key naming a request the refresher makes: made, never given from a kept copy.
REFRESHING = "strategium.refreshing"

# When this process last noted each key as asked for: noted once per window, not per poll.
_noted: dict[str, float] = {}
_noted_lock = threading.Lock()


def note_asked(shared_key: str, environ, *, now: float, window: float) -> None:
    """The public asked for this kept answer (replay.py): the refresher keeps it made while
    they go on asking. Noted at most once per `window` by each process."""
    with _noted_lock:
        if now - _noted.get(shared_key, float("-inf")) < window:
            return
        _noted[shared_key] = now
    request = {k: environ[k] for k in _COPIED if k in environ}
    cache.set(f"{shared_key}:asked", request, ASKED_S)
    asked = cache.get(ASKED) or {}
    if shared_key not in asked:
        # Read, add, write: a key lost to a race is noted again within a window. The oldest
        # go first beyond ASKED_MOST (a few pages per event are polled; searches add some).
        kept = list(asked)[-(ASKED_MOST - 1) :]
        cache.set(ASKED, {**dict.fromkeys(kept, True), shared_key: True}, ASKED_S * 2)
