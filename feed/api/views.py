"""The open results feed: `GET /api/feed/events/` and `GET /api/feed/events/{id}/` (anyone), and
`GET /api/events/{id}/feed/deliveries/` (the event's organisers: the webhook's deliveries)."""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer
from feed.engine.document import FORMAT, VERSION
from feed.services.document import (
    feed_document_stamp,
    feed_event,
    feed_event_document,
    feed_events_list,
)
from feed.services.webhook import webhook_deliveries
from tournament.api.permissions import visible_event
from tournament.caching.conditional import cached_json
from tournament.caching.revision import event_revision

SCHEMA_PATH = "docs/feed.schema.json"


class NoQuerySerializer(StrictSerializer):
    """These reads take no query parameter: any is 400 `unknown_field`, naming it."""


def _no_query(request) -> None:
    NoQuerySerializer(data=request.query_params).is_valid(raise_exception=True)


class FeedEventsView(APIView):
    @extend_schema(
        operation_id="feed_events_list",
        responses={200: OpenApiTypes.OBJECT},
        description="The events in the open feed (public events whose organiser chose a "
        "licence), newest first: {format, version, as_of, events: [{id, name, start_date, "
        "end_date, mission_pack, kind, status, licence, url}]}.",
    )
    def get(self, request):
        _no_query(request)
        events = feed_events_list()
        for row in events:
            row["url"] = request.build_absolute_uri(reverse("api-feed-event", args=[row["id"]]))
        return Response(
            {
                "format": FORMAT,
                "version": VERSION,
                "as_of": timezone.now().replace(microsecond=0).isoformat(),
                "schema": SCHEMA_PATH,
                "events": events,
            }
        )


class FeedEventView(APIView):
    @extend_schema(
        operation_id="feed_event_document",
        responses={200: OpenApiTypes.OBJECT},
        description="One event's feed document (docs/feed.schema.json): its licence, players "
        "by pseudonymous ids (no name or list for those who did not consent), every released "
        "round's games with their confirmed results, per battle round VP and 11th-edition "
        "metadata. 404 for an event without a licence, hidden or archived. Computed once "
        "per change of the event: its ETag answers If-None-Match with 304.",
    )
    def get(self, request, event_id: int):
        _no_query(request)
        event = feed_event(event_id=event_id)
        # Read before the data (tournament/caching/revision.py): a copy never claims newer.
        revision = event_revision(event_id=event.pk)
        return cached_json(
            request,
            event=event,
            name="feed",
            variant=feed_document_stamp(event=event),
            revision=revision,
            compute=lambda: (feed_event_document(event=event), {}),
        )


class FeedDeliveriesView(APIView):
    @extend_schema(
        operation_id="feed_deliveries_list",
        responses={200: OpenApiTypes.OBJECT},
        description="The event's latest webhook deliveries, newest first, each with its status "
        "(pending, delivered, failed, cancelled) and every attempt (time, HTTP status, error). "
        "Organisers only.",
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        _no_query(request)
        return Response(webhook_deliveries(event=event, user=request.user))
