"""The ratings settings on the new-event and settings forms (registered at start-up:
tournament.extensions.EXTRA_FORM_FIELDS)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.views.forms.extra import ExtraFormField, extra_form_field_register


def _excluded() -> forms.Field:
    return forms.BooleanField(required=False, label=_("Exclude this event from ratings"))


def _win_chances() -> forms.Field:
    return forms.BooleanField(
        required=False, label=_("Show win chances from ratings beside the public pairings")
    )


def register() -> None:
    for form in ("settings", "event_new"):
        extra_form_field_register(form, ExtraFormField("ratings_excluded", _excluded))
        extra_form_field_register(form, ExtraFormField("ratings_win_chances", _win_chances))
