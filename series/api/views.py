"""The series API: thin views over series.services. A series nobody may see answers 404 before
anything else, exactly as one that does not exist."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import body_object, refuse_body
from series.api.serializers import (
    SeriesEventInputSerializer,
    SeriesInputSerializer,
    SeriesSerializer,
    SeriesTableSerializer,
)
from series.services.series import (
    series_create,
    series_event_add,
    series_event_remove,
    series_get,
    series_read,
    series_update,
    series_visible_to,
)
from series.services.table import series_table_read
from tournament.api.permissions import _signed_in


class SeriesListView(APIView):
    serializer_class = SeriesSerializer

    @extend_schema(operation_id="series_list", responses=SeriesSerializer(many=True))
    def get(self, request):
        """Every series the asker may see (one with a public event, or their own)."""
        user = request.user
        return Response([series_read(series=s, user=user) for s in series_visible_to(user)])

    @extend_schema(request=SeriesInputSerializer, responses={201: SeriesSerializer})
    def post(self, request):
        """Make a series (organisers): a name and the scoring rule; events are added after."""
        _signed_in(request)
        series = series_create(user=request.user, fields=body_object(request))
        return Response(series_read(series=series, user=request.user), status=201)


class SeriesView(APIView):
    serializer_class = SeriesSerializer

    @extend_schema(operation_id="series_read", responses=SeriesSerializer)
    def get(self, request, series_id: int):
        """The series: its rule (fields and in words) and its events, each with whether it
        counts and why not."""
        series = series_get(user=request.user, series_id=series_id)
        return Response(series_read(series=series, user=request.user))

    @extend_schema(request=SeriesInputSerializer, responses=SeriesSerializer)
    def patch(self, request, series_id: int):
        """Change the name or the rule (its owner; logged)."""
        series_get(user=request.user, series_id=series_id)
        _signed_in(request)
        series = series_update(user=request.user, series_id=series_id, changes=body_object(request))
        return Response(series_read(series=series, user=request.user))


class SeriesTableView(APIView):
    serializer_class = SeriesTableSerializer

    @extend_schema(responses=SeriesTableSerializer)
    def get(self, request, series_id: int):
        """The table, best first: finished public events only, by their confirmed results and
        final places; `note` explains a row level on points with another."""
        series = series_get(user=request.user, series_id=series_id)
        return Response(series_table_read(series=series, user=request.user))


class SeriesEventsView(APIView):
    serializer_class = SeriesSerializer

    @extend_schema(request=SeriesEventInputSerializer, responses={201: SeriesSerializer})
    def post(self, request, series_id: int):
        """Add one of your singles events (`{"event": id}`) at the end of the series."""
        series_get(user=request.user, series_id=series_id)
        _signed_in(request)
        body = refuse_body(request, allowed=("event",))
        series_event_add(user=request.user, series_id=series_id, event_id=body.get("event"))
        series = series_get(user=request.user, series_id=series_id)
        return Response(series_read(series=series, user=request.user), status=201)


class SeriesEventView(APIView):
    @extend_schema(request=None, responses={204: None})
    def delete(self, request, series_id: int, event_id: int):
        """Take an event out of the series (its owner; logged)."""
        series_get(user=request.user, series_id=series_id)
        _signed_in(request)
        refuse_body(request)
        series_event_remove(user=request.user, series_id=series_id, event_id=event_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
