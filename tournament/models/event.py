from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from tournament.engine.standings.metrics import DEFAULT_OWR_FLOOR_TEXT
from tournament.localtime import default_time_zone

DEFAULT_TIEBREAKS = ["owr", "vp"]


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_TIEBREAKS)


class BattleSize(models.TextChoices):
    # Presets from the core rules summary (seed 004): name -> points limit.
    INCURSION = "incursion", gettext_lazy("Incursion (1,000 pts)")
    STRIKE_FORCE = "strike_force", gettext_lazy("Strike Force (2,000 pts)")
    ONSLAUGHT = "onslaught", gettext_lazy("Onslaught (3,000 pts)")
    # 10th edition only: each player brings one of the event's fixed patrols (rosters app).
    COMBAT_PATROL = "combat_patrol", gettext_lazy('Combat Patrol (fixed patrols, 44" x 30")')


# Combat Patrol has no points limit (0: none): a patrol's contents are fixed.
BATTLE_SIZE_POINTS = {
    BattleSize.INCURSION: 1000,
    BattleSize.STRIKE_FORCE: 2000,
    BattleSize.ONSLAUGHT: 3000,
    BattleSize.COMBAT_PATROL: 0,
}
# The battlefield of a Combat Patrol game (seed 004), long edge first; other sizes use the
# pack's own maps.
COMBAT_PATROL_BATTLEFIELD = (44, 30)


# A round's planned length by battle size (seed 004: Incursion up to 2 h, Strike Force 3 h,
# Onslaught 4 h), used when the event sets no length of its own.
BATTLE_SIZE_ROUND_MINUTES = {
    BattleSize.INCURSION: 120,
    BattleSize.STRIKE_FORCE: 180,
    BattleSize.ONSLAUGHT: 240,
    # The seed gives Combat Patrol no length: the smallest preset's, for the organiser to
    # change.
    BattleSize.COMBAT_PATROL: 120,
}


class EventStatus(models.TextChoices):
    # Not "Registration open": whether players may sign up is `registration_open` alone.
    REGISTRATION = "registration", gettext_lazy("Not started")
    RUNNING = "running", gettext_lazy("Running")
    FINISHED = "finished", gettext_lazy("Finished")


class PaperSize(models.TextChoices):
    A4 = "A4", gettext_lazy("A4")
    LETTER = "letter", gettext_lazy("Letter")


class EventKind(models.TextChoices):
    # A team event pairs teams (the teams app); its players play inside team matches.
    SINGLES = "singles", gettext_lazy("Singles")
    TEAM = "team", gettext_lazy("Teams")


TEAM_SIZE_MIN, TEAM_SIZE_MAX = 3, 8


class PublicNames(models.TextChoices):
    # How players' names are shown to the public (issue 36; engine/public_names.py).
    FULL = "full", gettext_lazy("Full names")
    INITIAL = "initial", gettext_lazy("First name and initial (Anna K.)")
    NICKNAME = (
        "nickname",
        gettext_lazy("The nickname each player chooses (else first name and initial)"),
    )


class LayoutPolicy(models.TextChoices):
    # 11th-edition events: where each game's terrain layout letter (A, B or C) comes from.
    ROLLED_PER_TABLE = (
        "rolled_per_table",
        gettext_lazy("Rolled for each table from the round's seed"),
    )
    PER_ROUND = "per_round", gettext_lazy("Named by the organiser for each round")
    PER_TABLE = "per_table", gettext_lazy("Fixed by the organiser for each table")


def default_language() -> str:
    """A new event's language: the site's."""
    return settings.LANGUAGE_CODE


