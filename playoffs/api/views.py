"""The play-off API: thin views over playoffs.services."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import refuse_body
from common.errors import NotFound
from playoffs.api.serializers import (
    PlayoffDecideInputSerializer,
    PlayoffInputSerializer,
    PlayoffPlacingsSerializer,
    PlayoffSeedsInputSerializer,
    PlayoffSerializer,
)
from playoffs.services.placings import playoff_placings
from playoffs.services.playoffs import (
    playoff_advance,
    playoff_create,
    playoff_decide,
    playoff_delete,
    playoff_reseed,
)
from playoffs.services.views import playoff_view
from tournament.api.permissions import require_write_access, visible_event
from tournament.api.serializers.rounds import RoundSerializer
from tournament.services.events.access import user_can_judge


def _view(event, *, public: bool = False) -> dict:
    data = playoff_view(event=event, public=public)
    if data is None:
        raise NotFound(
            "playoffs",
            "not_found",
            gettext("%(name)s has no play-offs yet.") % {"name": event.name},
        )
    return data


def _pair(value):
    return tuple(value) if value else None


class PlayoffView(APIView):
    serializer_class = PlayoffSerializer

    @extend_schema(operation_id="events_playoffs_read", responses=PlayoffSerializer)
    def get(self, request, event_id: int):
        """The bracket: every match in round order with its players (seed, name), game,
        table and winner; 404 until the cut is made."""
        event = visible_event(request, event_id)
        # The public reads the event's public names (issue 36).
        return Response(_view(event, public=not user_can_judge(request.user, event)))

    @extend_schema(request=PlayoffInputSerializer, responses={201: PlayoffSerializer})
    def post(self, request, event_id: int):
        """Make the cut from the current Swiss standings (or the organiser's seeds): 409
        swiss_incomplete while the Swiss is unfinished unless `force`; 409 exists."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = PlayoffInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        playoff_create(
            event_id=event.pk,
            user=request.user,
            format=data["format"],
            size=data["size"],
            qualifier=_pair(data.get("qualifier")),
            shadow=_pair(data.get("shadow")),
            grand_final_reset=data["grand_final_reset"],
            seeding=data["seeding"],
            seeds=data.get("seeds"),
            knockout_tiebreak=data["knockout_tiebreak"],
            third_place=data["third_place"],
            force=data["force"],
        )
        return Response(_view(event), status=status.HTTP_201_CREATED)

    @extend_schema(request=PlayoffSeedsInputSerializer, responses=PlayoffSerializer)
    def patch(self, request, event_id: int):
        """Adjust the seeding before the first knockout round (logged, undoable); 409
        playoffs_started after it."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = PlayoffSeedsInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        if "seeds" in body.validated_data:
            playoff_reseed(event_id=event.pk, user=request.user, seeds=body.validated_data["seeds"])
        return Response(_view(event))

    @extend_schema(responses={204: None})
    def delete(self, request, event_id: int):
        """Take the cut back before its first knockout round (409 playoffs_started)."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        refuse_body(request)
        playoff_delete(event_id=event.pk, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PlayoffAdvanceView(APIView):
    serializer_class = RoundSerializer

    @extend_schema(request=None, responses={201: RoundSerializer})
    def post(self, request, event_id: int):
        """Pair the next knockout round (a round with stage "playoff"): 409 results_missing
        while a knockout game has no winner, 409 finished after the final."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        refuse_body(request)
        round_ = playoff_advance(event_id=event.pk, user=request.user)
        return Response(RoundSerializer(round_).data, status=status.HTTP_201_CREATED)


class PlayoffDecideView(APIView):
    serializer_class = PlayoffDecideInputSerializer

    @extend_schema(request=PlayoffDecideInputSerializer, responses=PlayoffSerializer)
    def post(self, request, event_id: int):
        """Under the `organiser` tie rule: who goes through from a game drawn on VP, or a
        team bracket's drawn team match (`match`, `winner` a team id); logged."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = PlayoffDecideInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        playoff_decide(
            event_id=event.pk,
            user=request.user,
            game_id=body.validated_data.get("game"),
            match_id=body.validated_data.get("match"),
            winner=body.validated_data["winner"],
        )
        return Response(_view(event))


class PlayoffPlacingsView(APIView):
    serializer_class = PlayoffPlacingsSerializer

    @extend_schema(responses=PlayoffPlacingsSerializer)
    def get(self, request, event_id: int):
        """Final placings once the bracket is finished: its players by the bracket, then
        everyone else by the Swiss (`decided_by`); empty until then."""
        event = visible_event(request, event_id)
        return Response(playoff_placings(event=event))
