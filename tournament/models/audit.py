from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


class AuditEntry(models.Model):
    """Who changed what, with the state before and after, so the change can be undone."""

    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="audit")
    action = models.CharField(max_length=40)
    target = models.CharField(
        max_length=80, help_text=gettext_lazy("What was changed, e.g. 'game:12'.")
    )
    actor_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    actor_player = models.ForeignKey(
        "tournament.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Came with an imported file: history as the file tells it, never undone here (nothing on
    # this instance wrote it, so its before/after are not instructions).
    imported = models.BooleanField(default=False)
    # Who, as the file names them, when that account is not linked here (an import links only
    # the importing account unless a superuser chooses to link the others).
    actor_label = models.CharField(max_length=150, blank=True)
    undone_by_label = models.CharField(max_length=150, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "audit entries"

    @property
    def actor_name(self) -> str:
        if self.actor_user_id:
            return self.actor_user.get_username()
        if self.actor_label:
            return f"{self.actor_label} (named in the imported file)"
        if self.actor_player_id:
            return f"{self.actor_player.name} (player)"
        return "system"

    def __str__(self) -> str:
        return f"{self.action} {self.target}"
