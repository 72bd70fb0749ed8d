"""The push server's address on pages, and who may read its streams from a browser."""

from __future__ import annotations

from django.test import RequestFactory, override_settings

from ops.push.server import stream_url, streams_only
from tests.helpers import run_async


def _request(host: str, secure: bool = False):
    return RequestFactory().get("/p/x/", HTTP_HOST=host, secure=secure)


@override_settings(PUSH_PORT=8001, ALLOWED_HOSTS=["*"])
def test_pages_name_the_push_servers_port_on_the_host_they_came_from():
    assert (
        stream_url(_request("192.168.1.20:8000"), "/s/?key=k")
        == "http://192.168.1.20:8001/s/?key=k"
    )
    assert stream_url(_request("venue.example"), "/s/") == "http://venue.example:8001/s/"
    assert stream_url(_request("[fe80::1]:8000"), "/s/") == "http://[fe80::1]:8001/s/"


@override_settings(PUSH_PORT=None)
def test_without_a_push_server_pages_read_streams_from_their_own_server():
    assert stream_url(_request("127.0.0.1:8000"), "/s/?key=k") == "/s/?key=k"


def _answer(path: str, headers: dict[bytes, bytes]):
    sent = []

    async def inner(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"data: {}\n\n"})

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request"}

    scope = {"type": "http", "path": path, "headers": list(headers.items())}
    run_async(streams_only(inner)(scope, receive, send))
    return sent[0]["status"], dict(sent[0]["headers"]), sent[1]["body"]


STREAM = "/api/games/12/clock/stream/"


def test_only_streams_are_served():
    assert _answer("/", {b"host": b"10.0.0.2:8001"})[0] == 404
    assert _answer("/api/games/12/clock/", {b"host": b"10.0.0.2:8001"})[0] == 404
    assert _answer(STREAM, {b"host": b"10.0.0.2:8001"})[0] == 200


def test_the_main_servers_pages_may_read_a_stream_with_their_cookies_and_no_other_site():
    same = {b"host": b"10.0.0.2:8001", b"origin": b"http://10.0.0.2:8000"}
    _, headers, _ = _answer(STREAM, same)
    assert headers[b"access-control-allow-origin"] == b"http://10.0.0.2:8000"
    assert headers[b"access-control-allow-credentials"] == b"true"
    for origin in (b"http://evil.example", b"http://10.0.0.2.evil.example:8000", b"null"):
        _, headers, _ = _answer(STREAM, {b"host": b"10.0.0.2:8001", b"origin": origin})
        assert b"access-control-allow-origin" not in headers
        assert b"access-control-allow-credentials" not in headers
