from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import refuse_body
from common.errors import Forbidden
from ops.middleware import client_address
from tournament.api.auth import request_player
from tournament.api.permissions import require_write_access, visible_event
from tournament.api.serializers.players import (
    PlayerPrivateSerializer,
    PlayerSavedSerializer,
    PlayerSerializer,
)
from tournament.models import PlayerStatus
from tournament.services.events.access import user_can_judge, user_can_manage
from tournament.services.events.extra_fields import extra_related
from tournament.services.players.checkin import player_check_in_self
from tournament.services.players.players import (
    player_delete,
    player_register,
    player_update,
    player_warnings,
)
from tournament.services.players.public import players_named_for_public


def _serializer_for(request, event):
    # Judges hand out a lost player link too, so they read the keys like organisers.
    return PlayerPrivateSerializer if user_can_judge(request.user, event) else PlayerSerializer


def _players(request, event):
    """Organisers see every sign-up; everyone else the approved field only."""
    # With the rows other apps keep beside each player (an army list), in the same query.
    players = event.players.select_related(*extra_related("player"))
    if user_can_manage(request.user, event):
        return players.all()
    return players.filter(status=PlayerStatus.APPROVED)


class PlayerListView(APIView):
    serializer_class = PlayerSerializer

    @extend_schema(
        operation_id="events_players_list",
        responses=PlayerSerializer(many=True),
        description="A bare list. Organisers and judges also see each player's `private_key`; "
        "organisers also see sign-ups not approved (yet); others see approved players only.",
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        players = list(_players(request, event))
        if not user_can_judge(request.user, event):
            # The public reads the event's public names (issue 36); the staff full names.
            players_named_for_public(event, players)
        return Response(_serializer_for(request, event)(players, many=True).data)

    @extend_schema(request=PlayerSerializer, responses={201: PlayerSavedSerializer})
    def post(self, request, event_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        serializer = PlayerPrivateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        player = player_register(event=event, user=request.user, name=data.pop("name"), **data)
        data = {**PlayerPrivateSerializer(player).data, "warnings": player_warnings(player)}
        return Response(data, status=status.HTTP_201_CREATED)


class PlayerDetailView(APIView):
    serializer_class = PlayerSerializer

    @extend_schema(description="Organisers and judges also see the player's `private_key`.")
    def get(self, request, event_id: int, player_id: int):
        event = visible_event(request, event_id)
        player = get_object_or_404(_players(request, event), pk=player_id)
        own = getattr(request_player(request), "pk", None) == player.pk
        if not own and not user_can_judge(request.user, event):
            players_named_for_public(event, [player])
        return Response(_serializer_for(request, event)(player).data)

    @extend_schema(request=PlayerSerializer, responses=PlayerSavedSerializer)
    def patch(self, request, event_id: int, player_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        player = get_object_or_404(event.players, pk=player_id)
        # The organiser's shape, so a player read (with its key) can be sent back unchanged.
        serializer = PlayerPrivateSerializer(player, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        player = player_update(player=player, user=request.user, changes=serializer.validated_data)
        return Response(
            {**PlayerPrivateSerializer(player).data, "warnings": player_warnings(player)}
        )

    @extend_schema(responses={204: None})
    def delete(self, request, event_id: int, player_id: int):
        """Remove a player who has no game in any round (byes count); one who has played is
        refused with 409 `player_has_games` (drop them instead)."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        player = get_object_or_404(event.players, pk=player_id)
        refuse_body(request)
        player_delete(player=player, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PlayerCheckInResponseSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    checked_in = serializers.BooleanField()


class PlayerCheckInView(APIView):
    serializer_class = PlayerCheckInResponseSerializer

    @extend_schema(request=None, responses=PlayerCheckInResponseSerializer)
    def post(self, request, event_id: int, player_id: int):
        """The player checks themselves in with their key (`Authorization: Key ...`) while the
        organiser has check-in open."""
        player = request_player(request)
        if player is None:
            visible_event(request, event_id)  # a hidden event is a 404, not a 401
            raise exceptions.NotAuthenticated("Send the player's key: Authorization: Key <key>.")
        if player.event_id != event_id or player.pk != player_id:
            visible_event(request, event_id)
            raise Forbidden("player", "not_your_player", gettext("This key is another player's."))
        refuse_body(request)  # it takes no body: a key sent is refused, not ignored
        player = player_check_in_self(player=player, client_address=client_address(request))
        return Response({"id": player.pk, "name": player.name, "checked_in": player.checked_in})
