from django.db import models
from django.utils.translation import gettext_lazy


class RoundStatus(models.TextChoices):
    PAIRED = "paired", gettext_lazy("Paired")
    IN_PROGRESS = "in_progress", gettext_lazy("In progress")
    COMPLETE = "complete", gettext_lazy("Complete")


class RoundStage(models.TextChoices):
    SWISS = "swiss", gettext_lazy("Swiss")
    # A knockout round of an app that extends events (playoffs): numbered after the Swiss,
    # never counted in the Swiss standings or metrics (services/records.py).
    PLAYOFF = "playoff", gettext_lazy("Play-off")


class Round(models.Model):
    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(
        max_length=20, choices=RoundStatus.choices, default=RoundStatus.PAIRED
    )
    seed = models.BigIntegerField(null=True, blank=True)
    # How the pairing was made: "engine", "manual" (organiser-given) or "import".
    method = models.CharField(max_length=20, default="manual")
    # Mission pool code ("A".."O") or a generator code; details come from the missions app.
    mission_code = models.CharField(max_length=40, blank=True)
    # 11th edition with the `per_round` layout policy: the letter the organiser named.
    layout = models.CharField(max_length=1, blank=True)
    # Summary figures of the engine's solution (rematches, record gaps, path distance).
    pairing_cost = models.JSONField(default=dict, blank=True)
    # The round's clock (tournament/engine/clock.py): not started while started_at is empty;
    # running while ends_at is set (finished once it is past); paused while remaining is set.
    clock_length_s = models.PositiveIntegerField(null=True, blank=True)
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_ends_at = models.DateTimeField(null=True, blank=True)
    clock_remaining = models.DurationField(null=True, blank=True)
    # False while the organiser reviews a new round (the event's review_pairings): only the
    # staff see its games, and no result is entered until it is released.
    released = models.BooleanField(default=True)
    stage = models.CharField(max_length=10, choices=RoundStage.choices, default=RoundStage.SWISS)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.event} - round {self.number}"


class RoundRecord(models.Model):
    """What the pairing engine was given for an engine-paired round, what it produced and the
    swaps made after it (tournament/engine/pairing/record.py), kept as it was at pairing time:
    later corrections, drops or settings must not change what the round was paired from.
    Apart from Round so that reading a round never loads it."""

    round = models.OneToOneField(
        "tournament.Round", on_delete=models.CASCADE, related_name="pairing_record"
    )
    # The record's inputs plus "engine_pairs", "engine_tables" and "swaps" (each
    # {"players": [x, y], "by": staff name, "reason": str}); the published pairs and the
    # sha256 are added when it is read.
    data = models.JSONField()
    # "Why this opponent" for each player ("p<id>": sentences, names as {player:<id>} tokens),
    # made from the record when it is made and after each swap, so a player's page reads its
    # own few lines rather than the whole record.
    why = models.JSONField(default=dict)

    def __str__(self) -> str:
        return f"pairing record of {self.round}"
