"""The push server: the phones' open streams (a game clock's moves), beside gunicorn.

gunicorn's threads answer requests that end; a stream stays open for as long as the phone shows
the page, so a thousand phones would hold a thousand threads. This process serves only the
stream routes, under uvicorn (an ASGI server: one event loop holds every open stream), with
one poll of the database a tick per process for all of them (feed.py). `manage.py serve`
starts it on the next port and stops it with the server; pages name its address in
`data-*-stream` attributes (stream_url), and fall back to polling when it cannot be reached.
Pages of the main server (the same host) may read streams with their cookies; no other site.
"""

from __future__ import annotations

import asyncio
import os
import re

from django.conf import settings
from django.http.request import split_domain_port

# Only these paths are served here; anything else is the main server's.
STREAM_PATH = re.compile(r"^/api/games/\d+/clock/stream/$")


def stream_url(request, path: str) -> str:
    """The address a page gives its stream: the push server's port on the host the page came
    from when serve runs one (PUSH_PORT), else the page's own server (development, tests)."""
    port = settings.PUSH_PORT
    if not port:
        return path
    host, _ = split_domain_port(request.get_host())
    return f"{request.scheme}://{host}:{port}{path}"


def streams_only(application):
    """An ASGI app that passes stream routes to `application` and answers 404 to the rest;
    streams may be read from the main server's pages (another port is another origin)."""

    async def app(scope, receive, send):
        if scope["type"] == "lifespan":
            return await application(scope, receive, send)
        if scope["type"] != "http" or not STREAM_PATH.match(scope.get("path", "")):
            await send({"type": "http.response.start", "status": 404, "headers": []})
            await send({"type": "http.response.body", "body": b"Not a stream."})
            return None

        cors = _cors_headers(scope)

        async def send_with_cors(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *cors]}
            await send(message)

        return await application(scope, receive, send_with_cors)

    return app


def _cors_headers(scope) -> list[tuple[bytes, bytes]]:
    """The pages come from the main server, on this host's other port: their origin may read
    a stream with the session's cookie (staff). Any other origin gets no CORS header, so
    another site cannot read a stream through a visitor's browser."""
    headers = dict(scope.get("headers", []))
    origin = headers.get(b"origin", b"").decode("latin-1")
    host, _ = split_domain_port(headers.get(b"host", b"").decode("latin-1"))
    found = re.match(r"^https?://(\[[^]]+\]|[^:/]+)(:\d+)?$", origin)
    if not found or not host or found.group(1).lower() != host:
        return [(b"vary", b"origin")]
    return [
        (b"access-control-allow-origin", origin.encode("latin-1")),
        (b"access-control-allow-credentials", b"true"),
        (b"vary", b"origin"),
    ]


async def _stop_with(server, parent: int | None, every_s: float = 0.5) -> None:
    while parent is None or os.getppid() == parent:
        await asyncio.sleep(every_s)
    server.should_exit = True


def push_serve(*, host: str, port: int, parent: int | None) -> None:
    """Serve the streams until `parent` (the main server) is gone."""
    import uvicorn  # noqa: PLC0415 - only this process needs it
    from django.core.asgi import get_asgi_application  # noqa: PLC0415

    config = uvicorn.Config(
        streams_only(get_asgi_application()),
        host=host,
        port=port,
        lifespan="off",
        access_log=False,
        log_level="warning",
        # A phone that went away without closing: its stream's next write finds out.
        timeout_keep_alive=5,
        backlog=4096,
    )
    server = uvicorn.Server(config)

    async def main():
        watchdog = asyncio.get_running_loop().create_task(_stop_with(server, parent))
        try:
            await server.serve()
        finally:
            watchdog.cancel()

    asyncio.run(main())
