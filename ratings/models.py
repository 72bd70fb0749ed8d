"""Ratings per person and edition group, their history per event, and who is left out.

The ratings themselves (PersonRating, RatingSnapshot) are derived: `ratings_rebuild` makes them
again from the games at any time, so they are never logged or exported.
"""

from __future__ import annotations

from django.db import models

EDITION_CHOICES = [
    ("eleventh", "11th edition"),
    ("leviathan", "Leviathan"),
    ("older", "Older packs"),
]


class RatingOptOut(models.Model):
    """The person asked to be left out of ratings: their games are not rated at all."""

    person = models.OneToOneField(
        "people.Person", on_delete=models.CASCADE, primary_key=True, related_name="rating_opt_out"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.person} left out of ratings"


class RatingSettings(models.Model):
    """An event's ratings settings; no row: rated, no win chances shown."""

    event = models.OneToOneField(
        "tournament.Event",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="rating_settings",
    )
    # The organiser's "Exclude this event from ratings".
    ratings_excluded = models.BooleanField(default=False)
    # Win chances beside each pairing on the public pairings page.
    ratings_win_chances = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"Rating settings of event {self.event_id}"


class PersonRating(models.Model):
    person = models.ForeignKey("people.Person", on_delete=models.CASCADE, related_name="ratings")
    edition = models.CharField(max_length=10, choices=EDITION_CHOICES)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField()
    # Place in the edition's list (1: best), ties broken by the engine's rule.
    rank = models.PositiveIntegerField()
    # The faction the person played most in this edition's rated games (the filter's).
    faction = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["edition", "rank"]
        constraints = [
            models.UniqueConstraint(fields=["person", "edition"], name="rating_one_per_edition"),
        ]

    def __str__(self) -> str:
        return f"{self.person}: {self.edition} #{self.rank}"


class RatingSnapshot(models.Model):
    """A person's rating right after an event (the history the person page draws)."""

    person = models.ForeignKey(
        "people.Person", on_delete=models.CASCADE, related_name="rating_snapshots"
    )
    edition = models.CharField(max_length=10, choices=EDITION_CHOICES)
    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="+")
    # The event's place in the edition's order of play (0, 1, ...).
    position = models.PositiveIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField()

    class Meta:
        ordering = ["person", "edition", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["person", "edition", "event"], name="rating_snapshot_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.person} after event {self.event_id}"
