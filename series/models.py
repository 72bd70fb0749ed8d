"""A series or league: events grouped under one scoring rule, and the log of its changes."""

from django.conf import settings
from django.db import models


class Series(models.Model):
    name = models.CharField(max_length=200)
    description = models.CharField(max_length=500, blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    # "placing": points by final place from `placing_points`; "results": by wins and draws.
    scoring = models.CharField(max_length=10, default="placing")
    # Exact values as written ("25", "12.5", "40/3"): points for 1st, 2nd, ...
    placing_points = models.JSONField(default=list, blank=True)
    beyond_points = models.CharField(max_length=20, default="0")
    win_points = models.CharField(max_length=20, default="3")
    draw_points = models.CharField(max_length=20, default="1")
    loss_points = models.CharField(max_length=20, default="0")
    best_events = models.PositiveSmallIntegerField(null=True, blank=True)  # None: all count
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        verbose_name_plural = "series"

    def __str__(self) -> str:
        return self.name


class SeriesEvent(models.Model):
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="entries")
    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="+")
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["series", "position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["series", "event"], name="series_event_once"),
        ]

    def __str__(self) -> str:
        return f"{self.series} · {self.event_id}"


class SeriesChange(models.Model):
    """Who changed a series' rule or events, when, before and after, in words."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="changes")
    action = models.CharField(max_length=20)  # create, update, event_add, event_remove
    words = models.TextField()
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.words
