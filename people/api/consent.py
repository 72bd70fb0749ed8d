"""A player's publication consent through the API, with their own key (issue 36)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer
from people.models import ConsentVia
from people.services.consent import consent_data, consent_record
from tournament.api.auth import request_player
from tournament.api.permissions import visible_event

ANSWER = (
    "true (yes), false (no) or null (not answered): may this be published beyond the event "
    "(ratings, open results feeds, series)?"
)


class ConsentInputSerializer(StrictSerializer):
    results = serializers.BooleanField(allow_null=True, help_text="Results: " + ANSWER)
    lists = serializers.BooleanField(allow_null=True, help_text="Army list: " + ANSWER)


def signup_fields() -> dict:
    """The two questions on the API's sign-up (EXTRA_SERIALIZER_FIELDS["signup"])."""
    return {
        f"consent_{subject}": serializers.BooleanField(
            allow_null=True,
            required=False,
            default=None,
            help_text=f"{label}: {ANSWER} Recorded as given at sign-up.",
        )
        for subject, label in (("results", "Results"), ("lists", "Army list"))
    }


class ConsentHistorySerializer(serializers.Serializer):
    results = serializers.BooleanField(allow_null=True)
    lists = serializers.BooleanField(allow_null=True)
    via = serializers.ChoiceField(choices=ConsentVia.choices)
    made_at = serializers.DateTimeField()


class ConsentSerializer(serializers.Serializer):
    results = serializers.BooleanField(
        allow_null=True, help_text=gettext_lazy("The current answer")
    )
    lists = serializers.BooleanField(allow_null=True, help_text=gettext_lazy("The current answer"))
    history = ConsentHistorySerializer(many=True, help_text="Every answer, oldest first")


class ConsentView(APIView):
    serializer_class = ConsentSerializer

    def _own(self, request, event_id: int, player_id: int):
        event = visible_event(request, event_id)
        owner = get_object_or_404(event.players.all(), pk=player_id)
        player = request_player(request)
        # Only the player's own key: their answer is theirs to give and to read.
        if player is None:
            raise exceptions.NotAuthenticated()
        if player.pk != owner.pk:
            raise exceptions.PermissionDenied("A key reads and answers for its own player only.")
        return owner

    @extend_schema(operation_id="events_players_consent_read", responses=ConsentSerializer)
    def get(self, request, event_id: int, player_id: int):
        """The player's current answers and their history (their own key only)."""
        return Response(consent_data(player=self._own(request, event_id, player_id)))

    @extend_schema(
        operation_id="events_players_consent_put",
        request=ConsentInputSerializer,
        responses=ConsentSerializer,
    )
    def put(self, request, event_id: int, player_id: int):
        """The player answers (their own key only); both fields are required. The same
        answers again record nothing; a change is kept beside the earlier ones."""
        owner = self._own(request, event_id, player_id)
        body = ConsentInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        consent_record(player=owner, via=ConsentVia.PLAYER_PAGE, **body.validated_data)
        return Response(consent_data(player=owner))
