from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.bodies import StrictSerializer, require_body
from tournament.api.permissions import (
    require_staff_access,
    require_write_access,
    visible_event,
)
from tournament.api.serializers import StrictBooleanField
from tournament.models import AuditEntry
from tournament.services.audit import audit_undo, audit_undo_preview, audit_undo_previews


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
    code = serializers.CharField(help_text="Machine code of why not (empty when it can).")
    reason = serializers.CharField()
    dependents = serializers.ListField(child=serializers.CharField())
    needs_confirmation = serializers.BooleanField()


class UndoInputSerializer(StrictSerializer):
    confirm = StrictBooleanField(
        default=False, help_text="Required when the preview lists dependents."
    )


class AuditListView(APIView):
    serializer_class = AuditEntrySerializer
    # Reads here refuse some callers (403): the schema says so.
    reads_are_guarded = True

    @extend_schema(
        operation_id="events_audit_list",
        responses=AuditEntrySerializer(many=True),
        description="The event's log, newest first (organisers and judges only).",
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        require_staff_access(request, event)
        entries = list(event.audit.select_related("actor_user", "actor_player")[:500])
        context = {"previews": audit_undo_previews(entries)}
        return Response(AuditEntrySerializer(entries, many=True, context=context).data)


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
