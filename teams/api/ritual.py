"""API of the captains' pairing ritual: read it (as captain or organiser) and act in it."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer, refuse_body
from teams.engine.ritual import SIDES, STEPS, VARIANTS
from teams.services.ritual import (
    ritual_act,
    ritual_match_require_known,
    ritual_reset,
    ritual_setting_update,
    ritual_state,
    ritual_variant_of,
)
from tournament.api.auth import request_player
from tournament.api.permissions import require_staff_access, visible_event


class RitualPlayerSerializer(StrictSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    faction = serializers.CharField(allow_blank=True)


class RitualTeamSerializer(StrictSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class RitualMatchSerializer(StrictSerializer):
    id = serializers.IntegerField()
    event_id = serializers.IntegerField()
    round = serializers.IntegerField()
    number = serializers.IntegerField()
    team_a = RitualTeamSerializer()
    team_b = RitualTeamSerializer()


class RitualGameSerializer(StrictSerializer):
    table = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("Set once the games exist.")
    )
    a = RitualPlayerSerializer()
    b = RitualPlayerSerializer()
    how = serializers.ChoiceField(
        choices=["champions", "defender_a", "defender_b", "refused", "last"],
        help_text=gettext_lazy(
            "How the game came about: a side's defender and the attacker it chose, the "
            "two refused attackers of the last round, the last players, or the champions."
        ),
    )


class RitualSerializer(StrictSerializer):
    match = RitualMatchSerializer()
    you = serializers.ChoiceField(
        choices=["a", "b", "organiser"], help_text=gettext_lazy("The asker's role in this ritual.")
    )
    variant = serializers.ChoiceField(choices=list(VARIANTS))
    variant_label = serializers.CharField()
    size = serializers.IntegerField()
    round = serializers.IntegerField(
        help_text=gettext_lazy("The ritual's round (0: the champions' step).")
    )
    step = serializers.ChoiceField(choices=[*STEPS, "done"])
    step_label = serializers.CharField()
    done = serializers.BooleanField()
    version = serializers.IntegerField(
        help_text=gettext_lazy("Send it back with the action to refuse stale.")
    )
    committed = serializers.DictField(
        child=serializers.BooleanField(),
        help_text=gettext_lazy("Whether side a / b has chosen at this step."),
    )
    my_choice = serializers.JSONField(
        allow_null=True, help_text=gettext_lazy("A captain's own committed, unrevealed choice.")
    )
    options = serializers.DictField(
        child=RitualPlayerSerializer(many=True),
        help_text=gettext_lazy("By side you may act for: the players you may name at this step."),
    )
    pool = serializers.DictField(child=RitualPlayerSerializer(many=True))
    current = serializers.DictField(
        child=serializers.DictField(child=serializers.JSONField()),
        help_text=gettext_lazy(
            "This round's revealed defender, attackers and choices, by step then side."
        ),
    )
    games = RitualGameSerializer(many=True)
    record = serializers.ListField(child=serializers.CharField())


class RitualActionSerializer(StrictSerializer):
    side = serializers.ChoiceField(
        choices=list(SIDES),
        required=False,
        help_text=gettext_lazy(
            "The team acted for: required for organisers and judges; a captain's is theirs."
        ),
    )
    step = serializers.ChoiceField(
        choices=list(STEPS), help_text=gettext_lazy("The step the action is for.")
    )
    player = serializers.IntegerField(
        required=False,
        help_text=gettext_lazy("Champion, defender or chosen attacker (a player id)."),
    )
    players = serializers.ListField(
        child=serializers.IntegerField(),
        min_length=2,
        max_length=2,
        required=False,
        help_text=gettext_lazy("The two attackers (player ids), at the attackers step."),
    )
    version = serializers.IntegerField(
        min_value=0,
        required=False,
        help_text=gettext_lazy("The version read; 409 `stale` if it moved on."),
    )


def _actor(request, match_id: int) -> dict:
    player = request_player(request)
    if player is not None:
        return {"player": player}
    if not request.user.is_authenticated:
        # Only about a match the visitor may know of: a hidden event's match is a 404.
        ritual_match_require_known(match_id=match_id)
        raise exceptions.NotAuthenticated()
    return {"user": request.user}


class RitualView(APIView):
    serializer_class = RitualSerializer

    @extend_schema(
        operation_id="team_match_ritual_read",
        responses=RitualSerializer,
        description="The ritual as the asker may see it: a captain (player key) sees their own "
        "committed choice, never the other captain's until both have chosen; organisers and "
        "judges see which sides have chosen.",
    )
    def get(self, request, match_id: int):
        return Response(
            RitualSerializer(ritual_state(match_id=match_id, **_actor(request, match_id))).data
        )

    @extend_schema(
        operation_id="team_match_ritual_act",
        request=RitualActionSerializer,
        responses=RitualSerializer,
        description="Commit one side's choice at the current step. Refusals: `wrong_step`, "
        "`already_chosen`, `player_not_available`, `same_player_twice`, `not_an_attacker`, "
        "`two_attackers`, `stale` (409), `not_captain` (403), `bye` (409).",
    )
    def post(self, request, match_id: int):
        actor = _actor(request, match_id)
        ritual_match_require_known(match_id=match_id, **actor)  # before the body's checks
        if not isinstance(request.data, dict):
            raise exceptions.ParseError("The body must be a JSON object.")
        body = RitualActionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        seen = ritual_act(match_id=match_id, data=dict(body.validated_data), **actor)
        return Response(RitualSerializer(seen).data)

    @extend_schema(
        operation_id="team_match_ritual_reset",
        request=None,
        responses={204: None},
        description="Organisers: start the ritual again while the match's players are not "
        "paired (409 `already_paired` otherwise, `not_started` if there is none).",
    )
    def delete(self, request, match_id: int):
        if not request.user.is_authenticated:
            ritual_match_require_known(match_id=match_id)
            raise exceptions.NotAuthenticated()
        refuse_body(request)
        ritual_reset(match_id=match_id, user=request.user)
        return Response(status=204)


class RitualSettingSerializer(StrictSerializer):
    variant = serializers.ChoiceField(
        choices=[(k, v["label"]) for k, v in VARIANTS.items()],
        help_text=gettext_lazy(
            "`etc`: the ETC/WTC draft; `champions`: each side names a champion first."
        ),
    )


class RitualSettingView(APIView):
    serializer_class = RitualSettingSerializer

    @extend_schema(operation_id="event_ritual_setting_read", responses=RitualSettingSerializer)
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        return Response({"variant": ritual_variant_of(event)})

    @extend_schema(
        operation_id="event_ritual_setting_update",
        request=RitualSettingSerializer,
        responses=RitualSettingSerializer,
    )
    def put(self, request, event_id: int):
        event = visible_event(request, event_id)
        require_staff_access(request, event)
        body = RitualSettingSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        variant = ritual_setting_update(
            event_id=event.pk, variant=body.validated_data["variant"], user=request.user
        )
        return Response({"variant": variant})
