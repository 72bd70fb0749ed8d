from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.permissions import visible_event
from tournament.errors import Invalid
from tournament.services.standings import standings_compute


class StandingsView(APIView):
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        as_of = request.query_params.get("round")
        if as_of is not None and not as_of.isdigit():
            raise Invalid("round", "invalid", "Must be a round number.")
        return Response(standings_compute(event=event, as_of_round=int(as_of) if as_of else None))
