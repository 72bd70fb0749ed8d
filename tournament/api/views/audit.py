from rest_framework import serializers
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.permissions import require_write_access, visible_event
from tournament.models import AuditEntry
from tournament.services.audit import audit_undo


class AuditEntrySerializer(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor_name", read_only=True)

    class Meta:
        model = AuditEntry
        fields = ["id", "action", "target", "actor", "before", "after", "created_at", "undone_at"]
        read_only_fields = fields


class AuditListView(APIView):
    serializer_class = AuditEntrySerializer

    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        entries = event.audit.select_related("actor_user", "actor_player")[:500]
        return Response(AuditEntrySerializer(entries, many=True).data)


class AuditUndoView(APIView):
    serializer_class = AuditEntrySerializer

    def post(self, request, event_id: int, entry_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        entry = get_object_or_404(event.audit, pk=entry_id)
        return Response(AuditEntrySerializer(audit_undo(entry_id=entry.pk, user=request.user)).data)
