from django.http import Http404
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer, refuse_body
from common.api.fields import StrictIntegerField, text_field
from common.errors import Conflict
from tournament.api.permissions import require_write_access, visible_event
from tournament.api.serializers.results import result_data
from tournament.api.serializers.rounds import (
    GameSerializer,
    MissionChoiceSerializer,
    RepairInputSerializer,
    RoundInputSerializer,
    RoundSerializer,
    unreleased_round,
)
from tournament.caching.conditional import cached_json
from tournament.caching.replay import replayable
from tournament.caching.revision import event_revisions
from tournament.engine.clock import RUNNING
from tournament.models import Game, Result
from tournament.models.game import TABLE_ORDER
from tournament.services.events.access import user_can_judge
from tournament.services.live.clock import round_clock_cached
from tournament.services.rounds.eleventh import game_fields
from tournament.services.rounds.extensions import game_ends_at
from tournament.services.rounds.pairing_record import REASON_LIMIT as SWAP_REASON_LIMIT
from tournament.services.rounds.pairing_record import round_record_get
from tournament.services.rounds.release import round_release, round_released_cached
from tournament.services.rounds.rounds import round_create, round_delete_latest, round_set_mission
from tournament.services.rounds.swaps import round_repair, round_swap_players


class RoundListView(APIView):
    serializer_class = RoundSerializer

    @extend_schema(operation_id="events_rounds_list", responses=RoundSerializer(many=True))
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        context = {"hide_unreleased": not user_can_judge(request.user, event)}
        return Response(RoundSerializer(event.rounds.all(), many=True, context=context).data)

    @extend_schema(request=RoundInputSerializer, responses={201: RoundSerializer})
    def post(self, request, event_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = RoundInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        round_ = round_create(
            event_id=event.pk,
            user=request.user,
            # Raw pairings: the service validates them and names the failing pair.
            pairings=request.data.get("pairings") if "pairings" in request.data else None,
            seed=body.validated_data.get("seed"),
            force=body.validated_data["force"],
            mission_code=body.validated_data.get("mission"),
            layout=body.validated_data.get("layout"),
        )
        return Response(RoundSerializer(round_).data, status=status.HTTP_201_CREATED)


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def round_games_data(round_) -> list[dict]:
    """What GameSerializer gives for each of the round's games, built directly (two queries):
    the public's round is read all through its end, and DRF's machinery cost 0.3 s for 500
    games, once per new entry (tests check that the two agree)."""
    results = {
        r.game_id: r for r in Result.objects.filter(game__round_id=round_.pk, is_current=True)
    }
    games = Game.objects.filter(round_id=round_.pk).order_by(*TABLE_ORDER)
    fields = GameSerializer.Meta.fields
    answer = []
    for game in games:
        game.round = round_
        result = results.get(game.pk)
        if result is not None:
            result.game = game
        data = {
            "id": game.pk,
            "round": round_.number,
            "table": game.table_number,
            "player_a": game.player_a_id,
            "player_b": game.player_b_id,
            "attacker": game.attacker_id,
            "flags": game.flags,
            "result": None if result is None else result_data(result),
            **game_fields(game),
            "extra_minutes": game.extra_minutes,
            "ends_at": _iso(game_ends_at(game, round_.clock_ends_at)),
        }
        answer.append({name: data[name] for name in fields})
    return answer


class RoundAnswerSerializer(RoundSerializer):
    """RoundSerializer with its games built directly (round_games_data)."""

    def get_games(self, round_) -> list[dict]:
        return round_games_data(round_)


class _UnderReview(Exception):
    """The round asked for is not released and the reader is not staff."""


class RoundDetailView(APIView):
    serializer_class = RoundSerializer

    def get(self, request, event_id: int, number: int):
        event = visible_event(request, event_id)
        staff = user_can_judge(request.user, event)

        def compute():
            round_ = get_object_or_404(event.rounds, number=number)
            return RoundAnswerSerializer(round_, context={"without_clock": True}).data, {}

        # First: the data is read after. A round's entries move the event's revision; its
        # clock changes only with a save of the round or the event, which moves the standings'
        # revision too: keyed by that one, the clock is not read again for each entry.
        revisions = event_revisions(event_id=event.pk)
        exact = user_can_judge(request.user, event)

        running = False

        def live(revision: int):
            nonlocal running
            # Released with a save of the round, which moves the standings' revision too.
            if not staff and (
                round_released_cached(event=event, number=number, revision=revisions.standings)
                is False
            ):
                raise _UnderReview
            clock = round_clock_cached(event=event, number=number, revision=revisions.standings)
            if clock is None:
                raise Http404("No such round.")
            running = clock.state == RUNNING
            return f":{clock.stamp}", {"clock": clock.as_api()}

        try:
            # The public may read a round a few seconds behind its newest entry while a newer
            # copy is computed (services/cached.py); organisers and judges read it exactly.
            response = cached_json(
                request,
                event=event,
                name="round",
                variant=number,
                compute=compute,
                live=live,
                revision=revisions.event,
                exact=exact,
                as_of_header="X-Round-As-Of",
            )
            # Phones poll this at the end of a round: the public may be given it again for a
            # moment without the framework (tournament/caching/replay.py), unless a running clock's
            # time left would be given seconds late.
            return response if running else replayable(response)
        except _UnderReview:
            # The same small answer for every reader who is not staff: no games, no clock.
            return cached_json(
                request,
                event=event,
                name="round",
                variant=f"{number}:unreleased",
                compute=lambda: (unreleased_round(number), {}),
                revision=revisions.standings,
            )

    @extend_schema(request=MissionChoiceSerializer, responses=RoundSerializer)
    def patch(self, request, event_id: int, number: int):
        """Choose the round's mission from the event's pool: `{"mission": "C"}`."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = MissionChoiceSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        round_ = round_set_mission(
            event_id=event.pk,
            user=request.user,
            number=number,
            mission_code=body.validated_data["mission"],
        )
        return Response(RoundSerializer(round_).data)

    def delete(self, request, event_id: int, number: int):
        """Undo the latest round's pairing (only the latest, and only before results)."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        refuse_body(request)
        latest = event.rounds.order_by("-number").first()
        get_object_or_404(event.rounds, number=number)
        if latest is None or latest.number != number:
            raise Conflict("round", "not_latest", gettext("Only the latest round can be undone."))
        round_delete_latest(event_id=event.pk, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SwapInputSerializer(StrictSerializer):
    player_x = StrictIntegerField(min_value=1)
    player_y = StrictIntegerField(min_value=1)
    reason = text_field(
        max_length=SWAP_REASON_LIMIT,
        required=False,
        help_text="Why, in a line: kept in the round's pairing record with who swapped.",
    )


class SwappedRoundSerializer(RoundSerializer):
    warnings = serializers.ListField(
        child=serializers.DictField(), help_text=gettext_lazy("The round's flags after the swap.")
    )

    class Meta(RoundSerializer.Meta):
        fields = [*RoundSerializer.Meta.fields, "warnings"]
        read_only_fields = fields


class RoundSwapView(APIView):
    serializer_class = RoundSerializer

    @extend_schema(request=SwapInputSerializer, responses=SwappedRoundSerializer)
    def post(self, request, event_id: int, number: int):
        """Swap two players of the latest round (before results); answers with warnings."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = SwapInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        warnings = round_swap_players(
            event_id=event.pk, user=request.user, round_number=number, **body.validated_data
        )
        data = RoundSerializer(get_object_or_404(event.rounds, number=number)).data
        return Response({**data, "warnings": warnings})


class RoundReleaseView(APIView):
    serializer_class = RoundSerializer

    @extend_schema(request=None, responses=RoundSerializer)
    def post(self, request, event_id: int, number: int):
        """Release a round's pairings to the players (logged; undoable before results)."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        refuse_body(request)  # it takes no body: a key sent is refused, not ignored
        round_ = round_release(event_id=event.pk, user=request.user, number=number)
        return Response(RoundSerializer(round_).data)


class RoundRepairView(APIView):
    serializer_class = RoundSerializer

    @extend_schema(request=RepairInputSerializer, responses={201: RoundSerializer})
    def post(self, request, event_id: int, number: int):
        """Pair the latest round again from scratch (before any result is in)."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        latest = event.rounds.order_by("-number").first()
        if latest is None or latest.number != number:
            raise Conflict(
                "round", "not_latest", gettext("Only the latest round can be re-paired.")
            )
        body = RepairInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        round_ = round_repair(
            event_id=event.pk,
            user=request.user,
            seed=body.validated_data.get("seed"),
            force=body.validated_data["force"],
        )
        return Response(RoundSerializer(round_).data, status=status.HTTP_201_CREATED)


class RoundRecordSerializer(serializers.Serializer):
    """The pairing record (docs/api.md, "Pairing records"); its inputs are described there."""

    format = serializers.CharField()
    event = serializers.IntegerField()
    round = serializers.IntegerField()
    engine = serializers.DictField()
    seed = serializers.IntegerField()
    bye_vp = serializers.IntegerField()
    avoid_same_club = serializers.BooleanField()
    tables = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    groups = serializers.ListField(child=serializers.ListField(), allow_null=True)
    players = serializers.ListField(child=serializers.DictField())
    games = serializers.ListField(child=serializers.DictField())
    standings = serializers.ListField(child=serializers.DictField())
    engine_pairs = serializers.ListField(child=serializers.ListField())
    engine_tables = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    swaps = serializers.ListField(child=serializers.DictField())
    pairs = serializers.ListField(child=serializers.ListField())
    pair_tables = serializers.ListField(child=serializers.IntegerField(allow_null=True))
    sha256 = serializers.CharField()


class RoundRecordView(APIView):
    serializer_class = RoundRecordSerializer

    @extend_schema(responses=RoundRecordSerializer)
    def get(self, request, event_id: int, number: int):
        """The pairing record of an engine-paired round: what the engine was given, its pairs,
        the swaps made after it and a SHA-256 (check it with `python -m tournament.verify`)."""
        event = visible_event(request, event_id)
        staff = user_can_judge(request.user, event)
        record = round_record_get(event=event, number=number, staff=staff)
        return Response(record)
