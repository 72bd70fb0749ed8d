"""`GET/POST /api/games/{gid}/clock/`: the game clock, read by anyone who may see the game
(public for a public event), moved by its players (their key) and the event's staff."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import authentication, permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from clocks.api.serializers import GameClockMoveSerializer, GameClockSerializer
from clocks.services.clocks import clock_move, clock_of, clock_state
from common.errors import Conflict
from tournament.api.auth import PlayerKeyAuthentication, request_player
from tournament.api.permissions import visible_game
from tournament.services.events.access import user_can_judge

MOVE = (
    "A tap on the game clock, made against the `version` the phone showed: a player's key "
    "moves its own side (`start` runs it, `pass` stops it and runs the opponent's, `pause`, "
    "`resume`); staff (session or token) either side, naming it with `side` for start and "
    "pass, and their pause holds the clock until staff resume it. A clock held for a judge "
    "call runs again when the call is resolved (409 `held` for a player's resume). 409 "
    "`stale_clock` when `version` is not the current one (nothing changes: read the clock "
    "again), `not_your_clock` when the asker's side is not the one running, `no_clock` when "
    "the event has no game clocks (its `game_clock_minutes` is null) or the game is a bye."
)


class GameClockView(APIView):
    authentication_classes = [
        PlayerKeyAuthentication,
        authentication.SessionAuthentication,
        authentication.TokenAuthentication,
    ]
    permission_classes = [permissions.AllowAny]
    serializer_class = GameClockSerializer

    @extend_schema(
        operation_id="games_clock_read",
        responses=GameClockSerializer,
        description="The game clock: seconds left for each side at `at` (count down locally "
        "from there), the side running, the pause and its reason, the `version` moves are "
        "made against. Anyone who may see the game (public for a public event; a hidden "
        "event's for its players by key and its staff); 404 `no_clock` when the event has no "
        "game clocks; 409 `not_released` before the round is released (staff see it).",
    )
    def get(self, request, game_id: int):
        game = visible_game(request, game_id)
        if not game.round.released and not user_can_judge(request.user, game.round.event):
            raise Conflict(
                "game", "not_released", gettext("This round's pairings are not released yet.")
            )
        clock = clock_of(game_id=game.pk)
        return Response(clock_state(clock, now=timezone.now()))

    @extend_schema(
        operation_id="games_clock_move",
        request=GameClockMoveSerializer,
        responses=GameClockSerializer,
        description=MOVE,
    )
    def post(self, request, game_id: int):
        player = request_player(request)
        game = visible_game(request, game_id)
        if player is None and not request.user.is_authenticated:
            self.permission_denied(request, message="Send your player key.")
        body = GameClockMoveSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        clock = clock_move(
            game_id=game.pk,
            player=player,
            user=request.user if request.user.is_authenticated else None,
            **body.validated_data,
        )
        return Response(clock_state(clock, now=timezone.now()))
