"""The pods API: thin views over playoffs.services.pods.pods."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer, refuse_body
from common.api.fields import StrictBooleanField, StrictIntegerField
from common.errors import NotFound
from playoffs.api.serializers import PlayoffSerializer
from playoffs.engine import FORMATS, KNOCKOUT_TIEBREAKS
from playoffs.engine.pods import POD_METHODS
from playoffs.services.pods.pods import (
    CUTS,
    pods_adjust,
    pods_create,
    pods_cut_create,
    pods_delete,
    pods_view,
)
from playoffs.services.views import playoff_view
from tournament.api.permissions import require_write_access, visible_event


def _pods_field(required: bool):
    return serializers.ListField(
        child=serializers.ListField(child=StrictIntegerField(), allow_empty=False),
        required=required,
        help_text=gettext_lazy(
            "Player ids of pod 1, pod 2, ...: everyone in play in exactly one pod."
        ),
    )


class PodsInputSerializer(StrictSerializer):
    method = serializers.ChoiceField(
        choices=POD_METHODS,
        help_text=gettext_lazy(
            '"standings": bands of the standings after `after_round` (pod 1 the top); '
            '"organiser": the `pods` given; "random": dealt at random from `seed`, clubs spread.'
        ),
    )
    count = StrictIntegerField(
        required=False, min_value=2, help_text=gettext_lazy("How many pods (standings and random).")
    )
    after_round = StrictIntegerField(
        required=False,
        min_value=0,
        help_text=gettext_lazy("Standings after this round (default: the last)."),
    )
    seed = StrictIntegerField(
        required=False,
        min_value=0,
        help_text=gettext_lazy("Random pods: the draw's seed (default: drawn)."),
    )
    pods = _pods_field(required=False)
    first_round = StrictIntegerField(
        required=False,
        min_value=1,
        help_text=gettext_lazy("First round paired inside the pods (default: next)."),
    )
    last_round = StrictIntegerField(
        min_value=1, help_text=gettext_lazy("Last round paired inside the pods.")
    )


class PodsAdjustSerializer(StrictSerializer):
    pods = _pods_field(required=False)
    last_round = StrictIntegerField(required=False, min_value=1)


class PodsCutSerializer(StrictSerializer):
    cut = serializers.ChoiceField(
        choices=CUTS,
        help_text=gettext_lazy(
            '"per_pod": the top `per_pod` of each pod; "overall": the top `size`.'
        ),
    )
    per_pod = StrictIntegerField(required=False, min_value=1, max_value=32)
    size = StrictIntegerField(required=False, min_value=2, max_value=64)
    format = serializers.ChoiceField(
        choices=[f for f in FORMATS if f != "shadow"], default="single"
    )
    grand_final_reset = StrictBooleanField(default=True)
    knockout_tiebreak = serializers.ChoiceField(
        choices=list(KNOCKOUT_TIEBREAKS), default="higher_seed"
    )
    force = StrictBooleanField(
        default=False,
        help_text=gettext_lazy("Cut although the Swiss is not finished (409 otherwise)."),
    )


class PodPlayerSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    place = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("Place in the pod; null unranked.")
    )
    rank = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("Rank in the whole field.")
    )
    record = serializers.CharField()
    mp = serializers.JSONField(allow_null=True)


class PodSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    players = PodPlayerSerializer(many=True)


class PodsSerializer(serializers.Serializer):
    method = serializers.CharField()
    after_round = serializers.IntegerField()
    seed = serializers.IntegerField(allow_null=True)
    first_round = serializers.IntegerField()
    last_round = serializers.IntegerField()
    started = serializers.BooleanField(help_text=gettext_lazy("A round is paired inside the pods."))
    pods = PodSerializer(many=True)


def _view(event) -> dict:
    data = pods_view(event=event)
    if data is None:
        raise NotFound("pods", "not_found", gettext("%(name)s has no pods.") % {"name": event.name})
    return data


class PodsView(APIView):
    serializer_class = PodsSerializer

    @extend_schema(operation_id="events_pods_read", responses=PodsSerializer)
    def get(self, request, event_id: int):
        """The pods: each with its players in pod standings order (confirmed results); 404
        until the field is split."""
        return Response(_view(visible_event(request, event_id)))

    @extend_schema(request=PodsInputSerializer, responses={201: PodsSerializer})
    def post(self, request, event_id: int):
        """Split the field into pods for rounds first_round..last_round (logged, undoable);
        409 exists."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = PodsInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        pods_create(event_id=event.pk, user=request.user, **body.validated_data)
        return Response(_view(event), status=status.HTTP_201_CREATED)

    @extend_schema(request=PodsAdjustSerializer, responses=PodsSerializer)
    def patch(self, request, event_id: int):
        """Move players between pods (the whole `pods` list) or change `last_round`
        (logged, undoable); unchanged, nothing is logged."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = PodsAdjustSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        pods_adjust(event_id=event.pk, user=request.user, **body.validated_data)
        return Response(_view(event))

    @extend_schema(responses={204: None})
    def delete(self, request, event_id: int):
        """Take the pods back before a round is paired inside them (409 pods_started)."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        refuse_body(request)
        pods_delete(event_id=event.pk, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PodsCutView(APIView):
    serializer_class = PodsCutSerializer

    @extend_schema(request=PodsCutSerializer, responses={201: PlayoffSerializer})
    def post(self, request, event_id: int):
        """The cut across pods into the play-offs' bracket: the top `per_pod` of each pod
        (pod winners seeded first, each tier by the whole field's standings) or the top `size`
        overall. 409 swiss_incomplete unless `force`; 409 exists."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = PodsCutSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        pods_cut_create(event_id=event.pk, user=request.user, **body.validated_data)
        return Response(playoff_view(event=event), status=status.HTTP_201_CREATED)
