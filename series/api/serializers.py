"""The shapes of the series API, for the schema: the views answer the services' dicts."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from rest_framework import serializers

from common.api.bodies import KnownFieldsMixin

# Points as the services take them: exact, written as a whole number, a decimal or a fraction.
POINTS = r"^[0-9]{1,6}(\.[0-9]{1,3}|/[1-9][0-9]{0,2})?$"


def _points(**kwargs) -> serializers.RegexField:
    return serializers.RegexField(
        POINTS, help_text=gettext_lazy('Exact: "25", "12.5", "40/3"'), **kwargs
    )


class SeriesInputSerializer(KnownFieldsMixin, serializers.Serializer):
    name = serializers.RegexField(r"\S", max_length=200, help_text=gettext_lazy("Not blank"))
    description = serializers.CharField(max_length=500, required=False, allow_blank=True)
    scoring = serializers.ChoiceField(choices=["placing", "results"], required=False)
    placing_points = serializers.ListField(
        child=_points(),
        required=False,
        max_length=256,
        help_text=gettext_lazy("Points for 1st, 2nd, ..."),
    )
    beyond_points = _points(required=False)
    win_points = _points(required=False)
    draw_points = _points(required=False)
    loss_points = _points(required=False)
    best_events = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=100
    )


class SeriesEventInputSerializer(KnownFieldsMixin, serializers.Serializer):
    event = serializers.IntegerField()


class SeriesEventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    start_date = serializers.DateField(allow_null=True)
    status = serializers.CharField()
    counted = serializers.BooleanField()
    note = serializers.CharField()


class SeriesSerializer(SeriesInputSerializer):
    id = serializers.IntegerField()
    rule = serializers.CharField(help_text=gettext_lazy("The rule in words"))
    can_edit = serializers.BooleanField()
    events = SeriesEventSerializer(many=True)


class SeriesScoreSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    event_name = serializers.CharField()
    place = serializers.IntegerField()
    points = serializers.CharField(help_text=gettext_lazy('Exact: "25", "43/2"'))
    points_display = serializers.CharField()
    counted = serializers.BooleanField()


class SeriesRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    person = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    points = serializers.CharField(help_text=gettext_lazy('Exact: "40", "121/3"'))
    points_display = serializers.CharField()
    events_played = serializers.IntegerField()
    events_counted = serializers.IntegerField()
    scores = SeriesScoreSerializer(many=True)
    note = serializers.CharField(
        help_text=gettext_lazy("Why the row is where it is when level on points")
    )


class SeriesTableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    rule = serializers.CharField()
    events = SeriesEventSerializer(many=True)
    rows = SeriesRowSerializer(many=True)
