"""Faction statistics: per event, and over every public event in a date range."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.bodies import StrictSerializer
from tournament.api.permissions import visible_event
from tournament.services.factions import (
    RULES,
    faction_range_parse,
    faction_stats_event,
    faction_stats_range,
)


class BestPlacedSerializer(StrictSerializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    rank = serializers.IntegerField(min_value=1)
    tied = serializers.BooleanField()
    field = serializers.IntegerField(min_value=1, help_text="Players ranked in that event.")
    event = serializers.IntegerField()
    event_name = serializers.CharField()


class FactionRowSerializer(StrictSerializer):
    faction = serializers.CharField(allow_blank=True, help_text="Empty: no faction given.")
    label = serializers.CharField()
    players = serializers.IntegerField(min_value=0)
    games = serializers.IntegerField(min_value=0, help_text="wins + draws + losses.")
    wins = serializers.IntegerField(min_value=0)
    draws = serializers.IntegerField(min_value=0)
    losses = serializers.IntegerField(min_value=0)
    mirrors = serializers.IntegerField(min_value=0, help_text="Mirror games, in no W/D/L.")
    byes = serializers.IntegerField(min_value=0)
    win_rate = serializers.FloatField(
        allow_null=True, help_text="wins / games, rounded to 4 places; null without games."
    )
    vp_for_mean = serializers.FloatField(allow_null=True)
    vp_against_mean = serializers.FloatField(allow_null=True)
    best = BestPlacedSerializer(many=True, help_text="Best placed (several when tied).")
    display = serializers.DictField(child=serializers.CharField())


class FactionStatsSerializer(StrictSerializer):
    events = serializers.IntegerField(min_value=0)
    players = serializers.IntegerField(min_value=0)
    games = serializers.IntegerField(min_value=0, help_text="Games with a confirmed result.")
    factions = FactionRowSerializer(many=True)
    rules = serializers.ListField(child=serializers.CharField())


DESCRIPTION = (
    "Players per faction, wins, draws, losses, win rate, mean VP for and against, and the "
    "best-placed player. " + " ".join(RULES)
)


class EventFactionsView(APIView):
    serializer_class = FactionStatsSerializer

    @extend_schema(description=DESCRIPTION, responses=FactionStatsSerializer)
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        return Response({**faction_stats_event(event=event), "rules": list(RULES)})


class FactionsView(APIView):
    serializer_class = FactionStatsSerializer

    @extend_schema(
        parameters=[
            OpenApiParameter("from", OpenApiTypes.DATE, description="First start date."),
            OpenApiParameter("to", OpenApiTypes.DATE, description="Last start date."),
        ],
        description=DESCRIPTION
        + " Over every public event (not hidden, not archived) starting in the range.",
        responses=FactionStatsSerializer,
    )
    def get(self, request):
        date_from, date_to = faction_range_parse(
            date_from=request.query_params.get("from"), date_to=request.query_params.get("to")
        )
        stats = faction_stats_range(date_from=date_from, date_to=date_to)
        return Response({**stats, "rules": list(RULES)})
