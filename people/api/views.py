"""The people API: a person as the public pages of their events show them."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from people.services.reads import person_read


class PersonGameSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    opponent = serializers.CharField(allow_null=True)
    result = serializers.CharField(help_text='"win", "draw", "loss" or "bye"')
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
    place = serializers.IntegerField(allow_null=True, help_text="Final place, or rank so far")
    tied = serializers.BooleanField()
    of = serializers.IntegerField(help_text="Players ranked")
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
