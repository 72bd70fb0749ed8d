"""API shapes of army lists (rosters/services/armylists.py holds the rules)."""

from __future__ import annotations

from rest_framework import serializers

from rosters.models import ListStatus
from rosters.services.armylists import (
    COMMENT_LIMIT,
    army_list_check,
    army_list_deadline_words,
    army_lists_locked,
)
from rosters.services.fields import ARMY_LIST_LIMIT
from tournament.api.bodies import StrictSerializer
from tournament.api.serializers import text_field
from tournament.models import Player


class ArmyListInputSerializer(StrictSerializer):
    # The length is checked after line breaks are normalised (400 max_length naming the
    # limit), so a CRLF export just under the limit is not refused for its "\r"s.
    army_list = text_field(
        help_text=f"The list as the army builder app exports it, up to {ARMY_LIST_LIMIT:,} "
        "characters; empty withdraws it."
    )


class ArmyListReviewSerializer(StrictSerializer):
    status = serializers.ChoiceField(choices=[ListStatus.CHECKED, ListStatus.NEEDS_FIX])
    comment = text_field(
        COMMENT_LIMIT,
        required=False,
        default="",
        help_text="Shown to the player; required for needs_fix (400 required).",
    )


class ArmyListSerializer(StrictSerializer):
    player = serializers.IntegerField(source="pk", read_only=True)
    name = serializers.CharField(read_only=True)
    faction = serializers.CharField(read_only=True)
    army_list = serializers.CharField(read_only=True)
    status = serializers.ChoiceField(
        source="list_status",
        choices=ListStatus.choices,
        read_only=True,
        help_text='"" until a list is submitted.',
    )
    comment = serializers.CharField(source="list_comment", read_only=True)
    updated_at = serializers.DateTimeField(source="list_updated_at", read_only=True)
    battle_size = serializers.SerializerMethodField(help_text="From the list's header; or null.")
    points = serializers.SerializerMethodField(help_text="Total the header states; or null.")
    warning = serializers.SerializerMethodField(
        help_text="Set when the stated points exceed the event's points limit (not a refusal)."
    )
    locked = serializers.SerializerMethodField(help_text="True once the list deadline passed.")
    deadline = serializers.SerializerMethodField(help_text="The deadline in words, or empty.")

    def _check(self, player: Player):
        return army_list_check(event=player.event, text=player.army_list)

    def get_battle_size(self, player: Player) -> str | None:
        return self._check(player).header.battle_size

    def get_points(self, player: Player) -> int | None:
        return self._check(player).header.points

    def get_warning(self, player: Player) -> str:
        return self._check(player).warning

    def get_locked(self, player: Player) -> bool:
        return army_lists_locked(player.event)

    def get_deadline(self, player: Player) -> str:
        return army_list_deadline_words(player.event)
