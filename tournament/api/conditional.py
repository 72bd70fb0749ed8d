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


def cached_json(request, *, event: Event, name: str, variant, compute, headers=None):
    """The JSON answer `compute()` gives, once per event revision; 304 when unchanged.

    compute() returns (body, extra headers). Clients must revalidate (no-cache): the answer
    changes with any result, so it is never used without asking."""
    revision = event_revision(event_id=event.pk)  # first: the data is read after it
    etag = event_etag(event=event, revision=revision, name=name, variant=variant)
    if etag_matches(request, etag):
        response = HttpResponseNotModified()
    else:

        def render():
            body, extra = compute()
            return json.dumps(body, separators=(",", ":")).encode(), extra

        content, extra = event_cached(
            event=event, name=f"json:{name}", variant=variant, compute=render, revision=revision
        )
        response = HttpResponse(content, content_type="application/json")
        for key, value in {**extra, **(headers or {})}.items():
            response[key] = value
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response
