"""Penalties and cards (issue 35): staff record them; anyone who may read the event reads kind,
round and player (never the reason)."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer, refuse_body
from common.api.fields import StrictCharField, StrictIntegerField
from tournament.api.permissions import require_staff_access, visible_event
from tournament.models import PenaltyKind
from tournament.services.events.access import user_can_judge
from tournament.services.players.penalties import (
    REASON_LIMIT,
    VP_MAX,
    penalties_list,
    penalty_give,
    penalty_remove,
)


class PenaltySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.IntegerField()
    player_name = serializers.CharField()
    kind = serializers.ChoiceField(choices=PenaltyKind.choices)
    round = serializers.IntegerField()
    vp = serializers.IntegerField(
        required=False, help_text=gettext_lazy("Staff only: VP taken (a VP penalty), else 0.")
    )
    reason = serializers.CharField(required=False, help_text=gettext_lazy("Staff only."))
    given_by = serializers.CharField(
        required=False, allow_null=True, help_text=gettext_lazy("Staff only.")
    )
    given_at = serializers.DateTimeField(required=False, help_text=gettext_lazy("Staff only."))


class PenaltyInputSerializer(StrictSerializer):
    player = StrictIntegerField(help_text=gettext_lazy("The player's id."))
    kind = serializers.ChoiceField(choices=PenaltyKind.choices)
    round = StrictIntegerField(help_text=gettext_lazy("A paired round's number."))
    vp = StrictIntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=VP_MAX,
        range_code="range",
        help_text=gettext_lazy(
            "vp_penalty only (required there): the VP taken from that round's game."
        ),
    )
    reason = StrictCharField(
        max_length=REASON_LIMIT, help_text=gettext_lazy("Why: staff read it, never the public.")
    )


class PenaltyListView(APIView):
    serializer_class = PenaltySerializer

    @extend_schema(operation_id="events_penalties_list", responses=PenaltySerializer(many=True))
    def get(self, request, event_id: int):
        """The event's penalties by round. Staff read every field; anyone else who may read
        the event (a public one) reads kind, round and player only."""
        event = visible_event(request, event_id)
        if event.hidden and not user_can_judge(request.user, event):
            raise Http404("No such event.")
        return Response(penalties_list(event=event, user=request.user))

    @extend_schema(request=PenaltyInputSerializer, responses={201: PenaltySerializer})
    def post(self, request, event_id: int):
        """Record a penalty (organisers and judges; logged, undoable)."""
        event = visible_event(request, event_id)
        require_staff_access(request, event)
        body = PenaltyInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        penalty = penalty_give(
            event=event,
            user=request.user,
            player_id=data["player"],
            kind=data["kind"],
            round_number=data["round"],
            vp=data.get("vp"),
            reason=data["reason"],
        )
        row = next(
            r for r in penalties_list(event=event, user=request.user) if r["id"] == penalty.pk
        )
        return Response(row, status=status.HTTP_201_CREATED)


class PenaltyDetailView(APIView):
    serializer_class = PenaltySerializer

    @extend_schema(responses={204: None})
    def delete(self, request, event_id: int, penalty_id: int):
        """Remove a penalty given by mistake (organisers and judges; logged, undoable)."""
        event = visible_event(request, event_id)
        require_staff_access(request, event)
        refuse_body(request)
        penalty_remove(event=event, user=request.user, penalty_id=penalty_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
