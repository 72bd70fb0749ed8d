from django.db import models
from django.db.models import F

# Tables in order, the bye (no table) last: SQLite sorts NULL first and PostgreSQL last, so the
# place of the bye is said, never left to the database.
TABLE_ORDER = (F("table_number").asc(nulls_last=True), "id")


class Game(models.Model):
    """One pairing of a round: two players at a table, or one player with a bye."""

    round = models.ForeignKey("tournament.Round", on_delete=models.CASCADE, related_name="games")
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    player_a = models.ForeignKey(
        "tournament.Player", on_delete=models.PROTECT, related_name="games_as_a"
    )
    player_b = models.ForeignKey(
        "tournament.Player",
        on_delete=models.PROTECT,
        related_name="games_as_b",
        null=True,
        blank=True,
    )
    attacker = models.ForeignKey(
        "tournament.Player",
        on_delete=models.PROTECT,
        related_name="games_as_attacker",
        null=True,
        blank=True,
    )
    # Why the pairing engine (or the organiser) made this pair: [{"code", "text"}].
    flags = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["round", *TABLE_ORDER]
        constraints = [
            models.UniqueConstraint(fields=["round", "player_a"], name="game_unique_player_a"),
            models.UniqueConstraint(fields=["round", "player_b"], name="game_unique_player_b"),
            models.UniqueConstraint(
                fields=["round", "table_number"],
                condition=models.Q(table_number__isnull=False),
                name="game_unique_table",
            ),
            models.CheckConstraint(
                condition=~models.Q(player_a=models.F("player_b")), name="game_distinct_players"
            ),
        ]

    @property
    def is_bye(self) -> bool:
        return self.player_b_id is None

    @property
    def defender_id(self) -> int | None:
        if self.attacker_id is None or self.is_bye:
            return None
        return self.player_b_id if self.attacker_id == self.player_a_id else self.player_a_id

    def side_of(self, player_id: int) -> str | None:
        if player_id == self.player_a_id:
            return "a"
        if player_id is not None and player_id == self.player_b_id:
            return "b"
        return None

    def __str__(self) -> str:
        return f"R{self.round.number} T{self.table_number or '-'}"
