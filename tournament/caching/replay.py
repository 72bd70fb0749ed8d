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
import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.core.handlers.wsgi import get_path_info, get_script_name
from django.http import HttpResponse, HttpResponseNotModified
from django.http.cookie import parse_cookie

from common.i18n import request_language
from tournament.caching import cached
from tournament.caching.store import (
    ALIVE,
    GENERATION,
    REFRESHING,
    STORE,
    _public_as_of,
    _refreshing,
    note_asked,
    replay_forget,
)

# Request headers an answer may depend on besides its address: content negotiation and htmx.
_KEY_HEADERS = ("HTTP_ACCEPT", "HTTP_HX_REQUEST", "HTTP_HX_TARGET")
# While one process makes the next answer, the others give the last one until its data is this
# old: with the making (a computation) on top, still within cached.MAX_LAG_S.
STALE_S = cached.MAX_LAG_S - 1.0
# A process that dies while making an answer frees its lock after this.
LOCK_S = 10
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

    def parts(self, *, wanted: str, gzip_ok: bool) -> tuple[int, list[tuple[str, str]], bytes]:
        """(status, headers, body) for a reader who sent If-None-Match `wanted` and does
        (gzip_ok) or does not accept gzip: a 304 when it holds this answer's ETag."""
        compressed = self.gzipped is not None and gzip_ok
        if self.etag in {t.strip().removeprefix("W/") for t in wanted.split(",")}:
            status, body = 304, b""
            headers = [(k, v) for k, v in self.headers if k.lower() not in _BODY_HEADERS]
        else:
            status, body = 200, self.gzipped if compressed else self.content
            headers = [(k, v) for k, v in self.headers if k.lower() != "content-length"]
        if self.gzipped is not None:
            headers = _vary_encoding(headers)
        if compressed:
            headers = [(k, v) for k, v in headers if k.lower() != "etag"]
            headers.append(("ETag", f"W/{self.etag}"))
            if status == 200:
                headers.append(("Content-Encoding", "gzip"))
        return status, headers, body

    def answer(self, request):
        status, headers, body = self.parts(
            wanted=request.META.get("HTTP_IF_NONE_MATCH", ""), gzip_ok=_accepts_gzip(request)
        )
        response = HttpResponseNotModified() if status == 304 else HttpResponse(body)
        for name, value in headers:
            response[name] = value
        return response


