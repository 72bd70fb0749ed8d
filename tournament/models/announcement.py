from django.conf import settings
from django.db import models

ANNOUNCEMENT_MAX_LENGTH = 500


class Announcement(models.Model):
    """A short message from the organisers, shown on players' pages, public pages and the big
    screen."""

    event = models.ForeignKey(
        "tournament.Event", on_delete=models.CASCADE, related_name="announcements"
    )
    text = models.CharField(max_length=ANNOUNCEMENT_MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # When it stops being shown to players and the public (the staff keep it): at an end
    # time, and/or once round `until_round`'s pairings are released ("until the next round").
    ends_at = models.DateTimeField(null=True, blank=True)
    until_round = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["event", "-created_at"], name="announcement_latest")]

    def __str__(self) -> str:
        return self.text[:40]
