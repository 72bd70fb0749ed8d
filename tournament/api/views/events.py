from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.permissions import require_write_access, visible_event
from tournament.api.serializers import EventSerializer
from tournament.services.access import events_visible_to
from tournament.services.events import event_create, event_update


class EventListView(APIView):
    serializer_class = EventSerializer

    @extend_schema(operation_id="events_list", responses=EventSerializer(many=True))
    def get(self, request):
        """A bare list of the events you can see."""
        events = events_visible_to(request.user).prefetch_related("players", "rounds")
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
            seed=request.data.get("seed") if isinstance(request.data.get("seed"), int) else None,
            **data,
        )
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)


class EventDetailView(APIView):
    serializer_class = EventSerializer

    def get(self, request, event_id: int):
        return Response(EventSerializer(visible_event(request, event_id)).data)

    @extend_schema(request=EventSerializer, responses=EventSerializer)
    def patch(self, request, event_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        serializer = EventSerializer(event, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        event = event_update(event=event, user=request.user, changes=serializer.validated_data)
        return Response(EventSerializer(event).data)
