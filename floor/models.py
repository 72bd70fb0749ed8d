"""A judge call: a player (or staff) asks for a judge at one table; a judge claims it and
resolves it with a ruling. At most one call per game is unresolved at a time."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


class CallStatus(models.TextChoices):
    OPEN = "open", gettext_lazy("Waiting for a judge")
    CLAIMED = "claimed", gettext_lazy("A judge is on the way")
    RESOLVED = "resolved", gettext_lazy("Resolved")


class CallCategory(models.TextChoices):
    RULES = "rules", gettext_lazy("Rules question")
    DISPUTE = "dispute", gettext_lazy("Dispute")
    TIME = "time", gettext_lazy("Time")
    CONDUCT = "conduct", gettext_lazy("Conduct")
    LIST = "list", gettext_lazy("List or army")
    OTHER = "other", gettext_lazy("Other")


NOTE_LIMIT = 200
RULING_LIMIT = 1000


class JudgeCall(models.Model):
    event = models.ForeignKey(
        "tournament.Event", on_delete=models.CASCADE, related_name="judge_calls"
    )
    game = models.ForeignKey(
        "tournament.Game", on_delete=models.CASCADE, related_name="judge_calls"
    )
    called_by_player = models.ForeignKey(
        "tournament.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    called_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    note = models.CharField(max_length=NOTE_LIMIT, blank=True)
    called_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=CallStatus.choices, default=CallStatus.OPEN)
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    claimed_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    ruling = models.TextField(blank=True)
    category = models.CharField(max_length=10, choices=CallCategory.choices, blank=True)
    minutes_added = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["called_at", "id"]
        indexes = [models.Index(fields=["event", "status", "called_at"], name="judgecall_queue")]
        constraints = [
            # A phone sending twice, or both players pressing at once, never makes two calls.
            models.UniqueConstraint(
                fields=["game"],
                condition=models.Q(status__in=["open", "claimed"]),
                name="judgecall_one_unresolved_per_game",
            )
        ]

    def __str__(self) -> str:
        return f"Judge call {self.pk} ({self.status})"
