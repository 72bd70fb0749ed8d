"""The list fields on the tournament's settings, sign-up and player pages (registered at
start-up: tournament.views.forms.extra.EXTRA_FORM_FIELDS), as they were before the lists moved."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from rosters.data import dataset_versions
from rosters.models.armylists import ListPublication
from rosters.services.fields import ARMY_LIST_LIMIT
from tournament.views.forms.extra import ExtraFormField, extra_form_field_register


def _deadline() -> forms.Field:
    # In the event's zone (the request's active zone): the browser's datetime-local input
    # takes and gives "2026-11-23T18:00" only, like the date inputs beside it.
    return forms.DateTimeField(
        required=False,
        widget=forms.DateTimeInput(format="%Y-%m-%dT%H:%M", attrs={"type": "datetime-local"}),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"],
        label=gettext_lazy("Army list deadline (event's time zone; empty: lists never lock)"),
    )


def _publication() -> forms.Field:
    # Not required: a script's post without it leaves the setting as it is.
    return forms.ChoiceField(
        choices=ListPublication.choices,
        required=False,
        label=gettext_lazy("After the deadline, army lists are shown to"),
    )


def _data_version() -> forms.Field:
    # Not required: a script's post without it leaves the setting as it is.
    return forms.ChoiceField(
        choices=[("", "The newest this site has"), *((v, v) for v in dataset_versions())],
        required=False,
        label=gettext_lazy(
            "Rules data lists are checked against (changing it rechecks every list)"
        ),
    )


def _signup_list() -> forms.Field:
    return forms.CharField(
        required=False,
        max_length=ARMY_LIST_LIMIT,
        label=gettext_lazy("Army list (optional)"),
        widget=forms.Textarea(attrs={"rows": 8, "maxlength": ARMY_LIST_LIMIT}),
    )


def _player_list() -> forms.Field:
    # Not stripped: the service normalises the text, so a list saved unchanged stays the same.
    return forms.CharField(
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        label=gettext_lazy("Army list"),
    )


class DetachmentsField(forms.CharField):
    """The player's detachments, one per line (names may hold commas: "Ordo Xenos, Alien
    Hunters"). The service splits and checks the text, so a page saved unchanged sends back
    the same names."""

    widget = forms.Textarea(attrs={"rows": 2, "spellcheck": "false"})

    def prepare_value(self, value):
        return "\n".join(value) if isinstance(value, list | tuple) else value


def _player_detachments() -> forms.Field:
    return DetachmentsField(
        required=False,
        strip=False,
        label=gettext_lazy("Detachments (one per line)"),
    )


def register() -> None:
    # A new organiser sets the deadline when making the event (after the sign-up fields).
    extra_form_field_register(
        "event_new",
        ExtraFormField("list_deadline", _deadline, "registration_approval", moment=True),
    )
    extra_form_field_register(
        "settings", ExtraFormField("list_deadline", _deadline, "weight_sports", moment=True)
    )
    extra_form_field_register(
        "settings",
        ExtraFormField(
            "list_publication", _publication, "check_in_networks", unchanged_when_empty=True
        ),
    )
    extra_form_field_register(
        "settings", ExtraFormField("list_data_version", _data_version, "list_publication")
    )
    extra_form_field_register("signup", ExtraFormField("army_list", _signup_list, "email"))
    extra_form_field_register("player_edit", ExtraFormField("army_list", _player_list, "email"))
    extra_form_field_register(
        "player_edit", ExtraFormField("detachments", _player_detachments, "faction_confirmed")
    )
