"""The player's shapes: as anyone reads it, as the staff do, and as a save answers."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from rest_framework import serializers

from common.api.fields import (
    StrictIntegerField,
    StrictModelSerializer,
    name_field,
    text_field,
)
from missions.eleventh.matrix import DISPOSITION_IDS
from tournament.api.serializers.extra import ExtraFieldsMixin
from tournament.models import Player
from tournament.services.players.names import NICKNAME_LIMIT


class PlayerSerializer(ExtraFieldsMixin, StrictModelSerializer):
    extra_fields_of = "player"
    name = name_field(120)
    faction = text_field(120, required=False)
    club = text_field(120, required=False)
    # Written by anyone who may edit the player; read by staff only (PlayerPrivateSerializer).
    email = text_field(254, required=False, write_only=True)
    first_round = StrictIntegerField(min_value=1, max_value=30, required=False)
    fixed_table = StrictIntegerField(min_value=1, max_value=32767, allow_null=True, required=False)
    nickname = text_field(
        NICKNAME_LIMIT,
        required=False,
        help_text="The name the public reads when the event's public_names is nickname (empty: "
        "the first name and initial); unique in the event (409 nickname_taken).",
    )
    disposition = serializers.ChoiceField(
        choices=["", *DISPOSITION_IDS],
        allow_blank=True,
        required=False,
        help_text=gettext_lazy(
            "11th-edition events: the player's Force Disposition (empty: not chosen yet). "
            "400 not_in_pack for another pack's event."
        ),
    )

    class Meta:
        model = Player
        fields = [
            "id",
            "event",
            "name",
            "faction",
            "club",
            "email",
            "battle_ready",
            "checked_in",
            "dropped",
            "dropped_after_round",
            "first_round",
            "fixed_table",
            "status",
            "disposition",
            "nickname",
        ]
        read_only_fields = ["id", "event", "dropped_after_round", "status"]


class PlayerPrivateSerializer(PlayerSerializer):
    """What an organiser sees: the private key to hand out as a link or QR code, the email and
    the army list."""

    extra_fields_staff = True
    email = text_field(254, required=False)

    class Meta(PlayerSerializer.Meta):
        fields = [*PlayerSerializer.Meta.fields, "private_key"]
        read_only_fields = [*PlayerSerializer.Meta.read_only_fields, "private_key"]


class PlayerSavedSerializer(PlayerPrivateSerializer):
    """The answer to adding or changing a player: the player, and what to check."""

    warnings = serializers.ListField(
        child=serializers.DictField(),
        read_only=True,
        help_text=gettext_lazy(
            "`faction` `unknown_faction` when the faction is not in the faction list."
        ),
    )

    class Meta(PlayerPrivateSerializer.Meta):
        fields = [*PlayerPrivateSerializer.Meta.fields, "warnings"]
        read_only_fields = [*PlayerPrivateSerializer.Meta.read_only_fields, "warnings"]
