from django.conf import settings
from django.db import models

DEFAULT_TIEBREAKS = ["owr", "vp"]


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_TIEBREAKS)


class BattleSize(models.TextChoices):
    # Presets from the core rules summary (seed 004): name -> points limit.
    INCURSION = "incursion", "Incursion (1,000 pts)"
    STRIKE_FORCE = "strike_force", "Strike Force (2,000 pts)"
    ONSLAUGHT = "onslaught", "Onslaught (3,000 pts)"


BATTLE_SIZE_POINTS = {
    BattleSize.INCURSION: 1000,
    BattleSize.STRIKE_FORCE: 2000,
    BattleSize.ONSLAUGHT: 3000,
}


class EventStatus(models.TextChoices):
    REGISTRATION = "registration", "Registration open"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"


class PaperSize(models.TextChoices):
    A4 = "A4", "A4"
    LETTER = "letter", "Letter"


class Event(models.Model):
    name = models.CharField(max_length=200)
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    planned_rounds = models.PositiveSmallIntegerField(default=5)
    battle_size = models.CharField(
        max_length=20, choices=BattleSize.choices, default=BattleSize.STRIKE_FORCE
    )
    points_limit = models.PositiveIntegerField(default=2000)
    status = models.CharField(
        max_length=20, choices=EventStatus.choices, default=EventStatus.REGISTRATION
    )
    # Ordered metric names after match points; validated against the standings registry.
    tiebreaks = models.JSONField(default=default_tiebreaks)
    bye_vp = models.PositiveSmallIntegerField(default=60)
    hidden = models.BooleanField(default=False)
    avoid_same_club = models.BooleanField(default=True)
    paper_size = models.CharField(max_length=10, choices=PaperSize.choices, default=PaperSize.A4)
    mission_pack = models.CharField(max_length=40, default="leviathan")
    # Pool codes in the order rounds take them; drawn at random when the event is created.
    mission_order = models.JSONField(default=list, blank=True)
    staff = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="staffed_events", blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(planned_rounds__gte=1) & models.Q(planned_rounds__lte=30),
                name="event_planned_rounds_range",
            ),
        ]

    def __str__(self) -> str:
        return self.name
