"""The tracker's JSON endpoints: standalone games by link token, event games by player key."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import authentication, permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer, body_object
from common.api.schema import ApiErrorSerializer
from common.errors import Invalid
from tournament.api.auth import PlayerKeyAuthentication, request_player
from tracker.services.eleventh import PACK_KEY as ELEVENTH_PACK
from tracker.services.trackers import (
    player_side,
    tracker_act,
    tracker_create,
    tracker_game_act,
    tracker_get,
    tracker_of_game,
    tracker_of_game_require_known,
    tracker_sides,
    tracker_view,
)

# Leviathan games have an Attacker and a Defender; 8th, 7th edition and Only War games, standalone
# or an event game on one of their missions, have player_1 and player_2 (in an event game,
# player A and player B). A side of the other kind of game is refused (400, `bad_side`).
# 11th-edition games have sides a and b (player A and player B; Attacker is recorded).
SIDE_PARAM = OpenApiParameter(
    "side", str, enum=["attacker", "defender", "player_1", "player_2", "a", "b"], required=False
)
GAME_SIDE_PARAM = SIDE_PARAM
# A bye, or a round with no mission yet: 409.
NOT_TRACKABLE = OpenApiResponse(
    ApiErrorSerializer,
    description="The game has nothing to track: a bye (`bye`), or a classic pack's round "
    "with no mission yet (`no_mission`).",
)


class StandaloneMixin:
    # A standalone game's link is its only key: no account, no CSRF-bound session needed.
    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]


class TrackerCreateInputSerializer(StrictSerializer):
    """A standalone game. The types are checked here; the service checks the pack, the
    mission and the seed's rules (400 `unknown_pack`, `unknown_mission`, `invalid`)."""

    pack = serializers.JSONField(
        required=False,
        allow_null=True,
        help_text=gettext_lazy("leviathan (default), eleventh, eighth, seventh or only_war."),
    )
    mission = serializers.JSONField(
        required=False,
        allow_null=True,
        help_text=gettext_lazy(
            "Leviathan: a mission code (default a fresh mission); 8th, 7th edition and "
            "Only War: the mission's key (Maelstrom of War, Eternal War or Only War); 11th "
            "edition: a matchup code (instead of `a` and `b`)."
        ),
    )
    a = serializers.JSONField(
        required=False,
        allow_null=True,
        help_text=gettext_lazy(
            "11th edition: player A's Force Disposition id (e.g. take-and-hold)."
        ),
    )
    b = serializers.JSONField(
        required=False,
        allow_null=True,
        help_text=gettext_lazy("11th edition: player B's Force Disposition id."),
    )
    seed = serializers.JSONField(
        required=False,
        allow_null=True,
        help_text=gettext_lazy(
            "8th, 7th, Only War: a whole number or a text of up to 64 characters."
        ),
    )
    mission_code = serializers.JSONField(
        required=False,
        allow_null=True,
        help_text=gettext_lazy("8th, 7th, Only War: a label of up to 40 characters."),
    )


class TrackerCreateView(StandaloneMixin, APIView):
    @extend_schema(request=None, responses={201: dict})
    def post(self, request):
        body = TrackerCreateInputSerializer(data=body_object(request))
        body.is_valid(raise_exception=True)
        body = body.validated_data
        pack, mission = body.get("pack"), body.get("mission")
        if pack is None or pack == "":
            pack = "leviathan"
        if pack != ELEVENTH_PACK:
            for field in ("a", "b"):
                if body.get(field) is not None:
                    raise Invalid(
                        field,
                        "not_for_pack",
                        gettext("%(field)s: only 11th-edition games") % {"field": field},
                    )
        if pack == ELEVENTH_PACK:
            for field in ("seed", "mission_code"):
                if body.get(field) is not None:
                    raise Invalid(
                        field,
                        "not_for_pack",
                        gettext("%(field)s: not for 11th-edition games") % {"field": field},
                    )
            tracked = tracker_create(
                pack_key=pack,
                mission_code=mission,
                dispositions=(body.get("a"), body.get("b")),
            )
        elif pack == "leviathan":  # `mission` is a mission code, as it always was
            # Only "" means "none": an empty list or object is refused by the service.
            tracked = tracker_create(mission_code=None if mission in (None, "") else mission)
        else:  # an older pack: `mission` is the mission's key
            tracked = tracker_create(
                pack_key=pack,
                mission_key=mission,
                seed=body.get("seed"),
                mission_code=body.get("mission_code"),
            )
        return Response(tracker_view(tracked=tracked, side=None), status=201)


