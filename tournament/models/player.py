import secrets

from django.db import models
from django.utils.translation import gettext_lazy

from missions.eleventh.matrix import DISPOSITION_NAMES
from tournament.models.names import NamedQuerySet, NameKeyed, name_key_field


def new_private_key() -> str:
    # 32 bytes of randomness: unguessable, and safe to put in a URL or QR code.
    return secrets.token_urlsafe(32)


class PlayerStatus(models.TextChoices):
    # Only approved players are paired, listed and ranked; the others are sign-ups the organiser
    # has not (or no longer) let in.
    APPROVED = "approved", gettext_lazy("Approved")
    PENDING = "pending", gettext_lazy("Awaiting approval")
    WAITING = "waiting", gettext_lazy("On the waiting list")
    REJECTED = "rejected", gettext_lazy("Rejected")
    WITHDRAWN = "withdrawn", gettext_lazy("Withdrawn")


class Player(NameKeyed, models.Model):
    """An entrant of one event (not an account: players need no login)."""

    duplicate_name_message = gettext_lazy("A player called %(name)s is already in this event.")

    event = models.ForeignKey("tournament.Event", on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    name_key = name_key_field()
    # Issue 36: the name the public reads when the event shows nicknames (blank: the first
    # name and initial); unique per event like names (services/players/players.py).
    nickname = models.CharField(max_length=40, blank=True)
    faction = models.CharField(max_length=120, blank=True)
    club = models.CharField(max_length=120, blank=True)
    # Optional: where "send me my link again" mails the private link. Staff only ever see it.
    email = models.EmailField(max_length=254, blank=True)
    # 11th edition: the Force Disposition chosen at muster (missions.eleventh.matrix ids);
    # blank until chosen, and in events of other packs.
    disposition = models.CharField(max_length=20, blank=True)
    battle_ready = models.BooleanField(
        default=False, help_text=gettext_lazy("Fully painted army: +10VP.")
    )
    checked_in = models.BooleanField(default=False)
    dropped = models.BooleanField(default=False)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # Late entries join at this round; the rounds they missed count as losses.
    first_round = models.PositiveSmallIntegerField(default=1)
    # Accessible seating: this player always plays at this table.
    fixed_table = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=10, choices=PlayerStatus.choices, default=PlayerStatus.APPROVED
    )
    private_key = models.CharField(max_length=64, unique=True, default=new_private_key)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = NamedQuerySet.as_manager()

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            # Names differing only in case or character forms are one name (engine/names.py).
            models.UniqueConstraint(
                fields=["event", "name_key"], name="player_unique_name_key_per_event"
            ),
        ]
        indexes = [models.Index(fields=["event", "status"], name="player_event_status")]

    @property
    def disposition_name(self) -> str:
        """The Force Disposition as players read it ("Take and Hold"); "" when none."""
        return DISPOSITION_NAMES.get(self.disposition, self.disposition)

    def __str__(self) -> str:
        return self.name
