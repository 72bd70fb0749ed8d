"""Faction statistics: per event, and over every public event in a date range."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer
from common.errors import Invalid
from stats.services.dispositions import disposition_stats_event
from stats.services.factions import (
    RULES,
    faction_range_parse,
    faction_stats_event,
    faction_stats_range,
)
from tournament.api.permissions import visible_event


class BestPlacedSerializer(StrictSerializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    rank = serializers.IntegerField(min_value=1)
    tied = serializers.BooleanField()
    field = serializers.IntegerField(
        min_value=1, help_text=gettext_lazy("Players ranked in that event.")
    )
    event = serializers.IntegerField()
    event_name = serializers.CharField()


class FactionRowSerializer(StrictSerializer):
    faction = serializers.CharField(
        allow_blank=True, help_text=gettext_lazy("Empty: no faction given.")
    )
    label = serializers.CharField()
    players = serializers.IntegerField(min_value=0)
    games = serializers.IntegerField(min_value=0, help_text=gettext_lazy("wins + draws + losses."))
    wins = serializers.IntegerField(min_value=0)
    draws = serializers.IntegerField(min_value=0)
    losses = serializers.IntegerField(min_value=0)
    mirrors = serializers.IntegerField(
        min_value=0, help_text=gettext_lazy("Mirror games, in no W/D/L.")
    )
    byes = serializers.IntegerField(min_value=0)
    win_rate = serializers.FloatField(
        allow_null=True,
        help_text=gettext_lazy("wins / games, rounded to 4 places; null without games."),
    )
    vp_for_mean = serializers.FloatField(allow_null=True)
    vp_against_mean = serializers.FloatField(allow_null=True)
    best = BestPlacedSerializer(many=True, help_text="Best placed (several when tied).")
    display = serializers.DictField(child=serializers.CharField())


class DispositionRowSerializer(StrictSerializer):
    disposition = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("Null: not recorded.")
    )
    label = serializers.CharField()
    players = serializers.IntegerField(min_value=0)
    games = serializers.IntegerField(min_value=0)
    wins = serializers.IntegerField(min_value=0)
    draws = serializers.IntegerField(min_value=0)
    losses = serializers.IntegerField(min_value=0)
    mirrors = serializers.IntegerField(
        min_value=0,
        help_text=gettext_lazy(
            "Mirror games (one faction); one between two dispositions counts in both rows."
        ),
    )
    byes = serializers.IntegerField(min_value=0)
    win_rate = serializers.FloatField(allow_null=True)
    vp_for_mean = serializers.FloatField(allow_null=True)
    vp_against_mean = serializers.FloatField(allow_null=True)
    display = serializers.DictField(child=serializers.CharField())


class SplitFactionRowSerializer(FactionRowSerializer):
    dispositions = DispositionRowSerializer(
        many=True,
        required=False,
        help_text="With ?split=disposition: the faction's figures by its players' Force "
        "Dispositions (in the matrix's order, not recorded last).",
    )


class PairingSerializer(StrictSerializer):
    dispositions = serializers.ListField(child=serializers.CharField(), min_length=2, max_length=2)
    labels = serializers.ListField(child=serializers.CharField(), min_length=2, max_length=2)
    mirror = serializers.BooleanField()
    games = serializers.IntegerField(min_value=0)
    wins = serializers.ListField(
        child=serializers.IntegerField(min_value=0),
        help_text=gettext_lazy("Each disposition's wins (0 in a mirror)."),
    )
    draws = serializers.IntegerField(min_value=0)
    win_rate = serializers.ListField(
        child=serializers.FloatField(allow_null=True),
        help_text=gettext_lazy("Each disposition's wins / games, 4 places; null in a mirror."),
    )
    display = serializers.DictField()


class FirstTurnSerializer(StrictSerializer):
    games = serializers.IntegerField(
        min_value=0, help_text=gettext_lazy("Games recording the first turn.")
    )
    won = serializers.IntegerField(
        min_value=0, help_text=gettext_lazy("Won by the player who went first.")
    )
    lost = serializers.IntegerField(min_value=0)
    draws = serializers.IntegerField(min_value=0)
    win_rate = serializers.FloatField(allow_null=True)
    display = serializers.DictField(child=serializers.CharField())


class DispositionStatsSerializer(StrictSerializer):
    games = serializers.IntegerField(
        min_value=0, help_text=gettext_lazy("Confirmed games (no byes).")
    )
    pairings = PairingSerializer(many=True)
    first_turn = FirstTurnSerializer()


class FactionStatsSerializer(StrictSerializer):
    events = serializers.IntegerField(min_value=0)
    players = serializers.IntegerField(min_value=0)
    games = serializers.IntegerField(
        min_value=0, help_text=gettext_lazy("Games with a confirmed result.")
    )
    factions = SplitFactionRowSerializer(many=True)
    rules = serializers.ListField(child=serializers.CharField())


class EventFactionStatsSerializer(FactionStatsSerializer):
    by_disposition = DispositionStatsSerializer(
        allow_null=True,
        help_text="11th-edition events: win rate by disposition pairing and how often the "
        "player who went first won, from confirmed results; null for other packs.",
    )


SPLIT = OpenApiParameter(
    "split",
    OpenApiTypes.STR,
    enum=["disposition"],
    description="`disposition`: each faction row also holds its figures by Force Disposition.",
)


def _split(request) -> bool:
    value = request.query_params.get("split")
    if value not in (None, "disposition"):
        raise Invalid("split", "invalid", gettext("Must be 'disposition' (or left out)."))
    return value == "disposition"


DESCRIPTION = (
    "Players per faction, wins, draws, losses, win rate, mean VP for and against, and the "
    "best-placed player. " + " ".join(RULES)
)


class EventFactionsView(APIView):
    serializer_class = EventFactionStatsSerializer

    @extend_schema(
        parameters=[SPLIT], description=DESCRIPTION, responses=EventFactionStatsSerializer
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        stats = faction_stats_event(event=event, split=_split(request))
        by_disposition = disposition_stats_event(event=event)
        return Response({**stats, "rules": list(RULES), "by_disposition": by_disposition})


class FactionsView(APIView):
    serializer_class = FactionStatsSerializer

    @extend_schema(
        parameters=[
            OpenApiParameter("from", OpenApiTypes.DATE, description="First start date."),
            OpenApiParameter("to", OpenApiTypes.DATE, description="Last start date."),
            SPLIT,
        ],
        description=DESCRIPTION
        + " Over every public event (not hidden, not archived) starting in the range.",
        responses=FactionStatsSerializer,
    )
    def get(self, request):
        date_from, date_to = faction_range_parse(
            date_from=request.query_params.get("from"), date_to=request.query_params.get("to")
        )
        split = _split(request)
        stats = faction_stats_range(date_from=date_from, date_to=date_to, split=split)
        return Response({**stats, "rules": list(RULES)})
