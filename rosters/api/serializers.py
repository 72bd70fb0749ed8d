"""API shapes of army lists (rosters/services/armylists.py holds the rules)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from rest_framework import serializers

from common.api.bodies import StrictSerializer
from common.api.fields import NO_NUL, StrictCharField, text_field
from rosters.models.armylists import ListStatus
from rosters.services.armylists import (
    COMMENT_LIMIT,
    army_list_check,
    army_list_deadline_words,
    army_list_results,
    army_list_rules,
    army_lists_locked,
)
from rosters.services.fields import ARMY_LIST_LIMIT
from rosters.services.recorded import FIELDS as RECORDED_FIELDS
from rosters.services.recorded import recorded_mismatch
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


class ArmyListOverruleSerializer(StrictSerializer):
    # Problem codes are short words; overrules keep codes of at most 60 characters
    # (rosters.services.fields.overrules_valid), as the Lists page's form does.
    code = StrictCharField(
        max_length=60,
        validators=[NO_NUL],
        help_text=gettext_lazy(
            "The problem's `code`, as the list's `problems[]` give it (400 `not_found` "
            "when the checks do not find it in the list)."
        ),
    )
    comment = text_field(
        COMMENT_LIMIT,
        required=False,
        default="",
        help_text="Why the check is overruled (logged; the player reads it). Empty takes "
        "back the overrule of `code` (400 `required` when it has none).",
    )


class ArmyListRecordedSerializer(StrictSerializer):
    field = serializers.ChoiceField(
        choices=list(RECORDED_FIELDS),
        help_text=gettext_lazy(
            "The recorded field to set to what the list states (409 `not_in_list`, "
            "on that field, when the list states none)."
        ),
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
        help_text=gettext_lazy('"" until a list is submitted.'),
    )
    comment = serializers.CharField(source="list_comment", read_only=True)
    updated_at = serializers.DateTimeField(source="list_updated_at", read_only=True)
    battle_size = serializers.SerializerMethodField(
        help_text=gettext_lazy("From the list's header; or null.")
    )
    points = serializers.SerializerMethodField(
        help_text=gettext_lazy("Total the header states; or null.")
    )
    warning = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "Set when the stated points exceed the event's points limit (not a refusal)."
        )
    )
    locked = serializers.SerializerMethodField(
        help_text=gettext_lazy("True once the list deadline passed.")
    )
    deadline = serializers.SerializerMethodField(
        help_text=gettext_lazy("The deadline in words, or empty.")
    )
    rules = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "The muster checks' verdict, or null without a list: `edition`, "
            "`data_version` (the rules data the list was checked against; null for an edition "
            "without checks), `checked` and `passes` (checked, and every problem of severity "
            "error overruled by the staff, if any)."
        )
    )
    roster = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "The list read into its parts (faction, battle size, detachments, "
            "dispositions, units with models, wargear, enhancements, points, warlord; `unread` "
            "lines kept as sent); null without a list."
        )
    )
    problems = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "Each problem the checks found: `code`, `severity` (error or warning), "
            "`subject` (the unit or line), `message` in words, `line`, `assumed` (a limit no "
            "source confirms yet: a warning only), `overruled` (the staff's reason, or null)."
        )
    )

    recorded_mismatch = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "Each of the player's recorded `faction`, (11th edition) `disposition` and "
            "`detachments` that the list states otherwise (detachments: other names, in any order "
            "and case): `field`, `recorded` and `list` in words. An empty "
            "one is filled from the list when it is sent; a differing one waits for an organiser."
        )
    )

    def _rules(self, player: Player):
        cache = self.context.setdefault("rules", {})
        if player.pk not in cache:
            cache[player.pk] = army_list_rules(player=player)
        return cache[player.pk]

    def _results(self, player: Player) -> dict:
        return army_list_results(self._rules(player), player.list_overrules)

    def get_rules(self, player: Player) -> dict | None:
        return self._results(player)["rules"]

    def get_roster(self, player: Player) -> dict | None:
        return self._results(player)["roster"]

    def get_problems(self, player: Player) -> list[dict]:
        return self._results(player)["problems"]

    def get_recorded_mismatch(self, player: Player) -> list[dict]:
        return recorded_mismatch(player, self._rules(player))

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
