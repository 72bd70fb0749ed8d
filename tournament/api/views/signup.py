"""Public sign-up, and the organiser's decisions on sign-ups."""

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import refuse_body
from ops.middleware import signup_taken, signup_wait
from tournament.api.auth import request_player
from tournament.api.permissions import require_write_access, visible_event
from tournament.api.serializers.signup import SignupInputSerializer, SignupSerializer
from tournament.extensions import SIGNUP_ANSWERS
from tournament.services.events.access import user_can_judge
from tournament.services.players.registration import (
    registration_approve,
    registration_reject,
    registration_submit,
    registration_withdraw,
)


class SignupView(APIView):
    serializer_class = SignupSerializer

    @extend_schema(
        request=SignupInputSerializer,
        responses={201: SignupSerializer},
        description="Anyone may sign up while the event's registration is open (409 "
        "`registration_closed` otherwise). The answer holds the new player's status "
        "(`approved`, `pending` or `waiting`), waiting-list position and private link.",
    )
    def post(self, request, event_id: int):
        event = visible_event(request, event_id)
        body = SignupInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        user = request.user if request.user.is_authenticated else None
        # The address's budget for this event (ops.throttle.SIGNUPS_PER_ADDRESS); staff are
        # not counted. Checked after the body, so a bad one is still told what is wrong.
        counted = not user_can_judge(user, event)
        if counted and (wait := signup_wait(request, event.pk)):
            raise exceptions.Throttled(
                wait, "Many sign-ups from this address for this event; try again shortly."
            )
        data = dict(body.validated_data)
        # Answers another app keeps (publication consent) are not the player's own fields.
        answers = [
            (save, {n: data.pop(n) for n in names if n in data}) for names, save in SIGNUP_ANSWERS
        ]
        player = registration_submit(event=event, user=user, **data)
        for save, values in answers:
            save(player, values)
        if counted:
            signup_taken(request, event.pk)
        data = SignupSerializer(player, context={"request": request}).data
        return Response(data, status=status.HTTP_201_CREATED)


class _DecisionView(APIView):
    serializer_class = SignupSerializer
    decide = None  # the service that makes the decision

    def post(self, request, event_id: int, player_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        player = get_object_or_404(event.players, pk=player_id)
        refuse_body(request)
        player = self.decide(player=player, user=request.user)
        return Response(SignupSerializer(player, context={"request": request}).data)


class PlayerApproveView(_DecisionView):
    decide = staticmethod(registration_approve)

    @extend_schema(
        request=None,
        responses=SignupSerializer,
        description="Organisers: let a pending, waiting, rejected or withdrawn sign-up in. "
        "409 `full` when no place is free.",
    )
    def post(self, request, event_id: int, player_id: int):
        return super().post(request, event_id, player_id)


class PlayerRejectView(_DecisionView):
    decide = staticmethod(registration_reject)

    @extend_schema(
        request=None,
        responses=SignupSerializer,
        description="Organisers: turn a sign-up away (409 `has_games` once they have played). "
        "Before round 1 is paired the waiting list moves up into a freed place.",
    )
    def post(self, request, event_id: int, player_id: int):
        return super().post(request, event_id, player_id)


class PlayerWithdrawView(APIView):
    serializer_class = SignupSerializer

    @extend_schema(
        request=None,
        responses=SignupSerializer,
        description="The player themselves (`Authorization: Key`) leaves the event or its "
        "waiting list; 409 `has_games` once they have played (the organiser drops them then).",
    )
    def post(self, request, event_id: int, player_id: int):
        visible_event(request, event_id)  # a hidden event is a 404 to anyone outside it
        player = request_player(request)
        if player is None:
            if not request.user.is_authenticated:
                raise exceptions.NotAuthenticated()
            raise exceptions.PermissionDenied("Only the player may withdraw; organisers reject.")
        if player.event_id != event_id or player.pk != player_id:
            raise exceptions.PermissionDenied("A key withdraws its own player only.")
        refuse_body(request)
        player = registration_withdraw(player=player)
        return Response(SignupSerializer(player, context={"request": request}).data)
