"""`GET /api/ratings/?edition=eleventh`: each edition group's ratings, best first."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer
from ratings.engine.ratings import EDITIONS
from ratings.services.ratings import ratings_list

_TAKEN = ", ".join(EDITIONS)


class RatingsQuerySerializer(StrictSerializer):
    edition = serializers.ChoiceField(
        choices=list(EDITIONS),
        help_text=gettext_lazy(
            "The edition group: eleventh (11th edition), leviathan, or older (the 8th and "
            "7th edition packs and Only War)."
        ),
        error_messages={
            "invalid_choice": f"Unknown edition {{input}}: must be one of {_TAKEN}.",
            "required": f"Say which edition: one of {_TAKEN}.",
        },
    )


class RatingRowSerializer(StrictSerializer):
    person = serializers.IntegerField(
        help_text=gettext_lazy("The person (GET /people/{id}/ is their page).")
    )
    name = serializers.CharField()
    rating = serializers.FloatField(
        help_text=gettext_lazy(
            "The conservative rating (mu - 3 sigma of openskill's Plackett-Luce model), "
            "rounded to one place for display."
        )
    )
    deviation = serializers.FloatField(
        help_text=gettext_lazy("sigma, the rating's uncertainty, one place.")
    )
    games = serializers.IntegerField(
        min_value=1, help_text=gettext_lazy("Rated games in this edition group.")
    )
    rank = serializers.IntegerField(
        min_value=1,
        help_text=gettext_lazy(
            "1 is best; equal ratings are ordered by more games, then by name, then by "
            "the person's id."
        ),
    )


class RatingsView(APIView):
    serializer_class = RatingRowSerializer

    @extend_schema(
        operation_id="ratings_list",
        parameters=[RatingsQuerySerializer],
        responses=RatingRowSerializer(many=True),
        description="Ratings across events of one edition group, best first. Rated: confirmed "
        "games of complete rounds of public events, byes left out, draws as draws, team "
        "events' individual games and knockout games alike. People who left themselves out "
        "of ratings and events their organiser excluded are left out.",
    )
    def get(self, request):
        query = RatingsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        rows = ratings_list(edition=query.validated_data["edition"])
        return Response(
            [
                {k: row[k] for k in ("person", "name", "rating", "deviation", "games", "rank")}
                for row in rows
            ]
        )
