"""Tracked games: the server-side home of a deck tracker's state and its action log.

The models moved here from `missions` with the rest of the tracker, but keep the `missions`
app label: their tables (missions_trackedgame, missions_trackedaction) and migration history
stay exactly as they were, so every stored game survives the move with no data migration."""

from __future__ import annotations

import secrets

from django.db import models


def new_tracker_token() -> str:
    # Holding the link is the only permission a standalone game needs: make it unguessable.
    return secrets.token_urlsafe(24)


class TrackedGame(models.Model):
    """One battle followed by the deck tracker, standalone (by token) or an event's game."""

    token = models.CharField(max_length=64, unique=True, default=new_tracker_token)
    game = models.OneToOneField(
        "tournament.Game",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="tracker",
    )
    pack_key = models.CharField(max_length=40, default="leviathan")
    mission_code = models.CharField(max_length=40)
    # new_game() keyword arguments, seed included: never sent to a client (it predicts draws).
    initial_args = models.JSONField()
    state = models.JSONField()
    finished = models.BooleanField(default=False)
    result = models.ForeignKey(
        "tournament.Result",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        app_label = "missions"
        ordering = ["-updated_at", "id"]

    @property
    def seq(self) -> int:
        return int(self.state["seq"])

    def __str__(self) -> str:
        where = f"game {self.game_id}" if self.game_id else "standalone"
        return f"Tracker {self.pk} ({where}, mission {self.mission_code})"


class TrackedAction(models.Model):
    """One accepted action; replaying them in `seq` order from `initial_args` rebuilds state."""

    tracked = models.ForeignKey(TrackedGame, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    actor = models.CharField(max_length=80, blank=True)  # "player:12", "user:3" or "link"
    action = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "missions"
        ordering = ["tracked", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["tracked", "seq"], name="tracked_action_unique_seq"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.action.get('type')}"
