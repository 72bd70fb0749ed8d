"""A team event's results as CSV, one row per team (teams/services/sheets.py)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema

from teams.services.sheets import team_sheet_export
from tournament.api.permissions import visible_event
from tournament.api.views.exports import CSV_RESPONSE, CsvView, csv_response
from tournament.services.documents.exports import export_filename
from tournament.services.events.access import user_can_judge


class TeamSheetCsvView(CsvView):
    reads_are_guarded = False

    @extend_schema(
        description="One row per team, best first: place, team_id, team, members (names "
        "separated by '; '), then for each round n round_n_opponent, round_n_result (W, D, L "
        "or BYE), round_n_score, round_n_score_against, then played, wins, draws, losses, "
        "byes, mp, game_points, vp, dropped. A match counts once all its games are confirmed.",
        responses={(200, "text/csv"): CSV_RESPONSE},
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        public = not user_can_judge(request.user, event)
        columns, rows = team_sheet_export(event=event, public=public)
        return csv_response(
            columns=columns, rows=rows, filename=export_filename(event=event, what="teams")
        )
