"""Export of a whole event as one JSON document, and its import as a new event."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.permissions import require_write_access, visible_event
from tournament.errors import Invalid
from tournament.services.exchange import event_export, export_filename
from tournament.services.exchange_import import event_import


class ImportAnswerSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The new event's id.")
    name = serializers.CharField()
    skipped_staff = serializers.ListField(
        child=serializers.CharField(),
        help_text="Staff usernames with no account on this instance: not added.",
    )
    missing_accounts = serializers.ListField(
        child=serializers.CharField(),
        help_text="Every username the file names that has no account here (their results and "
        "log entries are kept without the account).",
    )
    new_keys = serializers.ListField(
        child=serializers.CharField(),
        help_text="Players whose private key was already used here and who got a new one.",
    )
    new_tracker_links = serializers.IntegerField(
        help_text="Tracked games whose link was already used here and was renewed."
    )


class EventExportView(APIView):
    reads_are_guarded = True

    @extend_schema(
        operation_id="events_export",
        responses={(200, "application/json"): OpenApiTypes.OBJECT},
        description="The whole event as one JSON document (docs/export-format.md), as an "
        "attachment. Organisers of the event only.",
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        response = Response(event_export(event=event, user=request.user))
        response["Content-Disposition"] = f'attachment; filename="{export_filename(event)}"'
        return response


class EventImportView(APIView):
    @extend_schema(
        operation_id="events_import",
        request={"application/json": OpenApiTypes.OBJECT},
        responses={201: ImportAnswerSerializer},
        description="A new event from an export document sent as the JSON body; you become "
        "its organiser. Any problem in the file is a 400 naming it, and nothing is written.",
    )
    def post(self, request):
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        if not isinstance(request.data, dict):
            raise Invalid("file", "not_event", "Send the export document as a JSON object.")
        report = event_import(raw=dict(request.data), user=request.user)
        return Response(report.as_dict(), status=status.HTTP_201_CREATED)
