"""Army lists: a player sends theirs with their key; the staff review them."""

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from rosters.api.serializers import (
    ArmyListInputSerializer,
    ArmyListOverruleSerializer,
    ArmyListRecordedSerializer,
    ArmyListReviewSerializer,
    ArmyListSerializer,
)
from rosters.services.armylists import (
    army_list_overrule,
    army_list_require_readable,
    army_list_review,
    army_list_submit,
)
from rosters.services.recorded import list_recorded_use
from tournament.api.auth import request_player
from tournament.api.permissions import (
    require_staff_access,
    require_write_access,
    visible_event,
)

SUBMIT = (
    "The player (`Authorization: Key`) submits or replaces their list until the event's "
    "list_deadline (409 `lists_locked` after it, naming the deadline); organisers may change "
    "it at any time (logged). CRLF line breaks become LF; over the size limit is 400 "
    "`max_length` on `army_list`. A new text resets the review status to `submitted`."
)


class ArmyListView(APIView):
    serializer_class = ArmyListSerializer
    reads_are_guarded = True

    def _owner(self, request, event_id: int, player_id: int):
        event = visible_event(request, event_id)
        return get_object_or_404(event.players.select_related("event"), pk=player_id)

    @extend_schema(
        operation_id="events_players_list_read",
        responses=ArmyListSerializer,
        description="The player and the staff read a list at any time; after the deadline "
        "its opponents (with their key) or everyone, as the event's list_publication says "
        "(403 `not_published` otherwise).",
    )
    def get(self, request, event_id: int, player_id: int):
        owner = self._owner(request, event_id, player_id)
        user = request.user if request.user.is_authenticated else None
        army_list_require_readable(owner=owner, user=user, reader=request_player(request))
        return Response(ArmyListSerializer(owner).data)

    def _submit(self, request, event_id: int, player_id: int):
        owner = self._owner(request, event_id, player_id)
        player = request_player(request)
        # Who is asking first: a refused caller learns nothing about what the body lacks.
        if player is None and not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        if player is not None and player.pk != owner.pk:
            raise exceptions.PermissionDenied("A key sends its own player's list only.")
        body = ArmyListInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        text = body.validated_data["army_list"]
        if player is not None:
            owner = army_list_submit(player=owner, text=text, by_player=True)
        else:
            owner = army_list_submit(player=owner, text=text, user=request.user)
        return Response(ArmyListSerializer(owner).data)

    @extend_schema(
        operation_id="events_players_list_put",
        request=ArmyListInputSerializer,
        responses=ArmyListSerializer,
        description=SUBMIT,
    )
    def put(self, request, event_id: int, player_id: int):
        return self._submit(request, event_id, player_id)

    @extend_schema(
        operation_id="events_players_list_submit",
        request=ArmyListInputSerializer,
        responses=ArmyListSerializer,
        description=SUBMIT + " The same as PUT, for clients that only POST.",
    )
    def post(self, request, event_id: int, player_id: int):
        return self._submit(request, event_id, player_id)


class ArmyListReviewApiView(APIView):
    serializer_class = ArmyListSerializer

    @extend_schema(
        request=ArmyListReviewSerializer,
        responses=ArmyListSerializer,
        description="Organisers and judges mark a list `checked` or `needs_fix` with a comment "
        "the player reads (required for needs_fix); 409 `no_list` before a list is sent. "
        "Logged and undoable.",
    )
    def post(self, request, event_id: int, player_id: int):
        event = visible_event(request, event_id)
        require_staff_access(request, event)
        owner = get_object_or_404(event.players.select_related("event"), pk=player_id)
        body = ArmyListReviewSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        owner = army_list_review(player=owner, user=request.user, **body.validated_data)
        return Response(ArmyListSerializer(owner).data)


def _player_of(event, player_id: int):
    return get_object_or_404(event.players.select_related("event"), pk=player_id)


class ArmyListOverruleApiView(APIView):
    serializer_class = ArmyListSerializer

    @extend_schema(
        request=ArmyListOverruleSerializer,
        responses=ArmyListSerializer,
        description="Organisers and judges overrule one problem of the list's checks with "
        "the reason, or take an overrule back with an empty `comment`, as on the Lists page. "
        "400 `code` `not_found` when the checks find no such problem in the list, `comment` "
        "`required` to take back an overrule there is not; 409 `army_list` `no_list` before a "
        "list is sent. Logged (`army_list_overrule`) and undoable; a new text clears every "
        "overrule.",
    )
    def post(self, request, event_id: int, player_id: int):
        event = visible_event(request, event_id)
        require_staff_access(request, event)
        owner = _player_of(event, player_id)
        body = ArmyListOverruleSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        owner = army_list_overrule(player=owner, user=request.user, **body.validated_data)
        return Response(ArmyListSerializer(owner).data)


class ArmyListRecordedApiView(APIView):
    serializer_class = ArmyListSerializer

    @extend_schema(
        request=ArmyListRecordedSerializer,
        responses=ArmyListSerializer,
        description="Organisers record what the list states for `field` in place of what is "
        "recorded for the player (the list's `recorded_mismatch`), as \"Use the list's ...\" "
        "on the Lists page; nothing changes when they already agree. 409 `not_in_list` on "
        "that field when the list states none (or no list is sent). Logged "
        "(`army_list_recorded`) and undoable.",
    )
    def post(self, request, event_id: int, player_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        owner = _player_of(event, player_id)
        body = ArmyListRecordedSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        owner = list_recorded_use(player=owner, user=request.user, **body.validated_data)
        return Response(ArmyListSerializer(owner).data)
