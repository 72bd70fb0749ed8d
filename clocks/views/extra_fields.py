"""`game_clock_minutes` on the new-event and settings forms (registered at start-up:
tournament.extensions.EXTRA_FORM_FIELDS), with a suggestion per battle size."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from clocks.services.settings import MINUTES_MAX, SUGGESTED
from tournament.views.forms.extra import ExtraFormField, extra_form_field_register


def _minutes() -> forms.Field:
    return forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MINUTES_MAX,
        # The suggestion is in the label: the forms show no help texts.
        label=_(
            "Game clock, each player's minutes (empty: no game clocks; suggested: Combat "
            "Patrol %(combat_patrol)s, Incursion %(incursion)s, Strike Force %(strike_force)s, "
            "Onslaught %(onslaught)s)"
        )
        % SUGGESTED,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


def register() -> None:
    extra_form_field_register("settings", ExtraFormField("game_clock_minutes", _minutes, "bye_vp"))
    extra_form_field_register(
        "event_new", ExtraFormField("game_clock_minutes", _minutes, "points_limit")
    )
