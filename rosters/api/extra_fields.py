"""The list fields on the tournament's player, event and sign-up shapes (registered at
start-up: tournament.api.serializers.extra.EXTRA_SERIALIZER_FIELDS), as they were before the
lists moved into this app."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.api.fields import NOT_BLANK, text_field
from rosters.models.armylists import ListPublication
from rosters.services.detachments import DETACHMENTS_MAX, NAME_LIMIT
from rosters.services.fields import ARMY_LIST_LIMIT
from tournament.extensions import EXTRA_SERIALIZER_FIELDS, EXTRA_STAFF_READ


@extend_schema_field(
    {
        "type": "array",
        "items": {
            "type": "string",
            "minLength": 1,
            "maxLength": NAME_LIMIT,
            "pattern": NOT_BLANK.regex.pattern,
        },
        "maxItems": DETACHMENTS_MAX,
        "uniqueItems": True,
    }
)
class DetachmentsField(serializers.ListField):
    """A JSON array of strings only; the names' rules (length, a visible character, none twice
    in any case, at most 4) are the service's, so every path refuses them the same way and
    names the field (`detachments`), not an item of it."""

    child = serializers.CharField(allow_blank=True, trim_whitespace=False)

    def to_internal_value(self, data):
        if not isinstance(data, list) or any(not isinstance(item, str) for item in data):
            raise serializers.ValidationError(
                gettext("Must be a list of detachment names (text)."), code="invalid"
            )
        return list(data)


def player_fields() -> dict:
    return {
        "army_list": text_field(required=False),
        "detachments": DetachmentsField(
            required=False,
            help_text=gettext_lazy(
                "The detachments the player's army takes (11th edition: within the "
                "battle size's Detachment Points; 10th: one): at most 4 names of 1 to 100 "
                "characters, none twice in any case (400 `detachments` `too_many`, `max_length`, "
                "`blank`, `duplicate`, `invalid`). A name the event's rules data knows for the "
                "player's faction is stored as the data spells it; others as sent. Filled from "
                "the player's list when empty (logged as army_list_recorded)."
            ),
        ),
    }


def signup_fields() -> dict:
    return {"army_list": text_field(ARMY_LIST_LIMIT, required=False, default="")}


def event_fields() -> dict:
    return {
        "list_deadline": serializers.DateTimeField(
            allow_null=True,
            required=False,
            help_text=gettext_lazy(
                "Players submit and replace army lists until then (409 "
                "lists_locked after); null: no deadline, lists never lock or publish."
            ),
        ),
        "list_publication": serializers.ChoiceField(
            choices=ListPublication.choices,
            required=False,
            help_text=gettext_lazy(
                "Who reads the lists after the deadline: each player's opponents, "
                "everyone, or nobody but the staff."
            ),
        ),
        "list_data_version": serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=80,
            help_text=gettext_lazy(
                "The rules data version lists are checked against; empty: the newest "
                "this site has. Changing it rechecks every list (logged as an event_update). 400 "
                "unknown_dataset naming the versions the site has."
            ),
        ),
    }


def register() -> None:
    # A list is read where its publication rule is kept (GET .../list/), not on the player.
    EXTRA_STAFF_READ["player"].add("army_list")
    for kind, make in (("player", player_fields), ("signup", signup_fields)):
        EXTRA_SERIALIZER_FIELDS[kind].register(make)
    EXTRA_SERIALIZER_FIELDS["event"].register(event_fields)
