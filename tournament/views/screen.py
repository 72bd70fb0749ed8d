"""The big screen: a page for a projector or TV in the hall, open all day.

The page holds the current round's clock, its pairings by table, the latest announcements and
the top of the published standings. static/js/screen.js scrolls the pairings when they do not
fit; static/js/clock.js ticks the clock and asks `screen_live` for a new copy every few
seconds, which answers an empty 304 while the event's revision stays the same.

The hall reads it all at once, so it speaks the event's language (issue 36), whatever the
browser showing it asks for: the page, its ETag and its Content-Language.
"""

from __future__ import annotations

from django.http import HttpResponseNotModified
from django.shortcuts import render

from tournament.caching.cached import standings_cached, standings_status_cached
from tournament.caching.conditional import etag_matches
from tournament.caching.revision import event_revision
from tournament.extensions import SCREEN_PANELS
from tournament.services.events.language import event_language, language_of
from tournament.services.players.public import rows_named_for_public
from tournament.services.rounds.names import round_stage_name
from tournament.services.standings.standings import standings_final_first
from tournament.views.common import latest_round, visible_event_or_404
from tournament.views.data import games_shown, mission_of
from tournament.views.now import now_context, now_etag

TOP = 10
POLL_S = 10


def _screen_context(event, revision: int) -> dict:
    current = latest_round(event)
    context = now_context(event, revision=revision)
    context.update(
        event=event,
        round=current,
        # A hall screen is public: a round under review shows "pairings coming".
        games=games_shown(current, staff=False),
        mission=mission_of(event, current),
        # Published standings only (confirmed results and byes), as on the public page.
        # In final order once the play-offs have placed everyone.
        standings=standings_final_first(
            rows_named_for_public(event, standings_cached(event=event))
        )[:TOP],
        # A knockout round's stage ("Semi-final"); "" for a Swiss round.
        stage_name=round_stage_name(event=event, round_=current) if current else "",
        progress=standings_status_cached(event=event, revision=revision),
        screen_etag=now_etag(event, revision=revision, name="screen"),
        poll_s=POLL_S,
        panels=[html for panel in SCREEN_PANELS if (html := panel(event))],
    )
    return context


def screen(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    with event_language(event):
        context = _screen_context(event, event_revision(event_id=event.pk))
        response = render(request, "tournament/screen.html", context)
    response["Content-Language"] = language_of(event)
    return response


def screen_live(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    revision = event_revision(event_id=event.pk)
    with event_language(event):
        etag = now_etag(event, revision=revision, name="screen")
        if etag_matches(request, etag):
            response = HttpResponseNotModified()
        else:
            response = render(
                request, "tournament/partials/screen_live.html", _screen_context(event, revision)
            )
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    response["Content-Language"] = language_of(event)
    return response
