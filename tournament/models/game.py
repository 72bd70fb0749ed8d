from django.db import models
from django.db.models import F

from missions.eleventh import matrix
from missions.eleventh.layouts import companion_card_words

# Tables in order, the bye (no table) last: SQLite sorts NULL first and PostgreSQL last, so the
# place of the bye is said, never left to the database.
TABLE_ORDER = (F("table_number").asc(nulls_last=True), "id")

LAYOUT_CHOICES = [("", "none"), *((letter, letter) for letter in matrix.LAYOUT_LETTERS)]


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
    # 11th edition: each player's disposition as it was when the game was made (a later edit
    # of the player does not rewrite a past game), and the game's layout letter.
    disposition_a = models.CharField(max_length=20, blank=True)
    disposition_b = models.CharField(max_length=20, blank=True)
    layout = models.CharField(max_length=1, choices=LAYOUT_CHOICES, blank=True)
    # Minutes staff gave this table beyond the round's end (issue 35: a per-table extension).
    extra_minutes = models.PositiveSmallIntegerField(default=0)
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

    @property
    def eleventh(self) -> dict | None:
        """Each side's own primary (printed names), the layout and its map for an 11th-edition
        game; None for a bye or a game of another pack. A side without a disposition (a forced
        pairing) leaves both primaries and the map unknown."""
        a, b, letter = self.disposition_a, self.disposition_b, self.layout or None
        if self.is_bye or not (a or b or letter):
            return None
        both = bool(a and b)
        map_id = matrix.layout_map(a, b, letter) if both and letter else None
        return {
            "dispositions": [a or None, b or None],
            "primary_a": matrix.primary_name(matrix.primary_for(a, b)) if both else None,
            "primary_b": matrix.primary_name(matrix.primary_for(b, a)) if both else None,
            "layout": letter,
            "layout_available": map_id is not None,
            "deployment": matrix.MAP_NAMES[map_id] if map_id else None,
            # Where a table the data has no layout for is set up from (None otherwise).
            "layout_card": (
                companion_card_words(a, b, letter) if both and letter and not map_id else None
            ),
        }

    def __str__(self) -> str:
        return f"R{self.round.number} T{self.table_number or '-'}"