class Event(models.Model):
    name = models.CharField(max_length=200)
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    planned_rounds = models.PositiveSmallIntegerField(default=5)
    battle_size = models.CharField(
        max_length=20, choices=BattleSize.choices, default=BattleSize.STRIKE_FORCE
    )
    points_limit = models.PositiveIntegerField(default=2000)
    status = models.CharField(
        max_length=20, choices=EventStatus.choices, default=EventStatus.REGISTRATION
    )
    # On: `status` follows the event (services/event_status.py): registration before round 1,
    # running once it is paired, finished once the last planned round is complete. Off: the
    # organiser set it, and it stays as set.
    status_auto = models.BooleanField(default=True)
    # Ordered metric names after match points; validated against the standings registry.
    tiebreaks = models.JSONField(default=default_tiebreaks)
    bye_vp = models.PositiveSmallIntegerField(default=60)
    # The owr_floor metric counts each opponent's win rate at no less than this fraction, kept
    # as written ("0.33", "1/3") so it stays exact (tournament/engine/standings/metrics.py).
    owr_floor = models.CharField(max_length=20, default=DEFAULT_OWR_FLOOR_TEXT)
    hidden = models.BooleanField(default=False)
    # The pairing engine keeps club mates apart in its round-1 draw only; later rounds pair by
    # record, so the label must not promise more.
    avoid_same_club = models.BooleanField(
        default=True,
        help_text=gettext_lazy("Keep club mates apart in round 1 (later rounds pair by record)."),
    )
    # Off by default so API scripts written before check-in keep pairing; the organiser's
    # new-event form ticks it.
    check_in_required = models.BooleanField(
        default=False,
        help_text=gettext_lazy(
            "Pair only players who have checked in (409 not_checked_in otherwise)."
        ),
    )
    # Off by default, like check_in_required, so API scripts see their rounds at once; the
    # new-event form ticks it. On: a newly paired round waits for the organiser's release.
    review_pairings = models.BooleanField(
        default=False,
        help_text=gettext_lazy(
            "A new round's pairings stay with the staff until the organiser releases them."
        ),
    )
    # Players check themselves in from their private page while this is on, within the
    # optional window and from the optional networks (tournament/services/players/checkin.py).
    check_in_open = models.BooleanField(default=False)
    check_in_opens_at = models.DateTimeField(null=True, blank=True)
    check_in_closes_at = models.DateTimeField(null=True, blank=True)
    # Address ranges ("192.0.2.0/24") of the venue's networks; empty: from anywhere.
    check_in_networks = models.JSONField(default=list, blank=True)
    # Minutes a round's clock runs; empty: the battle size's usual length.
    round_minutes = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "Length of a round in minutes (empty: the battle size's usual length)."
        ),
    )
    # Public sign-up at /events/{id}/signup/: off until the organiser opens it.
    registration_open = models.BooleanField(default=False)
    # A cap on approved players (and sign-ups awaiting approval); beyond it sign-ups wait.
    places = models.PositiveIntegerField(null=True, blank=True)
    registration_approval = models.BooleanField(
        default=False,
        help_text=gettext_lazy("The organiser approves each sign-up before it takes a place."),
    )
    paper_size = models.CharField(max_length=10, choices=PaperSize.choices, default=PaperSize.A4)
    mission_pack = models.CharField(max_length=40, default="leviathan")
    # Pool codes in the order rounds take them; drawn at random when the event is created.
    mission_order = models.JSONField(default=list, blank=True)
    # Packs without a pool (8th, 7th edition, Only War) give round n the mission generated
    # from this seed and n (tournament/services/round_missions.py); drawn at creation.
    mission_seed = models.BigIntegerField(null=True, blank=True)
    # 11th edition: where each game's layout letter comes from
    # (tournament/services/rounds/eleventh.py),
    # and for `per_table` the letter of each table ({"1": "A", ...}; unnamed tables roll).
    layout_policy = models.CharField(
        max_length=20, choices=LayoutPolicy.choices, default=LayoutPolicy.ROLLED_PER_TABLE
    )
    table_layouts = models.JSONField(default=dict, blank=True)
    # Issue 36: what the public reads for a player's name; the staff always read it in full.
    public_names = models.CharField(
        max_length=10, choices=PublicNames.choices, default=PublicNames.FULL
    )
    # Organisers and judges, each with a role (tournament.models.staff.EventStaff).
    staff = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        through="tournament.EventStaff",
        through_fields=("event", "user"),
        related_name="staffed_events",
        blank=True,
    )
    # IANA name; every time the event shows is in this zone (tournament/localtime.py).
    time_zone = models.CharField(max_length=64, default=default_time_zone)
    # What is printed and shown to everyone at once speaks it (services/events/language.py):
    # one of settings.LANGUAGES, checked where it is set rather than by choices here, so a
    # language joining the site needs no migration.
    language = models.CharField(max_length=16, default=default_language)
    # Archived: off the lists and read-only (409 event_archived) until unarchived.
    archived = models.BooleanField(default=False)
    # Awards (tournament/services/standings/awards.py): the painting scale and the overall ranking's
    # weights, whole numbers so the weighted sum stays exact.
    painting_max = models.PositiveSmallIntegerField(default=20)
    weight_battle = models.PositiveSmallIntegerField(default=3)
    weight_painting = models.PositiveSmallIntegerField(default=1)
    weight_sports = models.PositiveSmallIntegerField(default=1)
    kind = models.CharField(max_length=10, choices=EventKind.choices, default=EventKind.SINGLES)
    # Players per team of a team event (3 to 8); singles events ignore it.
    team_size = models.PositiveSmallIntegerField(default=5)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(planned_rounds__gte=1) & models.Q(planned_rounds__lte=30),
                name="event_planned_rounds_range",
            ),
            models.CheckConstraint(
                condition=models.Q(team_size__gte=TEAM_SIZE_MIN)
                & models.Q(team_size__lte=TEAM_SIZE_MAX),
                name="event_team_size_range",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def round_length_minutes(self) -> int:
        return self.round_minutes or BATTLE_SIZE_ROUND_MINUTES.get(self.battle_size, 180)

    @property
    def is_team(self) -> bool:
        return self.kind == EventKind.TEAM


class EventChange(models.Model):
    """A change to what an event shows (results, pairings, players, settings).

    One row is added in the transaction of each change, so the newest id of an event is its
    revision, the key its computed pages are cached under. Adding rows never waits on another
    writer, unlike moving a counter on the event's own row, which would queue every result
    entry of the event behind each other."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+", db_index=False)
    # False for a change the published standings never show (an unconfirmed or disputed entry):
    # their revision stays, so nothing recomputes them (services/revision.py).
    standings = models.BooleanField(default=True, db_default=True)

    class Meta:
        indexes = [
            models.Index(fields=["event", "-id"], name="eventchange_latest"),
            models.Index(
                fields=["event", "-id"],
                condition=models.Q(standings=True),
                name="eventchange_standings_latest",
            ),
        ]

    def __str__(self) -> str:
        return f"change {self.pk} of event {self.event_id}"
