"""The list fields on the tournament's player, event and sign-up shapes (registered at
start-up: tournament.api.serializers.EXTRA_SERIALIZER_FIELDS), as they were before the lists
moved into this app."""

from __future__ import annotations

from rest_framework import serializers

from rosters.models import ListPublication
from rosters.services.fields import ARMY_LIST_LIMIT
from tournament.api.serializers import EXTRA_SERIALIZER_FIELDS, text_field


def player_fields() -> dict:
    return {"army_list": text_field(required=False)}


def signup_fields() -> dict:
    return {"army_list": text_field(ARMY_LIST_LIMIT, required=False, default="")}


def event_fields() -> dict:
    return {
        "list_deadline": serializers.DateTimeField(
            allow_null=True,
            required=False,
            help_text="Players submit and replace army lists until then (409 "
            "lists_locked after); null: no deadline, lists never lock or publish.",
        ),
        "list_publication": serializers.ChoiceField(
            choices=ListPublication.choices,
            required=False,
            help_text="Who reads the lists after the deadline: each player's opponents, "
            "everyone, or nobody but the staff.",
        ),
        "list_data_version": serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=80,
            help_text="The rules data version lists are checked against; empty: the newest "
            "this site has. Changing it rechecks every list (logged as an event_update). 400 "
            "unknown_dataset naming the versions the site has.",
        ),
    }


def register() -> None:
    for kind, make in (("player", player_fields), ("signup", signup_fields)):
        if make not in EXTRA_SERIALIZER_FIELDS[kind]:
            EXTRA_SERIALIZER_FIELDS[kind].append(make)
    if event_fields not in EXTRA_SERIALIZER_FIELDS["event"]:
        EXTRA_SERIALIZER_FIELDS["event"].append(event_fields)
