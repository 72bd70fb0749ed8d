from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


class PrintJobStatus(models.TextChoices):
    QUEUED = "queued", gettext_lazy("Queued")
    RUNNING = "running", gettext_lazy("Rendering")
    MERGING = "merging", gettext_lazy("Merging")
    DONE = "done", gettext_lazy("Ready")
    FAILED = "failed", gettext_lazy("Failed")


class PrintJob(models.Model):
    """A document rendered in the background, in parts that several workers may share."""

    event = models.ForeignKey(
        "tournament.Event", on_delete=models.CASCADE, related_name="print_jobs"
    )
    round = models.ForeignKey(
        "tournament.Round", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    # "bundle" (pairings + scoresheets + table packs) or one document kind of render_pdf.
    kind = models.CharField(max_length=20)
    status = models.CharField(
        max_length=10, choices=PrintJobStatus.choices, default=PrintJobStatus.QUEUED
    )
    parts_total = models.PositiveIntegerField(default=0)
    parts_done = models.PositiveIntegerField(default=0)
    pages = models.PositiveIntegerField(default=0)
    file = models.FileField(upload_to="print-jobs/", blank=True)
    error = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # A round's paper pack is made once per pairing of the round: this names the pairing it
    # prints (services/fallback.py), so a release retried or run twice finds its pack made.
    revision = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "kind", "revision"],
                condition=~models.Q(revision=""),
                name="printjob_unique_round_revision",
            ),
        ]

    @property
    def percent(self) -> int:
        if self.status == PrintJobStatus.DONE:
            return 100
        if not self.parts_total:
            return 0
        # Merging is the last step: leave the bar a little short of full until it is done.
        return min(95, round(95 * self.parts_done / self.parts_total))

    def __str__(self) -> str:
        return f"{self.event} {self.kind} #{self.pk} ({self.status})"