class TrackerView(StandaloneMixin, APIView):
    @extend_schema(parameters=[SIDE_PARAM], responses={200: dict})
    def get(self, request, token: str):
        tracked = tracker_get(token=token)
        return Response(tracker_view(tracked=tracked, side=request.query_params.get("side")))


class TrackerActionView(StandaloneMixin, APIView):
    @extend_schema(parameters=[SIDE_PARAM], request=dict, responses={200: dict})
    def post(self, request, token: str):
        tracked = tracker_get(token=token)
        # Checked before acting, so a bad `side` cannot answer 400 after a stored action.
        sides = tracker_sides(tracked)
        side = request.query_params.get("side") or _acting_side(request.data, sides)
        if side not in (None, *sides):
            raise Invalid(
                "side",
                "bad_side",
                gettext("side: must be %(join)s or empty") % {"join": ", ".join(sides)},
            )
        tracked = tracker_act(tracked_id=tracked.pk, action=request.data, strict=True)
        return Response(tracker_view(tracked=tracked, side=side))


def _acting_side(action, sides: tuple[str, ...]) -> str | None:
    side = action.get("side") if isinstance(action, dict) else None
    return side if side in sides else None


class GameTrackerView(APIView):
    """An event game's tracker. Players send `Authorization: Key <private_key>` and see their
    own side; organisers (session or token) pick one with `?side=`."""

    authentication_classes = [
        PlayerKeyAuthentication,  # first, so a missing key answers 401 with a Key challenge
        authentication.SessionAuthentication,
        authentication.TokenAuthentication,
    ]
    permission_classes = [permissions.AllowAny]
    # Reads refuse other players' games (403): the schema says so (common.api.schema).
    reads_are_guarded = True

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if request_player(request) is None and not request.user.is_authenticated:
            # Only for a game the visitor may know of: a hidden event's game is a 404.
            tracker_of_game_require_known(game_id=kwargs["game_id"])
            self.permission_denied(request, message="Send your player key.")

    def _side(self, request, tracked) -> str | None:
        player = request_player(request)
        if player is not None:
            return player_side(tracked, player)
        return request.query_params.get("side")

    @extend_schema(parameters=[GAME_SIDE_PARAM], responses={200: dict, 409: NOT_TRACKABLE})
    def get(self, request, game_id: int):
        player = request_player(request)
        tracked = tracker_of_game(game_id=game_id, user=request.user, player=player)
        return Response(tracker_view(tracked=tracked, side=self._side(request, tracked)))

    @extend_schema(
        parameters=[GAME_SIDE_PARAM], request=dict, responses={200: dict, 409: NOT_TRACKABLE}
    )
    def post(self, request, game_id: int):
        player = request_player(request)
        if player is None:  # checked before acting: a bad `side` must not follow a stored action
            tracked = tracker_of_game(game_id=game_id, user=request.user, player=player)
            side = request.query_params.get("side")
            if side not in (None, *tracker_sides(tracked)):
                sides = ", ".join(tracker_sides(tracked))
                raise Invalid(
                    "side",
                    "bad_side",
                    gettext("side: must be %(sides)s or empty") % {"sides": sides},
                )
        tracked = tracker_game_act(
            game_id=game_id, action=request.data, user=request.user, player=player, strict=True
        )
        return Response(tracker_view(tracked=tracked, side=self._side(request, tracked)))
