from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.permissions import require_staff_access, visible_event
from tournament.api.serializers.rounds import ClockInputSerializer, ClockSerializer
from tournament.services.live.clock import round_clock_act, round_clock_state


class RoundClockView(APIView):
    serializer_class = ClockSerializer

    @extend_schema(request=ClockInputSerializer, responses=ClockSerializer)
    def post(self, request, event_id: int, number: int):
        """Start, pause, resume or extend the round's clock; answers the clock as it now is.

        A transition the clock's state does not allow answers 409 with `clock_<state>` (e.g.
        `clock_paused` for a pause of a paused clock, `clock_started` for a second start)."""
        event = visible_event(request, event_id)
        require_staff_access(request, event)
        body = ClockInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        round_ = round_clock_act(
            event=event,
            round_number=number,
            user=request.user,
            action=body.validated_data["action"],
            minutes=body.validated_data.get("minutes"),
        )
        return Response(round_clock_state(round_=round_).as_api())
