from urllib.parse import urlencode

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer, require_body
from common.api.fields import StrictBooleanField
from tournament.api.permissions import (
    require_staff_access,
    require_write_access,
    visible_event,
)
from tournament.models import AuditEntry
from tournament.services.audit.log import audit_undo, audit_undo_preview, audit_undo_previews

# A page of the log: what a screen shows and a script reads at once; each entry's undo preview
# is judged, so a page is bounded rather than the whole log of a 1,000-player event.
PAGE = 100
MAX_PAGE = 500


class AuditEntrySerializer(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor_name", read_only=True)
    label = serializers.SerializerMethodField()
    description = serializers.SerializerMethodField()
    can_undo = serializers.SerializerMethodField()
    undo_blocked = serializers.SerializerMethodField()

    class Meta:
        model = AuditEntry
        fields = [
            "id",
            "action",
            "target",
            "actor",
            "before",
            "after",
            "created_at",
            "undone_at",
            "label",
            "description",
            "can_undo",
            "undo_blocked",
        ]
        read_only_fields = fields

    def _preview(self, entry):
        previews = self.context.setdefault("previews", {})
        if entry.pk not in previews:
            previews.update(audit_undo_previews([entry]))
        return previews[entry.pk]

    def get_label(self, entry) -> str:
        return self._preview(entry).label

    def get_description(self, entry) -> str:
        return self._preview(entry).description

    def get_can_undo(self, entry) -> bool:
        return self._preview(entry).can_undo

    def get_undo_blocked(self, entry) -> str:
        """Why Undo would fail now (empty when it can succeed)."""
        return self._preview(entry).reason


class UndoPreviewSerializer(StrictSerializer):
    entry = serializers.IntegerField()
    action = serializers.CharField()
    label = serializers.CharField()
    description = serializers.CharField()
    can_undo = serializers.BooleanField()
    code = serializers.CharField(
        help_text=gettext_lazy("Machine code of why not (empty when it can).")
    )
    reason = serializers.CharField()
    dependents = serializers.ListField(child=serializers.CharField())
    needs_confirmation = serializers.BooleanField()


class UndoInputSerializer(StrictSerializer):
    confirm = StrictBooleanField(
        default=False, help_text=gettext_lazy("Required when the preview lists dependents.")
    )


class AuditPageSerializer(StrictSerializer):
    """Which page of the log: `limit` entries logged before the entry `before`."""

    limit = serializers.IntegerField(
        min_value=1,
        max_value=MAX_PAGE,
        default=PAGE,
        help_text=gettext_lazy("Entries on the page."),
    )
    before = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text=gettext_lazy("Only entries older than this entry id."),
    )


class AuditListView(APIView):
    serializer_class = AuditEntrySerializer
    # Reads here refuse some callers (403): the schema says so.
    reads_are_guarded = True

    @extend_schema(
        operation_id="events_audit_list",
        parameters=[AuditPageSerializer],
        responses=AuditEntrySerializer(many=True),
        description="The event's log, newest first (organisers and judges only), a page at a "
        f"time: `limit` entries (default {PAGE}, at most {MAX_PAGE}) older than `before`; when "
        'more remain, the `Link` header names the next page (rel="next").',
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        require_staff_access(request, event)
        page = AuditPageSerializer(data=request.query_params)
        page.is_valid(raise_exception=True)
        limit, before = page.validated_data["limit"], page.validated_data.get("before")
        entries = event.audit.select_related("actor_user", "actor_player").order_by("-pk")
        if before is not None:
            entries = entries.filter(pk__lt=before)
        # One more than the page, to know whether a next page exists.
        entries = list(entries[: limit + 1])
        more, entries = len(entries) > limit, entries[:limit]
        context = {"previews": audit_undo_previews(entries)}
        response = Response(AuditEntrySerializer(entries, many=True, context=context).data)
        if more:
            query = urlencode({"before": entries[-1].pk, "limit": limit})
            url = request.build_absolute_uri(f"{request.path}?{query}")
            response["Link"] = f'<{url}>; rel="next"'
        return response


class AuditUndoView(APIView):
    serializer_class = AuditEntrySerializer
    # Reads here refuse some callers (403): the schema says so.
    reads_are_guarded = True
    # An undo needs a body saying what it confirms: the schema marks it required.
    body_required_for = ("POST",)

    @extend_schema(request=None, responses=UndoPreviewSerializer)
    def get(self, request, event_id: int, entry_id: int):
        """What undoing this entry would do: whether it can, why not, what depends on it."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        entry = get_object_or_404(event.audit, pk=entry_id)
        return Response(audit_undo_preview(entry_id=entry.pk, event_id=event.pk).as_dict())

    @extend_schema(request=UndoInputSerializer, responses=AuditEntrySerializer)
    def post(self, request, event_id: int, entry_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        entry = get_object_or_404(event.audit, pk=entry_id)
        require_body(
            request,
            "confirm",
            'Send a JSON body, {"confirm": true} to undo this entry; nothing was undone.',
        )
        body = UndoInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        undone = audit_undo(
            entry_id=entry.pk, user=request.user, confirm=body.validated_data["confirm"]
        )
        return Response(AuditEntrySerializer(undone).data)
