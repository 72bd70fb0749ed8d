"""Public polls answered again from this process's last answer, without the framework.

At the end of a round a thousand phones poll the standings and the round, and results arrive
faster than any phone polls, so nearly every poll is a 200 with a body. The public may be given
data up to `cached.LAG_S` old (services/cached.py). Within that window the last answer this
process gave an anonymous reader for the same address and headers is as good as a new one, so
the outermost middleware gives it again (or a 304 when the reader's ETag is that answer's)
before sessions, sign-in, the database or the view are touched: a poll then costs a dictionary
look-up instead of the framework and three or four queries.

A kept answer is also kept compressed (once, when kept) and given compressed to readers that
accept gzip, as browsers do: at a venue a thousand phones fetching 250 KB of standings every few
seconds would fill the wifi, and compressing each answer as it is given would cost the server
more than making it. The compressed copy has a weak ETag (W/), which If-None-Match matches.

What is kept: only answers a view marked `replayable` (the standings and round reads the pages
poll), given with 200 to a request that carried no credentials (no session cookie, no
Authorization header) and that set no cookie. An answer is kept as of the oldest moment its
data holds (the public computations it used, see `record_public`), so replaying it never shows
data older than `cached.LAG_S`: the same promise the shared computations keep. A change an organiser
or judge makes in this process (a signed-in write, or a save that moves the event's revision)
forgets every kept answer at once, so staff see it on the public pages at once; players'
result entries do not (they arrive faster than phones poll at the end of a round), and other
processes see any change within the window, as the shared computations' readers do.
"""

from __future__ import annotations

import gzip
import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers

from tournament.replay_store import STORE, _public_as_of, replay_forget
from tournament.services import cached

# Request headers an answer may depend on besides its address: content negotiation and htmx.
_KEY_HEADERS = ("HTTP_ACCEPT", "HTTP_HX_REQUEST", "HTTP_HX_TARGET")
# Never copied onto a 304 (it has no body).
_BODY_HEADERS = {"content-type", "content-length"}


def replayable(response):
    """Mark an answer that may be given again to the public while its data is fresh enough."""
    response.replayable = True
    return response


# Smaller answers are not worth compressing; level 6 is gzip's usual trade of time for size.
_GZIP_FROM = 1024
_GZIP_LEVEL = 6


# Compressed bodies by their strong ETag (which names exactly one body): an answer kept again
# after its window, still holding the same computation, is not compressed a second time.
_GZIPPED: OrderedDict[str, bytes] = OrderedDict()
_GZIPPED_SIZE = 32
_GZIPPED_LOCK = threading.Lock()


def _compressed(etag: str, content: bytes) -> bytes:
    with _GZIPPED_LOCK:
        found = _GZIPPED.get(etag)
    if found is None:
        found = gzip.compress(content, _GZIP_LEVEL, mtime=0)
        with _GZIPPED_LOCK:
            _GZIPPED[etag] = found
            while len(_GZIPPED) > _GZIPPED_SIZE:
                _GZIPPED.popitem(last=False)
    return found


def _accepts_gzip(request) -> bool:
    return "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", "").lower()


@dataclass(frozen=True)
class _Kept:
    as_of: float
    content: bytes
    # The same content compressed, or None when too small to be worth it.
    gzipped: bytes | None
    headers: tuple[tuple[str, str], ...]
    etag: str

    @classmethod
    def of(cls, response, *, as_of: float) -> _Kept:
        content, etag = response.content, response["ETag"]
        return cls(
            as_of=as_of,
            content=content,
            gzipped=None if len(content) < _GZIP_FROM else _compressed(etag, content),
            headers=tuple(response.items()),
            etag=etag,
        )

    def answer(self, request):
        wanted = request.META.get("HTTP_IF_NONE_MATCH", "")
        compressed = self.gzipped is not None and _accepts_gzip(request)
        if self.etag in {t.strip().removeprefix("W/") for t in wanted.split(",")}:
            response = HttpResponseNotModified()
            headers = [(k, v) for k, v in self.headers if k.lower() not in _BODY_HEADERS]
        else:
            response = HttpResponse(self.gzipped if compressed else self.content)
            headers = [(k, v) for k, v in self.headers if k.lower() != "content-length"]
        for name, value in headers:
            response[name] = value
        if self.gzipped is not None:
            patch_vary_headers(response, ("Accept-Encoding",))
        if compressed:
            response["ETag"] = f"W/{self.etag}"
            if response.status_code == 200:
                response["Content-Encoding"] = "gzip"
        return response


def _key(request) -> tuple | None:
    if request.method != "GET" or "HTTP_AUTHORIZATION" in request.META:
        return None
    if settings.SESSION_COOKIE_NAME in request.COOKIES:
        return None
    # Credentials DRF's test client attaches to the request itself instead of a header.
    if getattr(request, "_force_auth_user", None) is not None:
        return None
    from ops.installation import installation_id  # noqa: PLC0415 - needs the apps loaded

    meta = request.META
    return (
        installation_id(),
        request.path,
        meta.get("QUERY_STRING", ""),
        *(meta.get(h, "") for h in _KEY_HEADERS),
    )


def _signed_in(request) -> bool:
    """An account's request (an organiser, a judge): not a player's key, which at the end of a
    round writes faster than phones poll; players see their own entries on their own pages."""
    user = getattr(request, "user", None)
    return user is not None and user.is_authenticated


def _keepable(request, response) -> bool:
    user = getattr(request, "user", None)
    return (
        getattr(response, "replayable", False)
        and response.status_code == 200
        and not response.streaming
        and not response.cookies
        and "ETag" in response
        and not (user is not None and user.is_authenticated)
        # A page that used the CSRF token carries it: never give it to someone else.
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
    )


class PublicReplayMiddleware:
    """Outermost: give a kept answer again, or make one and keep it if it may be."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.cached = cached

    def __call__(self, request):
        key = _key(request)
        if key is None:
            response = self.get_response(request)
            if request.method not in ("GET", "HEAD", "OPTIONS") and _signed_in(request):
                replay_forget()
            return response
        clock, window = self.cached.clock, self.cached.LAG_S
        kept = STORE.get(key, now=clock(), window=window)
        if kept is not None:
            return kept.answer(request)
        started = clock()
        seen: list[float] = []
        token = _public_as_of.set(seen)
        try:
            response = self.get_response(request)
        finally:
            _public_as_of.reset(token)
        if not _keepable(request, response):
            return response
        kept = _Kept.of(response, as_of=min([started, *seen]))
        STORE.put(key, kept)
        return kept.answer(request)  # compressed for this reader too, if it accepts it
