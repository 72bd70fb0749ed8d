"""Penalties and cards staff give a player in one round (issue 35)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy


class PenaltyKind(models.TextChoices):
    WARNING = "warning", gettext_lazy("Warning")
    YELLOW_CARD = "yellow_card", gettext_lazy("Yellow card")
    RED_CARD = "red_card", gettext_lazy("Red card")
    VP_PENALTY = "vp_penalty", gettext_lazy("VP penalty")
    GAME_LOSS = "game_loss", gettext_lazy("Game loss")


# Kinds that change the standings (the rest are marks on the record, carried across events).
STANDINGS_KINDS = (PenaltyKind.VP_PENALTY, PenaltyKind.GAME_LOSS)
CARD_KINDS = (PenaltyKind.YELLOW_CARD, PenaltyKind.RED_CARD)


class Penalty(models.Model):
    """One penalty: a warning or a card is a mark on the player's record; a VP penalty takes
    `vp` from the player's VP in that round's game (the result stays as entered); a game loss
    makes that game a loss for the player. The reason is for staff only."""

    event = models.ForeignKey(
        "tournament.Event", on_delete=models.CASCADE, related_name="penalties"
    )
    player = models.ForeignKey(
        "tournament.Player", on_delete=models.CASCADE, related_name="penalties"
    )
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20, choices=PenaltyKind.choices)
    vp = models.PositiveSmallIntegerField(default=0)
    reason = models.TextField(blank=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    given_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["round_number", "given_at", "id"]
        indexes = [models.Index(fields=["event", "round_number"], name="penalty_event_round")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind="vp_penalty", vp__gte=1)
                | (~models.Q(kind="vp_penalty") & models.Q(vp=0)),
                name="penalty_vp_only_for_vp_penalty",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} R{self.round_number}: {self.get_kind_display()}"
