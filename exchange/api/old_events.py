"""Events played elsewhere, brought in from a Best Coast Pairings JSON or a CSV of rounds
(exchange/services/old_events.py; docs/export-format.md, "Old events")."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer
from common.api.fields import NO_NUL, NOT_BLANK, StrictCharField
from exchange.api.views import ImportAnswerSerializer
from exchange.services.old_events import (
    DEFAULT_PACK,
    event_import_bcp,
    event_import_rounds_csv,
)
from missions.pack.registry import pack_keys

# A CSV of 20,000 games is about 1.5 MB; requests are limited like every other body.
CSV_MAX_CHARS = 5_000_000


class _OldEventSerializer(StrictSerializer):
    name = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=200,
        validators=[NO_NUL],
        help_text=gettext_lazy(
            "The new event's name (for BCP, defaults to the file's event name)."
        ),
    )
    date = serializers.DateField(
        required=False,
        allow_null=True,
        help_text=gettext_lazy("The day it was played (YYYY-MM-DD)."),
    )
    mission_pack = serializers.ChoiceField(
        choices=pack_keys(),
        default=DEFAULT_PACK,
        help_text=gettext_lazy(
            "Whose scoring rules check the VP (default leviathan: at most 100)."
        ),
    )


class BcpImportSerializer(_OldEventSerializer):
    # Any JSON value (null included) reaches the reader, which refuses a wrong one by place.
    file = serializers.JSONField(
        allow_null=True,
        help_text=gettext_lazy(
            "The BCP data: the list of pairings, or an object with `pairings` (or the "
            "API's `data`/`active`), optional `players` and `event`; or BCP's per-player file, "
            "each player with `games` and `opponentIds` (docs/export-format.md)."
        ),
    )


class RoundsCsvImportSerializer(_OldEventSerializer):
    name = StrictCharField(
        max_length=200,
        validators=[NOT_BLANK, NO_NUL],
        help_text=gettext_lazy("The new event's name."),
    )
    file = StrictCharField(
        max_length=CSV_MAX_CHARS,
        allow_blank=True,  # an empty file is refused by the reader, naming it
        trim_whitespace=False,
        validators=[NO_NUL],
        help_text=gettext_lazy(
            "The CSV text: round,table,player_a,faction_a,vp_a,player_b,faction_b,vp_b "
            "(and optionally club_a, club_b, outcome, ended)."
        ),
    )


def _answer(report) -> Response:
    return Response(report.as_dict(), status=status.HTTP_201_CREATED)


class BcpImportView(APIView):
    @extend_schema(
        operation_id="events_import_bcp",
        request=BcpImportSerializer,
        responses={201: ImportAnswerSerializer},
        description="A new event from a Best Coast Pairings event's JSON: players with their "
        "factions, each round's pairings and results, as confirmed results. Any problem is a "
        "400 on `file` (`invalid_file`) naming its JSON path; nothing is written.",
    )
    def post(self, request):
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        body = BcpImportSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        report = event_import_bcp(
            user=request.user,
            data=data["file"],
            name=data.get("name", ""),
            date=data.get("date"),
            mission_pack=data["mission_pack"],
        )
        return _answer(report)


class RoundsCsvImportView(APIView):
    @extend_schema(
        operation_id="events_import_rounds_csv",
        request=RoundsCsvImportSerializer,
        responses={201: ImportAnswerSerializer},
        description="A new event from a CSV of its rounds, one game a row, as confirmed "
        "results. Any problem is a 400 on `file` (`invalid_file`) naming its row and column; "
        "nothing is written.",
    )
    def post(self, request):
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        body = RoundsCsvImportSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        report = event_import_rounds_csv(
            user=request.user,
            text=data["file"],
            name=data.get("name", ""),
            date=data.get("date"),
            mission_pack=data["mission_pack"],
        )
        return _answer(report)
