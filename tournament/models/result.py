from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from missions.scoring.eleventh import RECORD_FIELDS
from missions.scoring.rules import outcome


class ResultStatus(models.TextChoices):
    PENDING = "pending", gettext_lazy("Awaiting confirmation")
    CONFIRMED = "confirmed", gettext_lazy("Confirmed")
    DISPUTED = "disputed", gettext_lazy("Disputed")


class ResultSource(models.TextChoices):
    ORGANISER = "organiser", gettext_lazy("Organiser")
    PLAYER = "player", gettext_lazy("Player")
    TRACKER = "tracker", gettext_lazy("Game tracker")
    BYE = "bye", gettext_lazy("Bye")


class Result(models.Model):
    """One version of a game's result. A correction adds a version; one version counts."""

    game = models.ForeignKey("tournament.Game", on_delete=models.CASCADE, related_name="results")
    version = models.PositiveIntegerField()
    is_current = models.BooleanField(default=True)
    primary_a = models.PositiveSmallIntegerField(null=True, blank=True)
    secondary_a = models.PositiveSmallIntegerField(null=True, blank=True)
    gambit_a = models.PositiveSmallIntegerField(null=True, blank=True)
    battle_ready_a = models.PositiveSmallIntegerField(null=True, blank=True)
    # Maelstrom of War Tactical Objective VP (8th and 7th edition packs;
    # missions/scoring/rules.py).
    tactical_a = models.PositiveSmallIntegerField(null=True, blank=True)
    vp_a = models.PositiveSmallIntegerField()
    primary_b = models.PositiveSmallIntegerField(null=True, blank=True)
    secondary_b = models.PositiveSmallIntegerField(null=True, blank=True)
    gambit_b = models.PositiveSmallIntegerField(null=True, blank=True)
    battle_ready_b = models.PositiveSmallIntegerField(null=True, blank=True)
    tactical_b = models.PositiveSmallIntegerField(null=True, blank=True)
    vp_b = models.PositiveSmallIntegerField(null=True, blank=True)
    # Who won when the VP do not say it (missions/scoring/rules.py OUTCOMES: a_wins,
    # b_wins, draw)
    # and how the battle ended (time, concession, tabled); "" when not said.
    decided = models.CharField(max_length=10, blank=True, default="")
    # Only War: each army's Power Level, which settles equal VP (the Underdog wins).
    power_a = models.PositiveSmallIntegerField(null=True, blank=True)
    power_b = models.PositiveSmallIntegerField(null=True, blank=True)
    ended = models.CharField(max_length=10, blank=True, default="")
    # Game clocks (issue 35): each side's seconds used when the result was entered, and which
    # side ran out of time ("a", "b" or ""); null when the game had no clock.
    time_used_a = models.PositiveIntegerField(null=True, blank=True)
    time_used_b = models.PositiveIntegerField(null=True, blank=True)
    timed_out = models.CharField(max_length=1, blank=True, default="")
    # The 11th-edition game record (missions/scoring/eleventh.py), null where not recorded,
    # like the score parts: five {"primary", "secondary"} per side, then sides and modes.
    rounds_a = models.JSONField(null=True, blank=True)
    rounds_b = models.JSONField(null=True, blank=True)
    # Null, not "": "not recorded" reads the same as in the score parts beside them.
    attacker = models.CharField(max_length=1, null=True, blank=True)  # noqa: DJ001
    first_turn = models.CharField(max_length=1, null=True, blank=True)  # noqa: DJ001
    secondaries_a = models.CharField(max_length=8, null=True, blank=True)  # noqa: DJ001
    secondaries_b = models.CharField(max_length=8, null=True, blank=True)  # noqa: DJ001
    status = models.CharField(max_length=20, choices=ResultStatus.choices)
    source = models.CharField(max_length=20, choices=ResultSource.choices)
    entered_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_by_player = models.ForeignKey(
        "tournament.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    confirmed_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_by_player = models.ForeignKey(
        "tournament.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # Who entered or confirmed it, as an imported file names them, when that account is not
    # linked here (exchange/services/importing/write.py): a name in the history, not an account.
    entered_by_label = models.CharField(max_length=150, blank=True)
    confirmed_by_label = models.CharField(max_length=150, blank=True)

    class Meta:
        ordering = ["game", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="result_unique_version"),
            models.UniqueConstraint(
                fields=["game"], condition=models.Q(is_current=True), name="result_one_current"
            ),
        ]

    BREAKDOWN = ("primary", "secondary", "gambit", "battle_ready", "tactical")
    RECORD = RECORD_FIELDS

    @property
    def outcome(self) -> str:
        return outcome(self.vp_a, self.vp_b if self.game.player_b_id else None, self.decided)

    def scores(self) -> dict:
        data = {"vp_a": self.vp_a, "vp_b": self.vp_b}
        for part in self.BREAKDOWN:
            for side in ("a", "b"):
                data[f"{part}_{side}"] = getattr(self, f"{part}_{side}")
        data["decided"], data["ended"] = self.decided, self.ended
        data["power_a"], data["power_b"] = self.power_a, self.power_b
        for field in self.RECORD:
            data[field] = getattr(self, field)
        return data

    def __str__(self) -> str:
        return f"{self.game}: {self.vp_a}-{self.vp_b} (v{self.version})"
