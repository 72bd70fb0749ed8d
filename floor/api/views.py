"""The judge calls' API (docs/api.md, "At the table"): thin views over floor.services."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer, refuse_body
from common.api.fields import StrictIntegerField, name_field, text_field
from floor.models import NOTE_LIMIT, RULING_LIMIT, CallCategory, CallStatus, JudgeCall
from floor.services.board import calls_listed
from floor.services.calls import (
    MINUTES_MAX,
    judge_call_claim,
    judge_call_open,
    judge_call_resolve,
    user_name,
)
from tournament.api.auth import request_player
from tournament.api.permissions import require_staff_access, visible_event, visible_game


class CallSerializer(serializers.ModelSerializer):
    table = serializers.IntegerField(source="game.table_number", allow_null=True, read_only=True)
    claimed_by = serializers.SerializerMethodField(
        help_text=gettext_lazy("The judge's name, or null.")
    )

    class Meta:
        model = JudgeCall
        fields = [
            "id",
            "game",
            "table",
            "called_at",
            "status",
            "note",
            "claimed_by",
            "claimed_at",
            "resolved_at",
            "ruling",
            "category",
            "minutes_added",
        ]
        read_only_fields = fields

    def get_claimed_by(self, call) -> str | None:
        return user_name(call.claimed_by) or None


class QueuedCallSerializer(CallSerializer):
    players = serializers.ListField(
        child=serializers.CharField(),
        read_only=True,
        help_text=gettext_lazy("The table's players' names."),
    )
    waiting = serializers.IntegerField(
        read_only=True,
        help_text=gettext_lazy("Seconds from the call to its claim (to now while open)."),
    )

    class Meta(CallSerializer.Meta):
        fields = [*CallSerializer.Meta.fields, "players", "waiting"]
        read_only_fields = fields


class CallInputSerializer(StrictSerializer):
    note = text_field(NOTE_LIMIT, required=False, help_text="What the judge should know.")


class ResolveInputSerializer(StrictSerializer):
    ruling = name_field(RULING_LIMIT, help_text="The ruling, shown to the table's players.")
    category = serializers.ChoiceField(
        choices=CallCategory.choices, required=False, help_text=gettext_lazy("Default: other.")
    )
    minutes_added = StrictIntegerField(
        min_value=0,
        max_value=MINUTES_MAX,
        required=False,
        range_code="range",
        help_text=gettext_lazy("Minutes given to the table (its end and its game clocks move)."),
    )


class CallQuerySerializer(StrictSerializer):
    status = serializers.ChoiceField(
        choices=CallStatus.choices,
        required=False,
        help_text=gettext_lazy("Only calls of this status (default: open and claimed, the queue)."),
    )


class GameCallView(APIView):
    serializer_class = CallSerializer

    @extend_schema(
        operation_id="games_judge_calls_create",
        request=CallInputSerializer,
        responses={201: CallSerializer, 200: CallSerializer},
        description="Call a judge to this game's table: a player of the game (their key) or "
        "the event's staff. The game's clock pauses. While a call of the game is unresolved, "
        "calling again answers that call (200), never a second one.",
    )
    def post(self, request, game_id: int):
        game = visible_game(request, game_id)
        body = CallInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        player = request_player(request)
        if player is None and not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        call, new = judge_call_open(
            game_id=game.pk,
            note=body.validated_data.get("note", ""),
            player=player,
            user=None if player is not None else request.user,
        )
        code = status.HTTP_201_CREATED if new else status.HTTP_200_OK
        return Response(CallSerializer(call).data, status=code)


class EventCallsView(APIView):
    serializer_class = QueuedCallSerializer
    reads_are_guarded = True

    @extend_schema(
        operation_id="events_judge_calls_list",
        parameters=[CallQuerySerializer],
        responses=QueuedCallSerializer(many=True),
        description="The event's judge calls, oldest first (organisers and judges): by "
        "default the queue (open and claimed), or those of one `status`.",
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        require_staff_access(request, event)
        query = CallQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        calls = calls_listed(event=event, status=query.validated_data.get("status"))
        return Response(QueuedCallSerializer(calls, many=True).data)


def _staff_call(request, call_id: int) -> JudgeCall:
    """The call, 404 unless the asker may see its event; 401 when nobody is signed in."""
    call = JudgeCall.objects.filter(pk=call_id).only("pk", "event_id").first()
    if call is None:
        raise Http404("No such judge call.")
    try:
        event = visible_event(request, call.event_id)
    except Http404:
        raise Http404("No such judge call.") from None
    if not request.user.is_authenticated:
        raise exceptions.NotAuthenticated()
    require_staff_access(request, event)
    return call


class CallClaimView(APIView):
    serializer_class = CallSerializer

    @extend_schema(
        operation_id="judge_calls_claim",
        request=None,
        responses=CallSerializer,
        description="A judge takes the call (staff). 409 `claimed` when another judge holds "
        "it (naming them), `resolved` once resolved.",
    )
    def post(self, request, call_id: int):
        call = _staff_call(request, call_id)
        refuse_body(request)
        return Response(CallSerializer(judge_call_claim(call_id=call.pk, user=request.user)).data)


class CallResolveView(APIView):
    serializer_class = CallSerializer

    @extend_schema(
        operation_id="judge_calls_resolve",
        request=ResolveInputSerializer,
        responses=CallSerializer,
        description="The ruling (staff): the game's clock runs again for the side that was "
        "running; `minutes_added` extends the table (logged as an extension).",
    )
    def post(self, request, call_id: int):
        call = _staff_call(request, call_id)
        body = ResolveInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        call = judge_call_resolve(
            call_id=call.pk,
            user=request.user,
            ruling=data["ruling"],
            category=data.get("category", ""),
            minutes_added=data.get("minutes_added", 0),
        )
        return Response(CallSerializer(call).data)
