"""Combat Patrol events' patrols: each one's fixed contents as the organiser enters them
(there is no dataset of them). Kept apart from the army-list models so each can change alone;
`rosters.models.armylists` imports it for Django."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy

from tournament.models.names import NamedQuerySet, NameKeyed, name_key_field


class CombatPatrol(NameKeyed, models.Model):
    duplicate_name_message = gettext_lazy(
        "A Combat Patrol called %(name)s is already in this event."
    )

    event = models.ForeignKey(
        "tournament.Event", on_delete=models.CASCADE, related_name="combat_patrols"
    )
    name = models.CharField(max_length=120)
    name_key = name_key_field()
    faction = models.CharField(max_length=120, blank=True)
    # [{"name": "Necron Warriors", "models": 10}, ...], in the order the organiser gave.
    units = models.JSONField(default=list)
    # The enhancements a player of this patrol chooses one of (at most 2; empty: unchecked).
    enhancements = models.JSONField(default=list, blank=True)

    objects = NamedQuerySet.as_manager()

    class Meta:
        ordering = ("name", "pk")
        verbose_name = "Combat Patrol"
        constraints = [
            # Names differing only in case or character forms are one name (engine/names.py).
            models.UniqueConstraint(
                fields=["event", "name_key"], name="combat_patrol_unique_name_key_per_event"
            ),
        ]

    def __str__(self) -> str:
        return self.name
