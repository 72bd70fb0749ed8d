"""The feed settings on the new-event and settings forms (registered at start-up:
tournament.extensions.EXTRA_FORM_FIELDS). The secret's box is always shown empty: left
empty, the stored secret stays as it is; the settings' "Remove the secret" box clears it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from feed.models import FeedLicence
from tournament.views.forms.extra import ExtraFormField, extra_form_field_register


def _licence() -> forms.Field:
    return forms.ChoiceField(
        choices=FeedLicence.choices,
        required=False,
        label=_("Open results feed licence"),
        help_text=_("None: the event's results are not in the open feed and no webhook fires."),
    )


def _url() -> forms.Field:
    return forms.CharField(
        required=False,
        max_length=500,
        label=_("Feed webhook address"),
        help_text=_("Told when a round completes and when the event ends (http or https)."),
        widget=forms.URLInput,
    )


def _secret() -> forms.Field:
    return forms.CharField(
        required=False,
        max_length=200,
        strip=False,
        label=_("Feed webhook secret"),
        help_text=_("16 characters or more; never shown again. Leave empty to keep the one set."),
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "new-password"}),
    )


def _secret_remove() -> forms.Field:
    return forms.BooleanField(
        required=False,
        label=_("Remove the secret"),
    )


def register() -> None:
    for form in ("settings", "event_new"):
        extra_form_field_register(form, ExtraFormField("feed_licence", _licence))
        extra_form_field_register(form, ExtraFormField("feed_webhook_url", _url))
        extra_form_field_register(
            form, ExtraFormField("feed_webhook_secret", _secret, unchanged_when_empty=True)
        )
    # A new event has no secret to remove.
    extra_form_field_register(
        "settings",
        ExtraFormField(
            "feed_webhook_secret_remove",
            _secret_remove,
            after="feed_webhook_secret",
            clears="feed_webhook_secret",
        ),
    )
