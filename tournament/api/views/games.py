from django.http import Http404, QueryDict
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import body_object, refuse_body
from tournament.api.auth import request_player
from tournament.api.permissions import require_staff_access, require_write_access, visible_game
from tournament.api.serializers.results import (
    ResultInputSerializer,
    ResultSerializer,
    result_data,
)
from tournament.api.serializers.rounds import (
    GameExtensionInputSerializer,
    GameLayoutInputSerializer,
    GameSerializer,
)
from tournament.models import Result
from tournament.services.events.access import user_can_judge
from tournament.services.results.results import result_confirm, result_enter
from tournament.services.rounds.extensions import game_extend
from tournament.services.rounds.layout import game_set_layout


def _actor(request, game_id: int):
    player = request_player(request)
    if player is None and not request.user.is_authenticated:
        visible_game(request, game_id)  # a hidden event's game is a 404, not a 401
        raise exceptions.NotAuthenticated()
    return {"player": player} if player is not None else {"user": request.user}


def _visible_to_user(request, game_id: int, actor: dict) -> None:
    # A player's key is checked against the game by the service, under the game's lock, in the
    # same read that locks it (a game of another hidden event is "not found" there too).
    if "user" in actor:
        visible_game(request, game_id)


# The score fields (the 11th-edition record's own keys are checked by the scoring rules).
_NUMBER_FIELDS = frozenset(
    name
    for name, field in ResultInputSerializer._declared_fields.items()
    if isinstance(field, serializers.IntegerField | serializers.ChoiceField)
    and name not in Result.RECORD
    and name not in ("outcome", "ended")  # words, checked by the scoring rules
)


def _numbers_only(data: dict) -> None:
    # The scoring rules take a form's text ("5") too; JSON's types are strict (docs/api.md),
    # so a score sent as text is refused here rather than read as a number.
    wrong = {
        field: [ErrorDetail("Must be a whole number (a JSON number, not text).", code="invalid")]
        for field, value in data.items()
        if field in _NUMBER_FIELDS
        and value is not None
        and (isinstance(value, bool) or not isinstance(value, int))
    }
    if wrong:
        raise ValidationError(wrong)


def _shown_game(request, game_id: int):
    """A visible game, but not one of a round still under the organiser's review unless the
    reader is staff: its round shows others no games, so neither does the game's own URL."""
    game = visible_game(request, game_id)
    if not game.round.released and not user_can_judge(request.user, game.round.event):
        raise Http404("No such game.")
    return game


class GameDetailView(APIView):
    serializer_class = GameSerializer

    def get(self, request, game_id: int):
        return Response(GameSerializer(_shown_game(request, game_id)).data)

    @extend_schema(request=GameLayoutInputSerializer, responses=GameSerializer)
    def patch(self, request, game_id: int):
        """Change an 11th-edition game's layout letter: `{"layout": "B"}` (organisers; logged,
        undoable from the audit log). 409 not_in_pack for other packs, bye for a bye."""
        game = visible_game(request, game_id)
        require_write_access(request, game.round.event)
        body = GameLayoutInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        game = game_set_layout(
            game_id=game.pk, user=request.user, layout=body.validated_data["layout"]
        )
        return Response(GameSerializer(game).data)


class GameExtensionView(APIView):
    serializer_class = GameSerializer

    @extend_schema(request=GameExtensionInputSerializer, responses=GameSerializer)
    def post(self, request, game_id: int):
        """Give one table more time: `{"minutes": 10, "reason": "..."}` (organisers and judges;
        logged with the reason, undoable from the audit log). Answers the game, whose `ends_at`
        and `extra_minutes` carry the extension. 409 `bye` for a bye."""
        game = visible_game(request, game_id)
        require_staff_access(request, game.round.event)
        body = GameExtensionInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        game = game_extend(
            game_id=game.pk,
            minutes=body.validated_data["minutes"],
            reason=body.validated_data["reason"],
            user=request.user,
        )
        return Response(GameSerializer(game).data)


class ResultView(APIView):
    serializer_class = ResultSerializer

    @extend_schema(
        operation_id="games_result_list",
        responses=ResultSerializer(many=True),
        description="Every version of the game's result, oldest first.",
    )
    def get(self, request, game_id: int):
        game = _shown_game(request, game_id)
        versions = game.results.order_by("version")
        return Response(ResultSerializer(versions, many=True).data)

    @extend_schema(
        request=ResultInputSerializer,
        responses={201: ResultSerializer, 200: ResultSerializer},
        description="201 for a new version, 200 when the same score was already entered.",
    )
    def post(self, request, game_id: int):
        actor = _actor(request, game_id)
        _visible_to_user(request, game_id, actor)
        data = body_object(request)
        if not isinstance(request.data, QueryDict):
            _numbers_only(data)
        result, created = result_enter(game_id=game_id, data=data, **actor)
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(result_data(result), status=code)


class ResultConfirmView(APIView):
    serializer_class = ResultSerializer

    @extend_schema(request=None, responses=ResultSerializer)
    def post(self, request, game_id: int):
        actor = _actor(request, game_id)
        _visible_to_user(request, game_id, actor)
        refuse_body(request)
        result = result_confirm(game_id=game_id, **actor)
        return Response(result_data(result))
