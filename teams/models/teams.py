"""Teams of a team event, their Swiss rounds and matches (the tournament app holds the games)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from tournament.models.names import NamedQuerySet, NameKeyed, name_key_field


class Team(NameKeyed, models.Model):
    duplicate_name_message = gettext_lazy("A team called %(name)s is already in this event.")

    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=120)
    name_key = name_key_field()
    # One of the team's own players; the captain's private key is that player's key.
    captain = models.ForeignKey(
        "tournament.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    dropped = models.BooleanField(default=False)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # Teams entered after round 1 join at this team round; the rounds they missed are losses.
    first_round = models.PositiveSmallIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = NamedQuerySet.as_manager()

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            # Names differing only in case or character forms are one name (engine/names.py).
            models.UniqueConstraint(
                fields=["event", "name_key"], name="team_unique_name_key_per_event"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def captain_key(self) -> str | None:
        return self.captain.private_key if self.captain_id else None


class TeamMember(models.Model):
    """A tournament player in a team (a player is in one team at most)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.OneToOneField(
        "tournament.Player", on_delete=models.CASCADE, related_name="team_member"
    )

    class Meta:
        ordering = ["team", "player__name", "id"]

    def __str__(self) -> str:
        return f"{self.player} ({self.team})"


class TeamScoring(models.Model):
    """How an event's team games and matches score; an event without a row uses the defaults
    (teams/engine/scoring.py)."""

    event = models.OneToOneField(
        "tournament.Event", on_delete=models.CASCADE, related_name="team_scoring"
    )
    # [{"up_to": VP difference or null, "points": the winner's points}], or null: WTC table.
    score_table = models.JSONField(null=True, blank=True)
    # A match is drawn while the two teams' scores differ by at most this many points.
    draw_margin = models.PositiveSmallIntegerField(null=True, blank=True)
    # A bye's team score; null: the narrowest winning score.
    bye_score = models.PositiveSmallIntegerField(null=True, blank=True)
    tiebreaks = models.JSONField(null=True, blank=True)

    def __str__(self) -> str:
        return f"team scoring of {self.event}"


class TeamRound(models.Model):
    """One Swiss round of teams. Its individual games live in `round` (a tournament round of
    the same number), added match by match as each match's players are paired."""

    event = models.ForeignKey(
        "tournament.Event", on_delete=models.CASCADE, related_name="team_rounds"
    )
    number = models.PositiveSmallIntegerField()
    round = models.OneToOneField(
        "tournament.Round", on_delete=models.CASCADE, related_name="team_round"
    )
    seed = models.BigIntegerField(null=True, blank=True)
    pairing_cost = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="teamround_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.event} - team round {self.number}"


class TeamMatch(models.Model):
    team_round = models.ForeignKey(TeamRound, on_delete=models.CASCADE, related_name="matches")
    # The match's place in the round (1, 2, ...): its tables are a block from `first_table`.
    number = models.PositiveSmallIntegerField()
    team_a = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="matches_as_a")
    team_b = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="matches_as_b", null=True, blank=True
    )
    first_table = models.PositiveSmallIntegerField(null=True, blank=True)
    # Set when the players are paired: "ritual" (the captains) or "organiser".
    players_paired_by = models.CharField(max_length=20, blank=True)
    players_paired_at = models.DateTimeField(null=True, blank=True)
    paired_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["team_round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["team_round", "number"], name="teammatch_unique"),
        ]

    @property
    def is_bye(self) -> bool:
        return self.team_b_id is None

    def __str__(self) -> str:
        b = self.team_b.name if self.team_b_id else "bye"
        return f"Team round {self.team_round.number}, match {self.number}: {self.team_a} v {b}"


class TeamMatchGame(models.Model):
    """One individual game of a team match (a tournament game)."""

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="match_games")
    game = models.OneToOneField("tournament.Game", on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["match", "game__table_number", "id"]

    def __str__(self) -> str:
        return f"{self.match}: game {self.game_id}"