def _vary_encoding(headers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The headers with Accept-Encoding added to Vary (the body depends on it)."""
    varies = [v for k, v in headers if k.lower() == "vary"]
    named = {n.strip().lower() for v in varies for n in v.split(",")}
    if "accept-encoding" in named:
        return headers
    value = ", ".join([*varies, "Accept-Encoding"])
    return [*((k, v) for k, v in headers if k.lower() != "vary"), ("Vary", value)]


def _key_of(meta, path: str, cookies) -> tuple | None:
    """The kept answer's key for a request's headers (`meta`, the WSGI environ), address and
    cookies; None when its answer may not be kept or given again (not a GET, credentials)."""
    if meta.get("REQUEST_METHOD") != "GET" or "HTTP_AUTHORIZATION" in meta:
        return None
    if settings.SESSION_COOKIE_NAME in cookies:
        return None
    from ops.installation import installation_id  # noqa: PLC0415 - needs the apps loaded

    return (
        installation_id(),
        path,
        meta.get("QUERY_STRING", ""),
        *(meta.get(h, "") for h in _KEY_HEADERS),
        # The language the answer is in (the one chosen, not the raw Accept-Language, so the
        # phones' many spellings of one language share one answer).
        request_language(meta, cookies),
    )


def _key(request) -> tuple | None:
    # Credentials DRF's test client attaches to the request itself instead of a header.
    if getattr(request, "_force_auth_user", None) is not None:
        return None
    return _key_of(request.META, request.path, request.COOKIES)


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


def _shared_key(key: tuple) -> str:
    # The installation id (key[0]) is in every shared cache key already (ops/cache.py).
    return "replay:" + hashlib.sha256(repr(key[1:]).encode()).hexdigest()[:40]


def _shared_get(skey: str) -> tuple[_Kept | None, str | None, bool]:
    """The answer a process kept under this shared key while the generation it was made in is
    still current (else None), the current generation, and whether a refresher is alive
    (refresh.py); one round trip to the cache."""
    found = cache.get_many([GENERATION, skey, ALIVE])
    generation, entry = found.get(GENERATION), found.get(skey)
    alive = bool(found.get(ALIVE))
    if not (isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[1], _Kept)):
        return None, generation, alive  # absent, or left by an older version of the app
    made_in, kept = entry
    return (kept if made_in == generation else None), generation, alive


def making_lock(skey: str) -> str:
    """The lock whoever makes the next shared answer under this key holds (LOCK_S at most)."""
    return f"{skey}:making"


def shared_answer(skey: str) -> _Kept | None:
    """The answer kept in the shared cache under this key, if still of the current generation."""
    return _shared_get(skey)[0]


class PublicReplayMiddleware:
    """Outermost: give a kept answer again, or make one and keep it if it may be.

    Kept answers are also shared between processes through the cache: at the end of a round
    each of the server's processes would otherwise make every polled answer once per window
    (view, template, compression), beside the writes it serves. A process that finds no
    answer of its own takes the shared one while it is within the window; past it, one
    process (a lock) makes the next while the others go on giving the last one for at most
    STALE_S, so the public still sees every confirmation within cached.MAX_LAG_S."""

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
        skey = _shared_key(key)
        if request.META.get(REFRESHING):
            # The refresher making the next answer: made here, whatever is kept.
            token = _refreshing.set(True)
            try:
                return self._make(request, key, _shared_get(skey)[1])
            finally:
                _refreshing.reset(token)
        return self._public(request, key, skey)

    def _public(self, request, key: tuple, skey: str):
        clock, window = self.cached.clock, self.cached.LAG_S
        now = clock()
        kept = STORE.get(key, now=now, window=window)
        if kept is None:
            shared, generation, refreshed = _shared_get(skey)
            if shared is not None and now - shared.as_of <= window:
                STORE.put(key, shared)
                kept = shared
            else:
                if shared is not None:
                    note_asked(skey, request.META, now=now, window=window)
                if shared is not None and now - shared.as_of <= STALE_S:
                    # Made next by the refresher or by a process holding the lock: the
                    # last one meanwhile.
                    if refreshed or not cache.add(making_lock(skey), 1, LOCK_S):
                        kept = shared
                    else:
                        return self._make_locked(request, key, skey, generation)
                else:
                    return self._make(request, key, generation)
        return kept.answer(request)

    def _make_locked(self, request, key: tuple, skey: str, generation: str | None):
        try:
            return self._make(request, key, generation)
        finally:
            cache.delete(making_lock(skey))

    def _make(self, request, key: tuple, generation: str | None):
        started = self.cached.clock()
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
        # Under the generation read before the answer was made: a change since forgets it.
        skey = _shared_key(key)
        cache.set(skey, (generation, kept), LOCK_S)
        if not request.META.get(REFRESHING):
            note_asked(skey, request.META, now=self.cached.clock(), window=self.cached.LAG_S)
        return kept.answer(request)  # compressed for this reader too, if it accepts it


_STATUS = {200: "200 OK", 304: "304 Not Modified"}


def replay_wsgi(application):
    """The WSGI application with this process's kept answers given before Django is entered
    (no request object, no signals, no middleware): at the end of a round most polls are
    such answers, and each is then a dictionary look-up and a write. Anything else, and every
    answer to be made or fetched from the shared cache, goes to `application`."""

    def replaying(environ, start_response):
        kept = None
        if environ.get("REQUEST_METHOD") == "GET":
            path = get_script_name(environ).rstrip("/") + get_path_info(environ)
            key = _key_of(environ, path, parse_cookie(environ.get("HTTP_COOKIE", "")))
            if key is not None:
                kept = STORE.get(key, now=cached.clock(), window=cached.LAG_S)
        if kept is None:
            return application(environ, start_response)
        gzip_ok = "gzip" in environ.get("HTTP_ACCEPT_ENCODING", "").lower()
        status, headers, body = kept.parts(
            wanted=environ.get("HTTP_IF_NONE_MATCH", ""), gzip_ok=gzip_ok
        )
        if status == 200:
            headers.append(("Content-Length", str(len(body))))
        start_response(_STATUS[status], headers)
        return [body]

    return replaying
