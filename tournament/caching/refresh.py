"""Public answers made ahead by a process of their own, so the web processes only give them.

At the end of a round every window (cached.LAG_S) needs new standings, a new standings table
and a new round answer. Made by whichever web process asks first, each holds that process's
interpreter lock for a computation's length, and the results and confirmations that process
is serving wait behind it (on a machine whose cores are busy, for much longer than the
computation's own time). The refresher (`manage.py refresh_public`, started beside the web
server by `manage.py serve` when the cache is shared) makes each answer the public polls again
shortly before its window ends, at a lower scheduling priority than the web processes: writes
come first, and the public still sees each confirmation within cached.MAX_LAG_S.

How they meet, all through the shared cache: a web process notes each kept answer the public
asks for (replay_store.note_asked); while a refresher is alive (its
heartbeat), web processes give the last answer until it is STALE_S old instead of making the
next; past that, or with no refresher, they make it themselves as before (replay.py), so the
refresher speeds things up but nothing depends on it.
"""

from __future__ import annotations

import io
import time

from django.core.cache import cache
from django.core.handlers.wsgi import WSGIHandler, WSGIRequest
from django.db import close_old_connections

from tournament.caching import cached
from tournament.caching.replay import LOCK_S, making_lock, shared_answer
from tournament.caching.store import ALIVE, ASKED, ASKED_S, REFRESHING

# A refresher's heartbeat (its name, ALIVE, is in store.py): it lasts this long.
ALIVE_S = 3
# Made again this long before its window ends, so that readers rarely find it past it.
LEAD_S = 0.5


def refresh_once(application=None) -> int:
    """One round of the refresher: make again each answer asked for lately whose shared copy
    ends its window within LEAD_S (or has none); how many it made."""
    cache.set(ALIVE, 1, ALIVE_S)
    asked = cache.get(ASKED) or {}
    requests = cache.get_many([f"{key}:asked" for key in asked])
    gone = [key for key in asked if f"{key}:asked" not in requests]
    if gone:
        cache.set(ASKED, {k: v for k, v in asked.items() if k not in gone}, ASKED_S * 2)
    made = 0
    application = application or _handler()
    for key in asked:
        request = requests.get(f"{key}:asked")
        if request is None:
            continue
        kept = shared_answer(key)
        if kept is not None and cached.clock() - kept.as_of < cached.LAG_S - LEAD_S:
            continue
        # One maker at a time, whoever it is (refreshers on several machines, a web process).
        if not cache.add(making_lock(key), 1, LOCK_S):
            continue
        try:
            _make(application, request)
        finally:
            cache.delete(making_lock(key))
        made += 1
    return made


_HANDLER: list[WSGIHandler] = []


def _handler() -> WSGIHandler:
    if not _HANDLER:
        _HANDLER.append(WSGIHandler())
    return _HANDLER[0]


def _make(application, request: dict) -> None:
    """The request made through the middleware and view, as a web process would (without the
    request signals: the refresher looks after its database connection itself)."""
    environ = {
        "REQUEST_METHOD": "GET",
        "SCRIPT_NAME": "",
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "80",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": io.StringIO(),
        "REMOTE_ADDR": "127.0.0.1",
        **request,
        REFRESHING: True,
    }
    application.get_response(WSGIRequest(environ))


def refresh_forever(*, parent: int | None, pause: float = 0.2) -> None:
    """Refresh until the server that started this is gone (its process id changes)."""
    import os  # noqa: PLC0415

    while parent is None or os.getppid() == parent:
        started = time.monotonic()
        close_old_connections()  # as a request would: a broken or too old one is replaced
        refresh_once()
        time.sleep(max(0.0, pause - (time.monotonic() - started)))
