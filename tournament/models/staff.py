"""Who runs an event, and in which role.

Organisers may do everything to their event; judges enter, correct and settle results and see
the organisers' pages, but change nothing else (tournament/services/events/access.py says who may do
what)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from tournament.models.event import Event


class StaffRole(models.TextChoices):
    ORGANISER = "organiser", gettext_lazy("Organiser")
    JUDGE = "judge", gettext_lazy("Judge")


class EventStaff(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff_roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="staff_roles"
    )
    role = models.CharField(max_length=20, choices=StaffRole.choices)
    added_at = models.DateTimeField(default=timezone.now)
    # Who added them; kept blank when that account is deleted, so the staff row stays.
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["added_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="eventstaff_one_role"),
            models.CheckConstraint(
                condition=models.Q(role__in=StaffRole.values), name="eventstaff_role_known"
            ),
        ]
        verbose_name = "event staff member"
        verbose_name_plural = "event staff"

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()}) at {self.event}"
