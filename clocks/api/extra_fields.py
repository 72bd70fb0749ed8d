"""`game_clock_minutes` on the tournament's event shape (registered at start-up:
tournament.extensions.EXTRA_SERIALIZER_FIELDS)."""

from __future__ import annotations

from rest_framework import serializers

from clocks.services.settings import MINUTES_MAX, SUGGESTED
from tournament.extensions import EXTRA_SERIALIZER_FIELDS

_SUGGESTED = ", ".join(f"{size} {minutes}" for size, minutes in SUGGESTED.items())


def event_fields() -> dict:
    return {
        "game_clock_minutes": serializers.IntegerField(
            allow_null=True,
            required=False,
            min_value=1,
            max_value=MINUTES_MAX,
            help_text="Each player's own time in a game, in minutes: every game then has a "
            "two-sided clock (GET/POST /api/games/{gid}/clock/). Null (the default): no "
            f"game clocks. Suggested by battle size: {_SUGGESTED}.",
        )
    }


def register() -> None:
    EXTRA_SERIALIZER_FIELDS["event"].register(event_fields)
