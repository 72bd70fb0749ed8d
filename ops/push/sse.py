"""Server-sent events: one answer that stays open and carries a state each time it changes.

Under the push server (ASGI) a stream follows its key in the process's change feed for up to
LIFETIME_S, a comment every HEARTBEAT_S keeping the connection known alive; the browser's
EventSource opens a new one when it ends. Under a WSGI server (development, the test server,
gunicorn when the push server is away) a stream holds a thread, so it is short: it reads the
state itself every WSGI_EVERY_S for WSGI_LIFETIME_S, then ends and the browser comes back.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Hashable

from django.core.handlers.asgi import ASGIRequest
from django.http import Http404, StreamingHttpResponse

from ops.push.feed import ChangeFeed

RETRY_MS = 1000
HEARTBEAT_S = 15.0
LIFETIME_S = 600.0
WSGI_EVERY_S = 0.25
WSGI_LIFETIME_S = 20.0


def _event(version: int, payload: object) -> bytes:
    return f"id: {version}\ndata: {json.dumps(payload, separators=(',', ':'))}\n\n".encode()


async def _follow(feed: ChangeFeed, key: Hashable, version: int, payload: object):
    yield f"retry: {RETRY_MS}\n\n".encode() + _event(version, payload)
    ends = time.monotonic() + LIFETIME_S
    async with feed.follow(key, version=version) as newest:
        while (left := ends - time.monotonic()) > 0:
            try:
                state = await asyncio.wait_for(newest.get(), min(HEARTBEAT_S, left))
            except TimeoutError:
                yield b": still here\n\n"
                continue
            yield _event(state["version"], state)


def _read_again(read: Callable[[], dict], version: int, payload: object):
    yield f"retry: {RETRY_MS}\n\n".encode() + _event(version, payload)
    ends = time.monotonic() + WSGI_LIFETIME_S
    while time.monotonic() < ends:
        time.sleep(WSGI_EVERY_S)
        state = read()
        if state is None:
            return  # gone (the game deleted): the browser's next attempt is told why
        if state["version"] > version:
            version = state["version"]
            yield _event(version, state)


def event_stream(
    request, *, feed: Callable[[], ChangeFeed], key: Hashable, read: Callable[[], dict]
) -> StreamingHttpResponse:
    """The stream of `key`'s states (dicts with a "version"), starting with `read()` now; a
    later `read()` of None ends it."""
    first = read()
    if first is None:
        raise Http404("Nothing to follow here.")
    if isinstance(request, ASGIRequest):
        body = _follow(feed(), key, first["version"], first)
    else:
        body = _read_again(read, first["version"], first)
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # a proxy in front must not hold the events back
    return response
