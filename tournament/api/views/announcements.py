from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.bodies import StrictSerializer, refuse_body
from tournament.api.permissions import require_staff_access, visible_event
from tournament.api.serializers import NO_NUL, NOT_BLANK, StrictCharField
from tournament.models import Announcement
from tournament.models.announcement import ANNOUNCEMENT_MAX_LENGTH
from tournament.services.announcements import (
    announcement_delete,
    announcement_post,
    announcements_list,
)


class AnnouncementSerializer(serializers.ModelSerializer):
    created_by = serializers.SerializerMethodField()

    class Meta:
        model = Announcement
        fields = ["id", "text", "created_at", "created_by"]
        read_only_fields = fields

    def get_created_by(self, announcement: Announcement) -> str | None:
        user = announcement.created_by
        return user.get_username() if user else None


class AnnouncementInputSerializer(StrictSerializer):
    text = StrictCharField(max_length=ANNOUNCEMENT_MAX_LENGTH, validators=[NOT_BLANK, NO_NUL])


class AnnouncementListView(APIView):
    serializer_class = AnnouncementSerializer

    @extend_schema(
        operation_id="events_announcements_list", responses=AnnouncementSerializer(many=True)
    )
    def get(self, request, event_id: int):
        """The event's announcements, newest first (public for a public event)."""
        event = visible_event(request, event_id)
        return Response(AnnouncementSerializer(announcements_list(event=event), many=True).data)

    @extend_schema(request=AnnouncementInputSerializer, responses={201: AnnouncementSerializer})
    def post(self, request, event_id: int):
        """Post a message to the hall: players' pages, public pages and the big screen."""
        event = visible_event(request, event_id)
        require_staff_access(request, event)
        body = AnnouncementInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        announcement = announcement_post(
            event=event, user=request.user, text=body.validated_data["text"]
        )
        return Response(AnnouncementSerializer(announcement).data, status=status.HTTP_201_CREATED)


class AnnouncementDetailView(APIView):
    serializer_class = AnnouncementSerializer

    @extend_schema(responses={204: None})
    def delete(self, request, event_id: int, announcement_id: int):
        event = visible_event(request, event_id)
        require_staff_access(request, event)
        refuse_body(request)
        announcement_delete(event=event, user=request.user, announcement_id=announcement_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
