"""Conditional GETs for the API's most-read answers: an ETag from the event's revision, a 304
when the client already has it, and the JSON body itself cached (bytes, rendered once)."""

from __future__ import annotations

import json

from django.http import HttpResponse, HttpResponseNotModified

from tournament.models import Event
from tournament.services.cached import event_cached, event_etag
from tournament.services.revision import event_revision


def etag_matches(request, etag: str) -> bool:
    wanted = request.headers.get("If-None-Match", "")
    return etag in {t.strip() for t in wanted.split(",")} or wanted.strip() == "*"


def cached_json(request, *, event: Event, name: str, variant, compute, headers=None, live=None):
    """The JSON answer `compute()` gives, once per event revision; 304 when unchanged.

    compute() returns (body, extra headers). Clients must revalidate (no-cache): the answer
    changes with any result, so it is never used without asking. `live(revision)`, when given,
    returns (stamp, fields) made fresh for each request (a running clock): the fields are added
    to the cached body's top level and the stamp to the ETag."""
    revision = event_revision(event_id=event.pk)  # first: the data is read after it
    stamp, fresh = live(revision) if live else ("", None)
    etag = event_etag(event=event, revision=revision, name=name, variant=f"{variant}{stamp}")
    if etag_matches(request, etag):
        response = HttpResponseNotModified()
    else:

        def render():
            body, extra = compute()
            return json.dumps(body, separators=(",", ":")).encode(), extra

        content, extra = event_cached(
            event=event, name=f"json:{name}", variant=variant, compute=render, revision=revision
        )
        if fresh:
            # The cached body is one JSON object: splice the fresh fields in before its end.
            extra_fields = json.dumps(fresh, separators=(",", ":")).encode()
            content = content[:-1] + b"," + extra_fields[1:]
        response = HttpResponse(content, content_type="application/json")
        for key, value in {**extra, **(headers or {})}.items():
            response[key] = value
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response
