"""The captains' pairing ritual of a team match, and the event's choice of ritual variant.

Kept beside teams/models/teams.py (which imports this module at its end, so Django registers the
models with the teams app) because the ritual is its own feature.
"""

from django.conf import settings
from django.db import models

from teams.engine.ritual import DEFAULT_VARIANT, VARIANTS

VARIANT_CHOICES = [(key, spec["label"]) for key, spec in VARIANTS.items()]


class RitualSetting(models.Model):
    """Which ritual variant an event's team matches use (no row: the default variant)."""

    event = models.OneToOneField(
        "tournament.Event", on_delete=models.CASCADE, related_name="ritual_setting"
    )
    variant = models.CharField(max_length=20, choices=VARIANT_CHOICES, default=DEFAULT_VARIANT)

    class Meta:
        app_label = "teams"

    def __str__(self) -> str:
        return f"ritual of {self.event}: {self.variant}"


class TeamMatchRitual(models.Model):
    """One team match's ritual: the engine's state (teams/engine/ritual.py) and every action
    taken, so the state can be replayed and the record printed."""

    match = models.OneToOneField("teams.TeamMatch", on_delete=models.CASCADE, related_name="ritual")
    variant = models.CharField(max_length=20, choices=VARIANT_CHOICES, default=DEFAULT_VARIANT)
    state = models.JSONField()
    # [{"side": "a", "action": {...}, "by": "captain"|"organiser", "user": id|None, "at": iso}]
    log = models.JSONField(default=list)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        app_label = "teams"

    def __str__(self) -> str:
        return f"ritual of {self.match}"
