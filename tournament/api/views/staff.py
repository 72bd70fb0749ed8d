"""An event's staff over the API: organisers list, add, re-role and remove organisers and
judges. Judges and everyone else are refused (403)."""

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer, refuse_body
from common.api.fields import StrictCharField
from tournament.api.permissions import require_write_access, visible_event
from tournament.models import EventStaff, StaffRole
from tournament.services.events.staff import staff_add, staff_list, staff_remove, staff_set_role


class StaffSerializer(serializers.ModelSerializer):
    user = serializers.IntegerField(source="user_id", read_only=True)
    username = serializers.CharField(source="user.get_username", read_only=True)
    added_by = serializers.CharField(
        source="added_by.get_username",
        read_only=True,
        allow_null=True,
        default=None,
        help_text=gettext_lazy(
            "Who added them (null when unknown, e.g. staff from before roles existed)."
        ),
    )

    class Meta:
        model = EventStaff
        fields = ["user", "username", "role", "added_at", "added_by"]
        read_only_fields = fields


class StaffAddSerializer(StrictSerializer):
    username = StrictCharField(
        max_length=150, help_text=gettext_lazy("An existing account's username.")
    )
    role = serializers.ChoiceField(choices=StaffRole.choices)


class StaffRoleSerializer(StrictSerializer):
    # A PATCH without a role changes nothing (the staff row is answered as it is).
    role = serializers.ChoiceField(choices=StaffRole.choices, required=False)


class StaffListView(APIView):
    serializer_class = StaffSerializer
    # Reads here refuse some callers (403): the schema says so.
    reads_are_guarded = True

    @extend_schema(
        operation_id="events_staff_list",
        responses=StaffSerializer(many=True),
        description="The event's organisers, then its judges (organisers only).",
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        return Response(StaffSerializer(staff_list(event=event), many=True).data)

    @extend_schema(
        request=StaffAddSerializer,
        responses={201: StaffSerializer},
        description="Add an account as organiser or judge. 400 `username` `unknown_user`; "
        "409 `username` `already_staff` for someone already on the staff (change their role "
        "with PATCH instead).",
    )
    def post(self, request, event_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = StaffAddSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        row = staff_add(event=event, user=request.user, **body.validated_data)
        return Response(StaffSerializer(row).data, status=status.HTTP_201_CREATED)


class StaffDetailView(APIView):
    serializer_class = StaffSerializer

    @extend_schema(
        request=StaffRoleSerializer,
        responses=StaffSerializer,
        description="Change a staff member's role. 409 `user` `last_organiser` when this "
        "would leave the event without an organiser.",
    )
    def patch(self, request, event_id: int, user_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        # What the client read (GET .../staff/), so a row sent back whole is accepted.
        read = next(
            (StaffSerializer(r).data for r in staff_list(event=event) if r.user_id == user_id), {}
        )
        body = StaffRoleSerializer(data=request.data, context={"read": read})
        body.is_valid(raise_exception=True)
        # No role sent: the row's own (unchanged, nothing logged); someone who is not on the
        # staff has no row and the service answers 404 whatever the role.
        role = body.validated_data.get("role", read.get("role", StaffRole.JUDGE))
        row = staff_set_role(event=event, user=request.user, member_id=user_id, role=role)
        return Response(StaffSerializer(row).data)

    @extend_schema(
        request=None,
        responses={204: None},
        description="Take someone off the staff. 409 `user` `last_organiser` for the event's "
        "only organiser.",
    )
    def delete(self, request, event_id: int, user_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        refuse_body(request)
        staff_remove(event=event, user=request.user, member_id=user_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
