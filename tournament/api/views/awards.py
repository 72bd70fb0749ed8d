"""Awards: painting scores (organisers and judges), sportsmanship votes (players, with their
key) and the awards table (anyone who may see the event)."""

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer
from common.api.fields import StrictBooleanField, StrictIntegerField
from common.errors import Forbidden
from tournament.api.auth import request_player
from tournament.api.permissions import require_staff_access, visible_event, visible_game
from tournament.caching.conditional import cached_json
from tournament.services.events.access import user_can_judge
from tournament.services.players.public import names_audience
from tournament.services.standings.awards import (
    awards_compute,
    awards_named_for_public,
    painting_set,
    sports_vote,
)


class PaintingInputSerializer(StrictSerializer):
    score = StrictIntegerField(
        min_value=0,
        max_value=100,
        range_code="range",
        allow_null=True,
        help_text=gettext_lazy(
            "0 to the event's `painting_max` (400 above_max above it); null clears it."
        ),
    )


class PaintingSerializer(StrictSerializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    score = serializers.IntegerField(allow_null=True)
    painting_max = serializers.IntegerField()


class PaintingView(APIView):
    serializer_class = PaintingSerializer

    @extend_schema(
        request=PaintingInputSerializer,
        responses=PaintingSerializer,
        description="Organisers and judges set a player's painting score (logged, undoable).",
    )
    def post(self, request, event_id: int, player_id: int):
        event = visible_event(request, event_id)
        require_staff_access(request, event)
        data = PaintingInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        score = painting_set(
            event=event, player_id=player_id, score=data.validated_data["score"], user=request.user
        )
        player = event.players.get(pk=player_id)
        body = {
            "player": player.pk,
            "name": player.name,
            "score": score,
            "painting_max": event.painting_max,
        }
        return Response(body)


class VoteInputSerializer(StrictSerializer):
    favourite = StrictBooleanField(
        help_text=gettext_lazy(
            "true: your opponent in this game was your favourite (a sportsmanship vote "
            "for them); false: not. One answer per game."
        )
    )


class VoteSerializer(StrictSerializer):
    game = serializers.IntegerField()
    round = serializers.IntegerField()
    opponent = serializers.IntegerField()
    favourite = serializers.BooleanField()


class SportsVoteView(APIView):
    serializer_class = VoteSerializer

    @extend_schema(
        request=VoteInputSerializer,
        responses={201: VoteSerializer},
        description="A player of the game, with `Authorization: Key`, answers once after the "
        "game has a result; 409 `already_voted`, `no_result`, `bye`.",
    )
    def post(self, request, game_id: int):
        player = request_player(request)
        # A hidden event's game is a 404 for anyone off its staff and outside it, before
        # anything else is said about the request.
        visible_game(request, game_id)
        if player is None:
            if not request.user.is_authenticated:
                raise exceptions.NotAuthenticated()
            raise Forbidden(
                "game",
                "not_player",
                gettext("Only the game's players vote, each with their own key."),
            )
        data = VoteInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        vote = sports_vote(
            game_id=game_id, player=player, favourite=data.validated_data["favourite"]
        )
        body = {
            "game": vote.game_id,
            "round": vote.game.round.number,
            "opponent": vote.opponent_id,
            "favourite": vote.favourite,
        }
        return Response(body, status=status.HTTP_201_CREATED)


class AwardRowSerializer(StrictSerializer):
    rank = serializers.IntegerField(min_value=1)
    tied = serializers.BooleanField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    faction = serializers.CharField(allow_blank=True)
    mp = serializers.FloatField()
    painting = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("null: not judged yet.")
    )
    votes = serializers.IntegerField(
        help_text=gettext_lazy("Opponents who named this player favourite.")
    )
    vote_games = serializers.IntegerField(help_text=gettext_lazy("Games against an opponent."))
    battle_share = serializers.FloatField(
        help_text=gettext_lazy("Match points over rounds counted, 0 to 1.")
    )
    painting_share = serializers.FloatField()
    sports_share = serializers.FloatField()
    overall = serializers.FloatField(
        help_text=gettext_lazy("The weighted mean of the three shares, 0 to 1.")
    )
    display = serializers.DictField(child=serializers.CharField())


class WeightsSerializer(StrictSerializer):
    battle = serializers.IntegerField()
    painting = serializers.IntegerField()
    sports = serializers.IntegerField()


class AwardsSerializer(StrictSerializer):
    weights = WeightsSerializer()
    painting_max = serializers.IntegerField()
    best_painted = serializers.ListField(child=serializers.CharField())
    best_sport = serializers.ListField(child=serializers.CharField())
    rows = AwardRowSerializer(many=True)


class AwardsView(APIView):
    serializer_class = AwardsSerializer

    @extend_schema(
        responses=AwardsSerializer,
        description="The overall ranking (best first, ties share a rank) with each part.",
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        staff = user_can_judge(request.user, event)

        def compute():
            awards = awards_compute(event=event)
            return (awards if staff else awards_named_for_public(event, awards)), {}

        return cached_json(
            request,
            event=event,
            name="awards",
            # The public reads the event's public names (issue 36): an answer of their own.
            variant=names_audience(event, staff=staff),
            compute=compute,
        )
