"""Conditional GETs for the API's most-read answers: an ETag from the event's revision, a 304
when the client already has it, and the JSON body itself cached (bytes, rendered once)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from django.http import HttpResponse, HttpResponseNotModified

from tournament.caching import cached
from tournament.caching.cached import event_computed, event_etag
from tournament.caching.revision import event_revision
from tournament.models import Event


def etag_matches(request, etag: str) -> bool:
    """If-None-Match compares weakly (RFC 9110, 13.1.2): a compressed copy's W/ ETag matches."""
    wanted = request.headers.get("If-None-Match", "")
    return (
        etag in {t.strip().removeprefix("W/") for t in wanted.split(",")} or wanted.strip() == "*"
    )


def cached_json(
    request,
    *,
    event: Event,
    name: str,
    variant,
    compute,
    headers=None,
    live=None,
    revision: int | None = None,
    exact: bool = True,
    fresh_headers=None,
    as_of_header: str | None = None,
):
    """The JSON answer `compute()` gives, once per event revision; 304 when unchanged.

    compute() returns (body, extra headers). Clients must revalidate (no-cache): the answer
    changes with any result, so it is never used without asking. `live(revision)`, when given,
    returns (stamp, fields) made fresh for each request (a running clock): the fields are added
    to the cached body's top level and the stamp to the ETag.

    `revision` is the one the answer is keyed by (default: the event's, every change).
    `exact=False` (a public read) may be answered with an older computation while a newer one
    is computed (services/cached.py): the ETag is then that computation's, and `as_of_header`
    says as of when it holds. `fresh_headers()` gives headers made for each answer, 304s too
    (the counts of unconfirmed results, which move without the standings)."""
    if revision is None:
        revision = event_revision(event_id=event.pk)  # first: the data is read after it
    stamp, fresh = live(revision) if live else ("", None)

    def etag_of(rev: int) -> str:
        return event_etag(event=event, revision=rev, name=name, variant=f"{variant}{stamp}")

    def render():
        body, extra = compute()
        return json.dumps(body, separators=(",", ":")).encode(), extra

    etag, computed = etag_of(revision), None
    if not etag_matches(request, etag):
        computed = event_computed(
            event_id=event.pk,
            name=f"json:{name}",
            variant=variant,
            compute=render,
            revision=revision,
            exact=exact,
        )
        etag = etag_of(computed.revision)
    if computed is None or etag_matches(request, etag):
        response = HttpResponseNotModified()
    else:
        content, extra = computed.value
        if fresh:
            # The cached body is one JSON object: splice the fresh fields in before its end.
            extra_fields = json.dumps(fresh, separators=(",", ":")).encode()
            content = content[:-1] + b"," + extra_fields[1:]
        response = HttpResponse(content, content_type="application/json")
        for key, value in {**extra, **(headers or {})}.items():
            response[key] = value
    for key, value in (fresh_headers() if fresh_headers else {}).items():
        response[key] = value
    if as_of_header:
        # A 304 for the newest revision holds as of now.
        moment = (
            computed.as_of_for(revision)
            if computed is not None
            else datetime.fromtimestamp(cached.clock(), UTC)
        )
        response[as_of_header] = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response
