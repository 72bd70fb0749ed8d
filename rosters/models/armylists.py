"""Army lists and their per-event settings, beside the tournament's players and events.

One row per player who ever had a list (a player without a row has none: empty text, no
status) and one row per event whose list settings differ from the defaults (no deadline,
lists published to opponents). `rosters.services.lists` reads them with those defaults.
Combat Patrols live in patrols.py (the package imports both, so Django reads every model)."""

from django.db import models
from django.utils.translation import gettext_lazy

from rosters.models.patrols import CombatPatrol


class ListStatus(models.TextChoices):
    # Where the organiser's check of a player's army list stands ("" : no list yet).
    NONE = "", gettext_lazy("No list")
    SUBMITTED = "submitted", gettext_lazy("Submitted")
    CHECKED = "checked", gettext_lazy("Checked")
    NEEDS_FIX = "needs_fix", gettext_lazy("Needs a fix")


class ListPublication(models.TextChoices):
    # Who reads a player's army list once the list deadline has passed.
    OPPONENTS = "opponents", gettext_lazy("Each player's opponents")
    EVERYONE = "everyone", gettext_lazy("Everyone (public event page)")
    NOBODY = "nobody", gettext_lazy("Nobody (organisers and judges only)")


class ArmyList(models.Model):
    player = models.OneToOneField(
        "tournament.Player", on_delete=models.CASCADE, primary_key=True, related_name="list_row"
    )
    text = models.TextField(blank=True)
    status = models.CharField(
        max_length=10, choices=ListStatus.choices, default=ListStatus.NONE, blank=True
    )
    # The organiser's note on the list, which the player reads on their page.
    comment = models.TextField(blank=True)
    updated_at = models.DateTimeField(null=True, blank=True)
    # The staff's overrules of the muster checks: {problem code: why}. A problem overruled no
    # longer fails the list; a new text clears them (they were about the old one).
    overrules = models.JSONField(default=dict, blank=True)
    # The detachments recorded for the player (names, as the rules data spells those it
    # knows): kept here beside the list they come from, and like the faction recorded apart
    # from its text (filled from it, or typed by the organiser; a new text keeps them).
    detachments = models.JSONField(default=list, blank=True)

    def __str__(self) -> str:
        return f"Army list of player {self.player_id}"


class ListSettings(models.Model):
    event = models.OneToOneField(
        "tournament.Event",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="list_settings",
    )
    # Players submit and replace their army lists until this moment; then lists lock and
    # are published as `publication` says. Empty: no deadline, lists never lock.
    deadline = models.DateTimeField(null=True, blank=True)
    publication = models.CharField(
        max_length=12, choices=ListPublication.choices, default=ListPublication.OPPONENTS
    )
    # The rules data the lists are checked against (rosters.data versions); "" : the newest
    # one this instance ships or has loaded. Pinned so a weekly data update does not change
    # a running event's verdicts unless its organiser says so.
    data_version = models.CharField(max_length=80, blank=True)

    def __str__(self) -> str:
        return f"List settings of event {self.event_id}"


__all__ = ["ArmyList", "CombatPatrol", "ListPublication", "ListSettings", "ListStatus"]
