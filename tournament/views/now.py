"""The strip every player and public page carries while an event runs: the current round's
clock and the organisers' latest announcements.

It refreshes itself (static/js/clock.js polls `event_now`): the answer's ETag is the event's
revision, so a phone that asks every 20 s gets an empty 304 until the organiser changes
something. The clock counts down on the device between two answers.
"""

from __future__ import annotations

from django.http import Http404, HttpResponseNotModified
from django.shortcuts import render
from django.urls import reverse

from tournament.caching.cached import event_cached, event_etag
from tournament.caching.conditional import etag_matches
from tournament.caching.revision import event_revision
from tournament.models import Event, Player
from tournament.services.live.announcements import announcements_ended_count, announcements_shown
from tournament.services.live.clock import COMPLETE, round_clock_state, when_words
from tournament.services.rounds.extensions import extended_tables
from tournament.views.common import latest_round, visible_event_or_404

# How many announcements a page shows (the big screen and the API list them all).
SHOWN = 5


def now_etag(event: Event, *, revision: int, name: str = "now") -> str:
    """The strip's ETag (and the big screen's): the revision, and how many announcements'
    end times have passed (an end changes what shows without any write)."""
    ended = announcements_ended_count(event=event, revision=revision)
    return event_etag(event=event, revision=revision, name=name, variant=f"e{ended}")


def now_context(event: Event, *, key: str = "", revision: int | None = None) -> dict:
    if revision is None:
        revision = event_revision(event_id=event.pk)  # first: the reads below are as new
    current = latest_round(event)
    if current is not None:
        current.event = event
    url = reverse("event-now", kwargs={"event_id": event.pk})
    clock = round_clock_state(round_=current) if current else None
    return {
        "now_event": event,
        "clock": clock,
        # Tables given more time, still playing: shown beside the round's clock (issue 35).
        "extended": _extended(event, current, clock, revision),
        # Before the ETag: the same read gives the end times it counts.
        "announcements": announcements_shown(event=event, revision=revision, limit=SHOWN),
        "now_url": f"{url}?key={key}" if key else url,
        "now_etag": now_etag(event, revision=revision),
        # A finished event changes no more: its pages stop asking.
        "now_polls": event.status != "finished",
    }


def _extended(event: Event, current, clock, revision: int) -> list[dict]:
    if current is None or clock is None or clock.state == COMPLETE or not current.released:
        return []
    # Read once per change of the event for every phone (the strip is polled all day).
    tables = event_cached(
        event=event,
        name="extended",
        variant=f"{current.number}:{clock.ends_at.isoformat() if clock.ends_at else ''}",
        revision=revision,
        compute=lambda: extended_tables(round_=current, round_ends_at=clock.ends_at),
    )
    tables = [dict(table) for table in tables]
    for table in tables:
        table["ends_words"] = when_words(table["ends_at"]) if table["ends_at"] else ""
        table["ends_ms"] = round(table["ends_at"].timestamp() * 1000) if table["ends_at"] else None
    return tables


def _event_for(request, event_id: int) -> Event:
    """Public events for anyone; a hidden one also for the holder of one of its player keys."""
    key = request.GET.get("key", "")
    if key:
        player = Player.objects.select_related("event").filter(private_key=key).first()
        if player is not None and player.event_id == event_id:
            return player.event
        raise Http404("No player has this link.")
    return visible_event_or_404(request, event_id)


def event_now(request, event_id: int):
    event = _event_for(request, event_id)
    revision = event_revision(event_id=event.pk)
    etag = now_etag(event, revision=revision)
    if etag_matches(request, etag):
        response = HttpResponseNotModified()
    else:
        context = now_context(event, key=request.GET.get("key", ""), revision=revision)
        response = render(request, "tournament/partials/now.html", context)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response
