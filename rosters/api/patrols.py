"""The Combat Patrol API: an event's patrols, thin views over rosters.services.patrols.patrols."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer, refuse_body
from common.api.fields import StrictIntegerField, name_field, text_field
from rosters.engine.patrols import ENHANCEMENTS_PER_PATROL
from rosters.models.patrols import CombatPatrol
from rosters.services.patrols.patrols import (
    MODELS_MAX,
    patrol_create,
    patrol_delete,
    patrol_update,
    patrols_of,
)
from tournament.api.permissions import require_write_access, visible_event


class PatrolUnitSerializer(StrictSerializer):
    name = name_field(120)
    models = StrictIntegerField(min_value=1, max_value=MODELS_MAX, range_code="range")


class PatrolUnitsField(serializers.ListField):
    """A patrol's units: the schema states at least one (minItems); an empty list is refused
    with the service's code and words (units `invalid`), as before."""

    def to_internal_value(self, data):
        if isinstance(data, list) and not data:
            raise serializers.ValidationError(
                gettext("Must list the patrol's units (at least one)."), code="invalid"
            )
        return super().to_internal_value(data)


class PatrolInputSerializer(StrictSerializer):
    name = name_field(120)
    faction = text_field(120, required=False)
    units = PatrolUnitsField(
        child=PatrolUnitSerializer(),
        min_length=1,
        help_text=gettext_lazy("Each unit with its model count."),
    )
    enhancements = serializers.ListField(
        child=name_field(120),
        required=False,
        max_length=ENHANCEMENTS_PER_PATROL,
        help_text=gettext_lazy(
            "The patrol's enhancements, of which a player takes one (empty: unchecked)."
        ),
    )


class PatrolSerializer(serializers.ModelSerializer):
    units = PatrolUnitSerializer(many=True, read_only=True)
    enhancements = serializers.ListField(child=serializers.CharField(), read_only=True)

    class Meta:
        model = CombatPatrol
        fields = ["id", "name", "faction", "units", "enhancements"]
        read_only_fields = fields


def _data(body) -> dict:
    data = dict(body.validated_data)
    if "units" in data:
        data["units"] = [dict(u) for u in data["units"]]
    if "enhancements" in data:
        data["enhancements"] = list(data["enhancements"])
    return data


class PatrolListView(APIView):
    serializer_class = PatrolSerializer

    @extend_schema(
        operation_id="events_patrols_list",
        responses=PatrolSerializer(many=True),
        description="A Combat Patrol event's patrols: each one's fixed units and enhancements.",
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        return Response(PatrolSerializer(patrols_of(event), many=True).data)

    @extend_schema(request=PatrolInputSerializer, responses={201: PatrolSerializer})
    def post(self, request, event_id: int):
        """Enter a patrol (organisers; logged, undoable; 409 duplicate name)."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = PatrolInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        patrol = patrol_create(event=event, user=request.user, data=_data(body))
        return Response(PatrolSerializer(patrol).data, status=status.HTTP_201_CREATED)


class PatrolDetailView(APIView):
    serializer_class = PatrolSerializer

    @extend_schema(responses=PatrolSerializer)
    def get(self, request, event_id: int, patrol_id: int):
        event = visible_event(request, event_id)
        return Response(PatrolSerializer(get_object_or_404(patrols_of(event), pk=patrol_id)).data)

    @extend_schema(request=PatrolInputSerializer(partial=True), responses=PatrolSerializer)
    def patch(self, request, event_id: int, patrol_id: int):
        """Change a patrol's name, faction, units or enhancements (logged, undoable)."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        patrol = get_object_or_404(patrols_of(event), pk=patrol_id)
        body = PatrolInputSerializer(data=request.data, partial=True)
        body.is_valid(raise_exception=True)
        patrol = patrol_update(patrol=patrol, user=request.user, changes=_data(body))
        return Response(PatrolSerializer(patrol).data)

    @extend_schema(responses={204: None})
    def delete(self, request, event_id: int, patrol_id: int):
        """Delete a patrol (logged; undo enters it again)."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        patrol = get_object_or_404(patrols_of(event), pk=patrol_id)
        refuse_body(request)
        patrol_delete(patrol=patrol, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
