"""The game clock's shapes: the move a phone sends, the clock it gets back."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from rest_framework import serializers

from clocks.services.clocks import ACTIONS
from common.api.bodies import StrictSerializer


class GameClockMoveSerializer(StrictSerializer):
    action = serializers.ChoiceField(
        choices=ACTIONS,
        help_text=gettext_lazy(
            "start: the asker's side runs (once, the game's first tap); pass: the "
            "asker's side stops and the opponent's runs; pause; resume (the side that ran)."
        ),
    )
    version = serializers.IntegerField(
        min_value=0,
        max_value=2**31 - 1,
        help_text=gettext_lazy(
            "The clock's version this move was made against; another one is 409 "
            "`stale_clock` and changes nothing."
        ),
    )
    side = serializers.ChoiceField(
        choices=("a", "b"),
        required=False,
        help_text=gettext_lazy(
            "Staff only: the side a start or a pass is for (a player's key moves its "
            "own side; another side is 403 `not_your_side`)."
        ),
    )


class GameClockSerializer(serializers.Serializer):
    running = serializers.ChoiceField(choices=("a", "b"), allow_null=True)
    remaining_a = serializers.FloatField(help_text=gettext_lazy("Seconds left for side a at `at`."))
    remaining_b = serializers.FloatField(help_text=gettext_lazy("Seconds left for side b at `at`."))
    paused = serializers.BooleanField()
    paused_for = serializers.ChoiceField(choices=("judge_call", "staff"), allow_null=True)
    version = serializers.IntegerField()
    at = serializers.DateTimeField()
    timed_out = serializers.ChoiceField(
        choices=("a", "b"),
        allow_null=True,
        help_text=gettext_lazy(
            "The side that ran out of time; the game goes on: that player may only "
            "score objectives they hold (no new actions, no secondary missions)."
        ),
    )
    budget = serializers.FloatField(
        help_text=gettext_lazy("Each side's time in seconds (with time added).")
    )
    started = serializers.BooleanField()
    finished = serializers.BooleanField(
        help_text=gettext_lazy("The result is in: the clock is stopped.")
    )
    game = serializers.IntegerField()
