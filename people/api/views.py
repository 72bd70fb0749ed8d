"""The people API: a person as the public pages of their events show them."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import refuse_body, require_body
from common.errors import Invalid
from people.services.erase import person_erase, person_erase_check
from people.services.reads import person_read


class PersonGameSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    opponent = serializers.CharField(allow_null=True)
    result = serializers.CharField(help_text=gettext_lazy('"win", "draw", "loss" or "bye"'))
    vp = serializers.IntegerField(allow_null=True)
    opponent_vp = serializers.IntegerField(allow_null=True)


class PersonEventSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    event_name = serializers.CharField()
    start_date = serializers.DateField(allow_null=True)
    status = serializers.CharField()
    player_name = serializers.CharField()
    faction = serializers.CharField()
    club = serializers.CharField()
    dropped = serializers.BooleanField()
    place = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("Final place, or rank so far")
    )
    tied = serializers.BooleanField()
    of = serializers.IntegerField(help_text=gettext_lazy("Players ranked"))
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    games = PersonGameSerializer(many=True)


class PersonRecordSerializer(serializers.Serializer):
    events = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()


class PersonSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    record = PersonRecordSerializer()
    events = PersonEventSerializer(many=True)


class PersonView(APIView):
    serializer_class = PersonSerializer

    @extend_schema(operation_id="people_read", responses=PersonSerializer)
    def get(self, request, person_id: int):
        """A person's events (those the asker may see), record and confirmed results; 404
        when none of their events is visible, exactly as a person who does not exist."""
        return Response(person_read(person_id=person_id, user=request.user))


class PersonEraseInputSerializer(serializers.Serializer):
    confirm = serializers.BooleanField(
        help_text=gettext_lazy(
            "Must be true: an erasure cannot be undone (400 `required` otherwise)."
        )
    )


class PersonErasedSerializer(serializers.Serializer):
    person = serializers.IntegerField()
    players = serializers.IntegerField(
        help_text=gettext_lazy("How many players (one per event) were erased")
    )
    names = serializers.ListField(
        child=serializers.CharField(),
        help_text=gettext_lazy('Their tombstones, e.g. "Erased player 3"'),
    )


class PersonEraseView(APIView):
    serializer_class = PersonErasedSerializer

    @extend_schema(
        operation_id="people_erase",
        request=PersonEraseInputSerializer,
        responses=PersonErasedSerializer,
    )
    def post(self, request, person_id: int):
        """Erase the person (a superuser, or an organiser of every event they played; 404 for
        anyone else): each of their players is renamed "Erased player <n>" and loses e-mail,
        club and army list, everyone else's standings unchanged, the log scrubbed. Not
        undoable: the body must say `{"confirm": true}`."""
        person_erase_check(person_id=person_id, user=request.user)
        require_body(request, "confirm", 'Send {"confirm": true}: an erasure cannot be undone.')
        body = refuse_body(request, allowed=("confirm",))
        if body.get("confirm") is not True:
            raise Invalid(
                "confirm", "required", gettext("Must be true: an erasure cannot be undone.")
            )
        return Response(person_erase(person_id=person_id, user=request.user))
