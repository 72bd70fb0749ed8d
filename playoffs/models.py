from django.db import models

from playoffs.engine import FORMATS, KNOCKOUT_TIEBREAKS
from playoffs.engine.pods import POD_METHODS
from playoffs.engine.team_tiebreak import TEAM_KNOCKOUT_TIEBREAKS

# Team brackets take the team rules too (game points); each kind of event checks its own set.
TIEBREAK_CHOICES = [(k, k) for k in {**KNOCKOUT_TIEBREAKS, **TEAM_KNOCKOUT_TIEBREAKS}]
ENTRANTS = ("players", "teams")


class Playoff(models.Model):
    """An event's cut: the format, its seeds (player ids, best first; team ids in a team
    event's bracket) and how knockout games are decided. The bracket itself is the engine's
    (playoffs/engine), rebuilt from these."""

    event = models.OneToOneField(
        "tournament.Event", on_delete=models.CASCADE, related_name="playoff"
    )
    format = models.CharField(max_length=10, choices=[(f, f) for f in FORMATS])
    size = models.PositiveSmallIntegerField()
    qualifier_from = models.PositiveSmallIntegerField(null=True, blank=True)
    qualifier_to = models.PositiveSmallIntegerField(null=True, blank=True)
    shadow_from = models.PositiveSmallIntegerField(null=True, blank=True)
    shadow_to = models.PositiveSmallIntegerField(null=True, blank=True)
    grand_final_reset = models.BooleanField(default=True)
    # "standings": the Swiss ranking's order; "organiser": the list the organiser gave.
    seeding = models.CharField(max_length=20, default="standings")
    knockout_tiebreak = models.CharField(
        max_length=20, choices=TIEBREAK_CHOICES, default="higher_seed"
    )
    # Single elimination: the losing semi-finalists play for 3rd (placings follow it).
    third_place = models.BooleanField(default=False)
    # "teams": a team event's bracket, whose matches are team matches (PlayoffTeamMatch).
    entrants = models.CharField(
        max_length=10, choices=[(e, e) for e in ENTRANTS], default="players"
    )
    seeds = models.JSONField(default=list)
    # The Swiss rounds the cut was made after.
    after_round = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.event} - play-offs"


class PlayoffGame(models.Model):
    """Which bracket match a knockout game plays; `decided` is the organiser's call ("a" or
    "b") on equal VP under the `organiser` tie rule."""

    playoff = models.ForeignKey(Playoff, on_delete=models.CASCADE, related_name="games")
    match = models.CharField(max_length=12)
    game = models.OneToOneField(
        "tournament.Game", on_delete=models.CASCADE, related_name="playoff_slot"
    )
    decided = models.CharField(max_length=1, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["playoff", "match"], name="playoff_match_once"),
        ]

    def __str__(self) -> str:
        return f"{self.playoff} - {self.match}"


class PodSplit(models.Model):
    """The field split into pods that pair among themselves for rounds `first_round` to
    `last_round` (Swiss inside each pod, by the tournament's pairing service). `pods` holds the
    player ids of pod 1, pod 2, ...; `method` says how they were formed ("standings" after
    round `after_round`, "organiser", or "random" from `seed` with clubs spread)."""

    event = models.OneToOneField(
        "tournament.Event", on_delete=models.CASCADE, related_name="pod_split"
    )
    method = models.CharField(max_length=10, choices=[(m, m) for m in POD_METHODS])
    after_round = models.PositiveSmallIntegerField(default=0)
    seed = models.BigIntegerField(null=True, blank=True)
    first_round = models.PositiveSmallIntegerField()
    last_round = models.PositiveSmallIntegerField()
    pods = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.event} - pods"


class PlayoffTeamMatch(models.Model):
    """Which bracket match a team knockout match plays (a team event's bracket); `decided` is
    the organiser's call ("a" or "b") on a drawn match under the `organiser` tie rule."""

    playoff = models.ForeignKey(Playoff, on_delete=models.CASCADE, related_name="team_matches")
    match = models.CharField(max_length=12)
    team_match = models.OneToOneField(
        "teams.TeamMatch", on_delete=models.CASCADE, related_name="playoff_slot"
    )
    decided = models.CharField(max_length=1, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["playoff", "match"], name="playoff_team_match_once"),
        ]

    def __str__(self) -> str:
        return f"{self.playoff} - {self.match}"
