"""An event's clock setting and each game's clock (the engine's state, clocks.engine.clock)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class ClockSettings(models.Model):
    event = models.OneToOneField(
        "tournament.Event",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="clock_settings",
    )
    # Each player's own time in a game, in minutes; null: the event has no game clocks.
    game_clock_minutes = models.PositiveSmallIntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Clock settings of event {self.event_id}"


class GameClock(models.Model):
    SIDES = [("a", "a"), ("b", "b")]
    HOLDS = [("judge_call", "judge call"), ("staff", "staff")]

    game = models.OneToOneField("tournament.Game", on_delete=models.CASCADE, related_name="clock")
    # Milliseconds: each side's budget (the event's minutes plus time added), what each used.
    budget = models.BigIntegerField()
    used_a = models.BigIntegerField(default=0)
    used_b = models.BigIntegerField(default=0)
    running = models.CharField(max_length=1, choices=SIDES, blank=True, default="")
    since = models.BigIntegerField(null=True, blank=True)  # ms timestamp the running side started
    paused = models.BooleanField(default=False)
    paused_for = models.CharField(max_length=12, choices=HOLDS, blank=True, default="")
    held_side = models.CharField(max_length=1, choices=SIDES, blank=True, default="")
    version = models.PositiveIntegerField(default=0)
    timed_out = models.CharField(max_length=1, choices=SIDES, blank=True, default="")
    started = models.BooleanField(default=False)
    finished = models.BooleanField(default=False)
    # Set on every change: the push channel reads `changed_at__gt=` what it last sent.
    changed_at = models.DateTimeField(db_index=True, default=timezone.now)

    def __str__(self) -> str:
        return f"Clock of game {self.game_id} (v{self.version})"
