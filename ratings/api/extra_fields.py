"""The ratings settings on the tournament's event shape (registered at start-up:
tournament.extensions.EXTRA_SERIALIZER_FIELDS)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from rest_framework import serializers

from tournament.extensions import EXTRA_SERIALIZER_FIELDS


def event_fields() -> dict:
    return {
        "ratings_excluded": serializers.BooleanField(
            required=False,
            help_text=gettext_lazy(
                "The organiser's choice to leave this event's games out of ratings across "
                "events (GET /api/ratings/). Default false."
            ),
        ),
        "ratings_win_chances": serializers.BooleanField(
            required=False,
            help_text=gettext_lazy(
                "Show each pairing's win chances from the players' ratings on the public "
                "pairings page. Default false."
            ),
        ),
    }


def register() -> None:
    EXTRA_SERIALIZER_FIELDS["event"].register(event_fields)
