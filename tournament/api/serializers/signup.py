"""The public sign-up: its body, and the sign-up as its player sees it."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from common.api.bodies import StrictSerializer
from common.api.fields import name_field, text_field
from missions.eleventh.matrix import DISPOSITION_IDS
from tournament.api.serializers.extra import ExtraFieldsMixin
from tournament.models import Player, PlayerStatus
from tournament.services.players.names import NICKNAME_LIMIT
from tournament.services.players.registration import (
    registration_factions,
    registration_position,
)


class SignupInputSerializer(ExtraFieldsMixin, StrictSerializer):
    """A public sign-up. The services check the rest: registration open, the name unused."""

    extra_fields_of = "signup"

    name = name_field(120)
    faction = serializers.ChoiceField(choices=list(registration_factions()))
    club = text_field(120, required=False, default="")
    email = text_field(254, required=False, default="")
    disposition = serializers.ChoiceField(
        choices=["", *DISPOSITION_IDS],
        allow_blank=True,
        required=False,
        default="",
        help_text=gettext_lazy(
            "11th-edition events: the Force Disposition (may be given later, until the "
            "list deadline or round 1). 400 not_in_pack for another pack's event."
        ),
    )
    battle_ready = serializers.BooleanField(
        required=False,
        default=False,
        help_text=gettext_lazy("A fully painted army (+10 VP a game)."),
    )
    nickname = text_field(
        NICKNAME_LIMIT,
        required=False,
        default="",
        help_text="The name the public reads when the event shows nicknames (empty: the first "
        "name and initial); unique in the event (409 nickname_taken).",
    )


class SignupSerializer(StrictSerializer):
    """A sign-up as its player (and the organiser) sees it: where it stands, and the link."""

    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(read_only=True)
    faction = serializers.CharField(read_only=True)
    club = serializers.CharField(read_only=True)
    status = serializers.ChoiceField(choices=PlayerStatus.choices, read_only=True)
    position = serializers.SerializerMethodField(
        help_text=gettext_lazy("Place on the waiting list (1 is next); null unless waiting.")
    )
    private_key = serializers.CharField(read_only=True)
    link = serializers.SerializerMethodField(help_text=gettext_lazy("The player's private page."))

    def get_position(self, player: Player) -> int | None:
        return registration_position(player=player)

    def get_link(self, player: Player) -> str:
        path = reverse("player-home", kwargs={"key": player.private_key})
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path
