from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer, refuse_body
from common.api.fields import NO_NUL, NOT_BLANK, StrictBooleanField, StrictCharField
from tournament.api.permissions import require_staff_access, visible_event
from tournament.models import Announcement
from tournament.models.announcement import ANNOUNCEMENT_MAX_LENGTH
from tournament.services.events.access import user_can_judge
from tournament.services.live.announcements import (
    announcement_delete,
    announcement_post,
    announcements_list,
)


class AnnouncementSerializer(serializers.ModelSerializer):
    created_by = serializers.SerializerMethodField()
    live = serializers.SerializerMethodField(
        help_text=gettext_lazy("Still shown to players and the public (false once it ended).")
    )

    class Meta:
        model = Announcement
        fields = ["id", "text", "created_at", "created_by", "ends_at", "until_round", "live"]
        read_only_fields = fields
        extra_kwargs = {
            "ends_at": {"help_text": "When it stops being shown (null: until removed)."},
            "until_round": {
                "help_text": "Shown until this round's pairings are released (null: no such end)."
            },
        }

    def get_live(self, announcement: Announcement) -> bool:
        return getattr(announcement, "live", True)

    def get_created_by(self, announcement: Announcement) -> str | None:
        user = announcement.created_by
        return user.get_username() if user else None


class AnnouncementInputSerializer(StrictSerializer):
    text = StrictCharField(max_length=ANNOUNCEMENT_MAX_LENGTH, validators=[NOT_BLANK, NO_NUL])
    ends_at = serializers.DateTimeField(
        required=False,
        allow_null=True,
        help_text=gettext_lazy(
            "When it stops being shown to players and the public; later than now."
        ),
    )
    until_next_round = StrictBooleanField(
        required=False,
        default=False,
        help_text=gettext_lazy(
            "Shown until the next round's pairings are released to the players."
        ),
    )


class AnnouncementListView(APIView):
    serializer_class = AnnouncementSerializer

    @extend_schema(
        operation_id="events_announcements_list", responses=AnnouncementSerializer(many=True)
    )
    def get(self, request, event_id: int):
        """The event's announcements, newest first (public for a public event). Players and
        the public get those still shown; the staff every one, ended ones with `live` false."""
        event = visible_event(request, event_id)
        staff = user_can_judge(request.user, event)
        announcements = announcements_list(event=event, live_only=not staff)
        return Response(AnnouncementSerializer(announcements, many=True).data)

    @extend_schema(request=AnnouncementInputSerializer, responses={201: AnnouncementSerializer})
    def post(self, request, event_id: int):
        """Post a message to the hall: players' pages, public pages and the big screen."""
        event = visible_event(request, event_id)
        require_staff_access(request, event)
        body = AnnouncementInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        announcement = announcement_post(event=event, user=request.user, **body.validated_data)
        announcement.live = True
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
