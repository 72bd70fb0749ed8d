"""Awards beside the battle standings: painting scores and sportsmanship votes."""

from django.conf import settings
from django.db import models


class PaintingScore(models.Model):
    """A player's painting score, entered by an organiser or a judge (0 to the event's
    painting maximum). A player without a row has not been judged yet (counts as 0)."""

    player = models.OneToOneField(
        "tournament.Player", on_delete=models.CASCADE, related_name="painting"
    )
    score = models.PositiveSmallIntegerField()
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.player}: painting {self.score}"


class SportsVote(models.Model):
    """One player's sportsmanship vote after one game: was the opponent their favourite
    ("a good sport")? Once per game and voter, backed by the unique constraint, so two
    requests at once cannot both count."""

    game = models.ForeignKey(
        "tournament.Game", on_delete=models.CASCADE, related_name="sports_votes"
    )
    voter = models.ForeignKey(
        "tournament.Player", on_delete=models.CASCADE, related_name="sports_votes_cast"
    )
    # The opponent in that game, kept so the count per player needs no join through games.
    opponent = models.ForeignKey(
        "tournament.Player", on_delete=models.CASCADE, related_name="sports_votes_received"
    )
    favourite = models.BooleanField()
    cast_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "voter"], name="sportsvote_once_per_game"),
            models.CheckConstraint(
                condition=~models.Q(voter=models.F("opponent")), name="sportsvote_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.voter} on {self.opponent}: {'yes' if self.favourite else 'no'}"
