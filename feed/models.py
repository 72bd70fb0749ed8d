"""An event's feed settings (licence, webhook) and the webhook's deliveries with each attempt.

The feed document itself is never stored: it is built from the event when it is read."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy


class FeedLicence(models.TextChoices):
    # No licence: the event is not in the feed and no webhook fires.
    NONE = "", gettext_lazy("None (no open feed)")
    CC_BY = "cc-by-4.0", gettext_lazy("Creative Commons Attribution 4.0 (CC BY 4.0)")
    ODBL = "odbl-1.0", gettext_lazy("Open Database License 1.0 (ODbL)")


class FeedSettings(models.Model):
    """No row: no licence, no webhook."""

    event = models.OneToOneField(
        "tournament.Event", on_delete=models.CASCADE, primary_key=True, related_name="feed_settings"
    )
    licence = models.CharField(max_length=20, choices=FeedLicence.choices, blank=True)
    webhook_url = models.CharField(max_length=500, blank=True)
    # Write-only: never shown, exported or logged (the log keeps its fingerprint).
    webhook_secret = models.CharField(max_length=200, blank=True)
    # {fingerprint: secret} of the last few secrets, so that undoing a change of the secret
    # can put the earlier one back although the log holds fingerprints only.
    earlier_secrets = models.JSONField(default=dict, blank=True)

    def __str__(self) -> str:
        return f"Feed settings of event {self.event_id}"


class DeliveryReason(models.TextChoices):
    ROUND_COMPLETE = "round_complete", gettext_lazy("Round complete")
    EVENT_END = "event_end", gettext_lazy("Event finished")


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("Waiting to be sent")
    DELIVERED = "delivered", gettext_lazy("Delivered")
    # Every attempt failed, or the event lost its licence or webhook before it was sent.
    FAILED = "failed", gettext_lazy("Failed")
    CANCELLED = "cancelled", gettext_lazy("Not sent (no licence or webhook any more)")


class WebhookDelivery(models.Model):
    """One notice to the organiser's webhook: sent, and retried with back-off until delivered
    or out of attempts."""

    event = models.ForeignKey(
        "tournament.Event", on_delete=models.CASCADE, related_name="feed_deliveries"
    )
    reason = models.CharField(max_length=20, choices=DeliveryReason.choices)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=20, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"webhook {self.reason} of event {self.event_id}"


class WebhookAttempt(models.Model):
    delivery = models.ForeignKey(WebhookDelivery, on_delete=models.CASCADE, related_name="tries")
    number = models.PositiveSmallIntegerField()
    at = models.DateTimeField()
    # The receiver's HTTP status, or null when none answered (refused, timed out).
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    ok = models.BooleanField(default=False)
    error = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["delivery", "number"]
        constraints = [
            models.UniqueConstraint(fields=["delivery", "number"], name="feed_attempt_unique"),
        ]

    def __str__(self) -> str:
        return f"attempt {self.number} of {self.delivery}"
