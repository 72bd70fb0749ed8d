"""The feed settings on the tournament's event shape (registered at start-up:
tournament.extensions.EXTRA_SERIALIZER_FIELDS). The webhook address is read back by the
event's organisers only; the secret by nobody (write-only)."""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy
from rest_framework import serializers
from rest_framework.fields import SkipField

from feed.models import FeedLicence
from tournament.extensions import EXTRA_SERIALIZER_FIELDS
from tournament.services.events.access import user_can_manage

URL_FORM = r"^$|^https?://([^\s/?#@]+@)?[A-Za-z0-9][A-Za-z0-9.-]*(:[0-9]{1,4})?([/?#]\S*)?$"


class OrganiserReadField(serializers.CharField):
    """Written like any field; read only by an organiser of the event (left out otherwise)."""

    def get_attribute(self, instance):
        request = self.context.get("request")
        user = getattr(request, "user", None)
        if user is None or not user_can_manage(user, instance):
            raise SkipField
        return super().get_attribute(instance)


def event_fields() -> dict:
    return {
        "feed_licence": serializers.ChoiceField(
            choices=FeedLicence.choices,
            required=False,
            allow_blank=True,
            help_text=gettext_lazy(
                'The open feed\'s licence: "cc-by-4.0", "odbl-1.0", or "" (the default): no '
                "open feed and no webhook (GET /api/feed/events/{id}/ is then 404)."
            ),
        ),
        "feed_webhook_url": OrganiserReadField(
            required=False,
            allow_blank=True,
            max_length=500,
            # The form the schema can state (scheme, host, port); the service names the rest:
            # a user name in it (credentials), a private address (private_address).
            validators=[
                RegexValidator(
                    URL_FORM,
                    message=gettext_lazy("Must start with http:// or https:// and a host name."),
                    code="scheme",
                )
            ],
            help_text=gettext_lazy(
                "Where the feed's webhook posts the event's document when a round completes "
                "and when the event ends (http or https; public addresses only). Read back by "
                "the event's organisers only."
            ),
        ),
        "feed_webhook_secret": serializers.CharField(
            required=False,
            allow_blank=True,
            write_only=True,
            max_length=200,
            trim_whitespace=False,
            help_text=gettext_lazy(
                "The secret the webhook signs with (HMAC-SHA256), 16 to 200 characters; "
                'write-only, never shown; "" removes it (no webhook without one).'
            ),
        ),
    }


def register() -> None:
    EXTRA_SERIALIZER_FIELDS["event"].register(event_fields)
