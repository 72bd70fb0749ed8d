"""Files for ranking circuits and spreadsheets: one row per player, the event's facts, and the
whole event as an .xlsx workbook (services/sheets.py, services/workbook.py)."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.renderers import BaseRenderer, JSONRenderer

from exchange.services.circuits import itc_form_export, ntr_text_export
from exchange.services.sheets import EVENT_SHEET_COLUMNS, event_metadata, player_sheet_export
from exchange.services.workbook import XLSX_TYPE, workbook_cached
from tournament.api.permissions import visible_event
from tournament.api.views.exports import CSV_RESPONSE, CsvView, csv_response
from tournament.services.documents.exports import export_filename, file_disposition
from tournament.services.events.access import user_can_judge


def _public(request, event) -> bool:
    """Whether the reader is the public (players by the event's public names, issue 36)."""
    return not user_can_judge(request.user, event)


class PlayerSheetCsvView(CsvView):
    reads_are_guarded = False

    @extend_schema(
        description="One row per ranked player, best first: place, first_name, last_name, "
        "player_id, faction, club, then for each round n round_n_opponent, "
        "round_n_opponent_id, round_n_result (W, D, L or BYE), round_n_vp, "
        "round_n_vp_against, then wins, draws, losses, byes, mp, vp_total, vp_against_total, "
        "dropped_after_round. Confirmed results and byes only.",
        responses={(200, "text/csv"): CSV_RESPONSE},
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        columns, rows = player_sheet_export(event=event, public=_public(request, event))
        return csv_response(
            columns=columns, rows=rows, filename=export_filename(event=event, what="players")
        )


class EventSheetCsvView(CsvView):
    reads_are_guarded = False

    @extend_schema(
        description="The event's facts, one field a row (field, value): event_id, name, "
        "start_date, end_date, venue, game_system, format, battle_size, points_limit, "
        "mission_pack, rounds_planned, rounds_played, players, tiebreaks, owr_floor, status.",
        responses={(200, "text/csv"): CSV_RESPONSE},
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        return csv_response(
            columns=EVENT_SHEET_COLUMNS,
            rows=event_metadata(event=event),
            filename=export_filename(event=event, what="event"),
        )


class XlsxRenderer(BaseRenderer):
    """Lets a client ask for the workbook's type (Accept); refusals stay JSON."""

    media_type = XLSX_TYPE
    format = "xlsx"
    charset = None

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data


class WorkbookView(CsvView):
    renderer_classes = [JSONRenderer, XlsxRenderer]
    reads_are_guarded = False

    @extend_schema(
        description="The event as an .xlsx workbook: sheets Event, Standings, Players, "
        "Results and Pairings (released rounds), with the columns of the matching CSV files. "
        "Names and records are text cells (never dates or formulas). Confirmed results only.",
        responses={(200, XLSX_TYPE): OpenApiResponse(OpenApiTypes.BINARY)},
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        workbook = workbook_cached(event=event, public=_public(request, event))
        response = HttpResponse(workbook, content_type=XLSX_TYPE)
        name = export_filename(event=event, what="event").removesuffix(".csv") + ".xlsx"
        response["Content-Disposition"] = file_disposition(name)
        response["Cache-Control"] = "no-cache"
        return response


class ItcFormCsvView(CsvView):
    reads_are_guarded = False

    @extend_schema(
        description="The ITC-style results form as CSV, one row per ranked player, best first: "
        "Placing, First Name, Last Name, Bonus Points (3 for each game before the player's "
        "first loss; a bye is not a loss; the run stops at a game not yet confirmed). "
        "docs/exports.md cites the form's published description.",
        responses={(200, "text/csv"): CSV_RESPONSE},
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        columns, rows = itc_form_export(event=event, public=_public(request, event))
        return csv_response(
            columns=columns, rows=rows, filename=export_filename(event=event, what="itc")
        )


class TextRenderer(BaseRenderer):
    """Lets a client ask for plain text (Accept); refusals stay JSON."""

    media_type = "text/plain"
    format = "txt"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        return data


class NtrTextView(CsvView):
    renderer_classes = [JSONRenderer, TextRenderer]
    reads_are_guarded = False

    @extend_schema(
        description="Results for the T³ national tournament ranking (NTR) as UTF-8 plain text: "
        "Tournament, Game system, Place, Date and Players lines, a blank line, then a "
        "tab-separated table (Placement, First name, Last name, Nickname, Origin, Army) with a "
        "row per ranked player, best first. Origin is the club, Army the faction.",
        responses={(200, "text/plain"): OpenApiResponse(OpenApiTypes.STR)},
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        response = HttpResponse(
            ntr_text_export(event=event, public=_public(request, event)).encode(),
            content_type="text/plain; charset=utf-8",
        )
        name = export_filename(event=event, what="ntr").removesuffix(".csv") + ".txt"
        response["Content-Disposition"] = file_disposition(name)
        response["Cache-Control"] = "no-cache"
        return response
