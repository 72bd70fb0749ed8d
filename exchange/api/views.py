"""Export of a whole event as one JSON document, and its import as a new event."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer
from exchange.services.export import FORMAT, VERSION, event_export, export_filename
from exchange.services.importing.write import event_import
from tournament.api.permissions import require_write_access, visible_event
from tournament.services.documents.exports import file_disposition


class ExportDocumentSerializer(serializers.Serializer):
    """The document's outline, for the schema; the service checks every field inside."""

    format = serializers.ChoiceField(choices=[FORMAT])
    version = serializers.ChoiceField(choices=[VERSION])
    exported_at = serializers.DateTimeField()
    event = serializers.DictField()
    staff = serializers.ListField(child=serializers.DictField())
    players = serializers.ListField(child=serializers.DictField())
    tables = serializers.ListField(child=serializers.DictField())
    rounds = serializers.ListField(child=serializers.DictField())
    announcements = serializers.ListField(child=serializers.DictField())
    audit = serializers.ListField(child=serializers.DictField())
    tracked_games = serializers.ListField(child=serializers.DictField())
    sha256 = serializers.RegexField(
        r"^[0-9a-f]{64}$",
        help_text=gettext_lazy(
            "SHA-256 of the canonical content (docs/export-format.md); a body whose "
            "content does not match it is refused (400 checksum_mismatch)."
        ),
    )


class ImportAnswerSerializer(StrictSerializer):
    id = serializers.IntegerField(help_text=gettext_lazy("The new event's id."))
    name = serializers.CharField()
    hidden = serializers.BooleanField(
        help_text=gettext_lazy("Always true: an import starts hidden.")
    )
    registration_open = serializers.BooleanField(
        help_text=gettext_lazy("Always false: an import starts with sign-up closed.")
    )
    warnings = serializers.ListField(
        child=serializers.DictField(),
        help_text=gettext_lazy("`name` `name_in_use` when another event here has the same name."),
    )
    skipped_staff = serializers.ListField(
        child=serializers.CharField(),
        help_text=gettext_lazy("Staff usernames with no account on this instance: not added."),
    )
    missing_accounts = serializers.ListField(
        child=serializers.CharField(),
        help_text=gettext_lazy(
            "Every username the file names that has no account here (their results and "
            "log entries are kept without the account)."
        ),
    )
    new_keys = serializers.ListField(
        child=serializers.CharField(),
        help_text=gettext_lazy(
            "Players whose private key was already used here and who got a new one."
        ),
    )
    new_tracker_links = serializers.IntegerField(
        help_text=gettext_lazy("Tracked games whose link was already used here and was renewed.")
    )


class EventExportView(APIView):
    reads_are_guarded = True

    @extend_schema(
        operation_id="events_export",
        responses=ExportDocumentSerializer,
        description="The whole event as one JSON document (docs/export-format.md), as an "
        "attachment. Organisers of the event only.",
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        response = Response(event_export(event=event, user=request.user))
        response["Content-Disposition"] = file_disposition(export_filename(event))
        return response


class EventImportView(APIView):
    @extend_schema(
        operation_id="events_import",
        request=ExportDocumentSerializer,
        responses={201: ImportAnswerSerializer},
        description="A new event from an export document sent as the JSON body; you become "
        "its organiser. Any problem in the file is a 400 naming it, and nothing is written.",
    )
    def post(self, request):
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        # A list is no export document; document_parse says so (and points a BCP file to its
        # reader).
        report = event_import(
            raw=dict(request.data) if isinstance(request.data, dict) else request.data,
            user=request.user,
        )
        return Response(report.as_dict(), status=status.HTTP_201_CREATED)
