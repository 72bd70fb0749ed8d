"""Public answers made ahead by a process of their own, so the web processes only give them.

At the end of a round every window (cached.LAG_S) needs new standings, a new standings table
and a new round answer. Made by whichever web process asks first, each holds that process's
interpreter lock for a computation's length, and the results and confirmations that process
is serving wait behind it (on a machine whose cores are busy, for much longer than the
computation's own time). The refresher (`manage.py refresh_public`, started beside the web
server by `manage.py serve` when the cache is shared) makes each answer the public polls again
shortly before its window ends, at a lower scheduling priority than the web processes: writes
come first, and the public still sees each confirmation within cached.MAX_LAG_S.

How they meet, all through the shared cache: a web process that finds the shared answer past
its window notes the request as asked for (ASKED_S); while a refresher is alive (its
heartbeat), web processes give the last answer until it is STALE_S old instead of making the
next; past that, or with no refresher, they make it themselves as before (replay.py), so the
refresher speeds things up but nothing depends on it.
"""

from __future__ import annotations

import io
import threading
import time

from django.core.cache import cache
from django.core.handlers.wsgi import WSGIHandler, WSGIRequest
from django.db import close_old_connections

from tournament.services import cached

# A refresher's heartbeat: present while one is alive.
ALIVE = "replay:refresher"
ALIVE_S = 3
# The answers asked for ({shared key: True}); each one's request is under "<key>:asked".
ASKED = "replay:asked"
# A maker's lock frees itself after this, should its process die while making.
MAKING_S = 10
# At most this many answers are kept made ahead.
ASKED_MOST = 200
# An answer is refreshed while the public asked for it in this long.
ASKED_S = 30
# Made again this long before its window ends, so that readers rarely find it past it.
LEAD_S = 0.5
# The request headers a kept answer may depend on, copied into the refresher's request.
_COPIED = ("PATH_INFO", "QUERY_STRING", "HTTP_HOST", "HTTP_ACCEPT", "HTTP_HX_REQUEST",
           "HTTP_HX_TARGET", "SERVER_NAME", "SERVER_PORT", "wsgi.url_scheme")  # fmt: skip
# An environ key naming a request the refresher makes: made, never given from a kept copy.
REFRESHING = "strategium.refreshing"

# When this process last noted each key as asked for: noted once per window, not per poll.
_noted: dict[str, float] = {}
_noted_lock = threading.Lock()


def refresher_alive() -> bool:
    return bool(cache.get(ALIVE))


def note_asked(shared_key: str, environ) -> None:
    """The public asked for this answer (one that is kept, replay.py): the refresher keeps it
    made while they go on asking."""
    now = cached.clock()
    with _noted_lock:
        if now - _noted.get(shared_key, float("-inf")) < cached.LAG_S:
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


def refresh_once(application=None) -> int:
    """One round of the refresher: make again each answer asked for lately whose shared copy
    ends its window within LEAD_S (or has none); how many it made."""
    from tournament.replay import shared_answer  # noqa: PLC0415 - the replay imports this

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
        if not cache.add(f"{key}:making", 1, MAKING_S):
            continue
        try:
            _make(application, request)
        finally:
            cache.delete(f"{key}:making")
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
