from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import refuse_body
from common.errors import Invalid
from tournament.api.permissions import require_write_access, visible_event
from tournament.api.serializers.events import EventDeleteSerializer, EventSerializer
from tournament.services.events.access import events_visible_to
from tournament.services.events.events import (
    event_create,
    event_delete,
    event_update,
    events_counted,
)

ARCHIVED = OpenApiParameter(
    "archived",
    OpenApiTypes.STR,
    enum=["true", "false"],
    description="true: list the archived events instead (default false: the others).",
)
CONFIRM = OpenApiParameter(
    "confirm",
    OpenApiTypes.STR,
    description="The event's name, exactly (or `confirm` in the JSON body).",
)


class EventListView(APIView):
    serializer_class = EventSerializer

    @extend_schema(
        operation_id="events_list",
        parameters=[ARCHIVED],
        responses=EventSerializer(many=True),
    )
    def get(self, request):
        """A bare list of the events you can see; archived ones with `?archived=true`."""
        wanted = request.query_params.get("archived", "false")
        if wanted not in ("true", "false"):
            raise Invalid("archived", "invalid", gettext("Must be true or false."))
        events = events_visible_to(request.user).filter(archived=wanted == "true")
        events = events_counted(events)
        return Response(EventSerializer(events, many=True).data)

    @extend_schema(request=EventSerializer, responses={201: EventSerializer})
    def post(self, request):
        """Create an event (organiser accounts only); you become its organiser."""
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        serializer = EventSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        event = event_create(
            user=request.user,
            name=data.pop("name"),
            rounds=data.pop("planned_rounds"),
            seed=data.pop("seed", None),
            **data,
        )
        return Response(
            EventSerializer(event, context={"request": request}).data,
            status=status.HTTP_201_CREATED,
        )


class EventDetailView(APIView):
    serializer_class = EventSerializer

    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        # The request tells a field read by organisers only (an app's extra field) who asks.
        return Response(EventSerializer(event, context={"request": request}).data)

    @extend_schema(request=EventSerializer, responses=EventSerializer)
    def patch(self, request, event_id: int):
        """Change settings; `{"archived": true}` archives the event, false unarchives it."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        serializer = EventSerializer(event, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        event = event_update(event=event, user=request.user, changes=serializer.validated_data)
        return Response(EventSerializer(event, context={"request": request}).data)

    @extend_schema(
        request=EventDeleteSerializer,
        parameters=[CONFIRM],
        responses={204: None},
    )
    def delete(self, request, event_id: int):
        """Delete the event and everything in it, for good. Requires the event's name as
        `confirm` (body or query); otherwise 400 naming `confirm` and nothing is deleted."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = refuse_body(request, allowed=("confirm",))
        confirm = request.query_params.get("confirm")
        if confirm is None:
            confirm = body.get("confirm")
        if confirm is not None and not isinstance(confirm, str):
            raise Invalid("confirm", "invalid", gettext("Must be the event's name, as text."))
        event_delete(event=event, user=request.user, confirm=confirm)
        return Response(status=status.HTTP_204_NO_CONTENT)
