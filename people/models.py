"""A person who plays in many events, and the players (one per event) that are them."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Person(models.Model):
    display_name = models.CharField(max_length=200)
    # The same address players may give on sign-up; matched trimmed and case-folded.
    email = models.EmailField(max_length=254, blank=True)
    # A circuit's or club's own numbers: {"system": "number"}.
    external_ids = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name", "id"]

    def __str__(self) -> str:
        return self.display_name


class PersonLink(models.Model):
    """A player of an event is this person (a player is one person at most)."""

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="links")
    player = models.OneToOneField(
        "tournament.Player", on_delete=models.CASCADE, related_name="person_link"
    )
    # How the link was made: "email", "external_id", "new" (no one matched), "merged" (an
    # organiser's merge), "organiser" (split off by an organiser).
    how = models.CharField(max_length=20)

    class Meta:
        ordering = ["person", "player_id"]

    def __str__(self) -> str:
        return f"{self.player_id} is {self.person}"


class PersonChange(models.Model):
    """The log of organisers' merges and splits: who, when, what, in words people read."""

    action = models.CharField(max_length=20)  # merge, split, undo
    person = models.ForeignKey(Person, on_delete=models.SET_NULL, null=True, related_name="+")
    words = models.TextField()
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # A merge or split taken back (by the "undo" change that says so).
    undone = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.words


class ConsentVia(models.TextChoices):
    SIGNUP = "signup", _("At sign-up")
    PLAYER_PAGE = "player_page", _("On the player's own page")
    STAFF = "staff", _("By the staff on the player's behalf")


class PublicationConsent(models.Model):
    """A player's answer, at one moment, to whether their results and their army list may be
    published beyond the event (ratings, open feeds, series). Append-only: a new answer is a
    new row, and the player's current choice is their latest row. Each subject has three
    states: None (never asked or not answered), True (yes), False (no)."""

    player = models.ForeignKey(
        "tournament.Player", on_delete=models.CASCADE, related_name="publication_consents"
    )
    results = models.BooleanField(null=True)
    lists = models.BooleanField(null=True)
    via = models.CharField(max_length=20, choices=ConsentVia.choices)
    # The staff member who recorded it on the player's behalf (None for the player's own).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "made_at", "id"]
        indexes = [models.Index(fields=["player", "-id"], name="consent_player_latest")]

    def __str__(self) -> str:
        return f"{self.player_id}: results {self.results}, lists {self.lists} ({self.via})"
