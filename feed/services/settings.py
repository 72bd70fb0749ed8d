"""The event's `feed_licence`, `feed_webhook_url` and `feed_webhook_secret`, kept beside the event
and shown by the core's API, settings form, event document and log under those names (the
core's extra fields, registered from feed.hooks).

The secret is write-only: what reads it (the API, the form's initial value, the log, undo)
gets its fingerprint ("set:…", feed.engine.signing.secret_fingerprint), never the secret. The
event document carries the licence and the URL, not the secret."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext

from common.errors import Invalid
from exchange.services.fields import Spec
from feed.engine.signing import address_refusal, feed_key, secret_fingerprint, url_refusal
from feed.models import FeedLicence, FeedSettings
from tournament.models import Event
from tournament.services.events.extra_fields import (
    ExtraFields,
    event_attributes_install,
    side_row,
    side_row_write,
)

FIELDS = ("feed_licence", "feed_webhook_url", "feed_webhook_secret")
SECRET_MIN, SECRET_MAX = 16, 200
URL_MAX = 500
# Earlier secrets kept so that an undo can put one back.
EARLIER_KEPT = 5


class SecretValue(str):
    """A secret as cleaned: reads (and is logged) as its fingerprint, carries the secret."""

    raw: str

    def __new__(cls, raw: str):
        value = super().__new__(cls, secret_fingerprint(_key(), raw))
        value.raw = raw
        return value


def _key() -> bytes:
    return feed_key(settings.SECRET_KEY)


def feed_settings(event: Event) -> FeedSettings:
    """The event's feed settings (cached on the event); unsaved defaults when none."""
    return side_row(event, "feed_settings", FeedSettings)


def _read(event: Event) -> dict:
    row = feed_settings(event)
    return {
        "feed_licence": row.licence,
        "feed_webhook_url": row.webhook_url,
        "feed_webhook_secret": secret_fingerprint(_key(), row.webhook_secret),
    }


def url_invalid(url: str) -> Invalid | None:
    """The refusal of a webhook URL by its form, or of a host written as an address that the
    server may not send to; None when it may be kept (names are resolved when sending)."""
    field = "feed_webhook_url"
    why = url_refusal(url)
    if why == "scheme":
        return Invalid(field, "scheme", gettext("Must start with http:// or https://."))
    if why == "credentials":
        return Invalid(
            field, "credentials", gettext("Must not hold a user name or password: use the secret.")
        )
    if why is not None:
        return Invalid(field, "invalid", gettext("Must be a web address with a host name."))
    host = urlsplit(url).hostname or ""
    allow = settings.FEED_WEBHOOK_ALLOW_PRIVATE
    try:
        ipaddress.ip_address(host)
        literal = True
    except ValueError:
        literal = False
    if (host == "localhost" or host.endswith(".localhost")) and not allow:
        return Invalid(field, "private_address", gettext("Must not be this server's own address."))
    if literal and address_refusal(host, allow_private=allow):
        return Invalid(
            field,
            "private_address",
            gettext("Must not be a loopback, private or reserved address."),
        )
    return None


def _clean(values: dict) -> dict:
    clean = dict(values)
    if "feed_licence" in clean and clean["feed_licence"] not in FeedLicence.values:
        raise Invalid(
            "feed_licence",
            "invalid_choice",
            gettext('Must be "cc-by-4.0", "odbl-1.0" or "" (no open feed).'),
        )
    if "feed_webhook_url" in clean:
        url = clean["feed_webhook_url"]
        if url is None:
            url = ""
        if not isinstance(url, str):
            raise Invalid("feed_webhook_url", "invalid", gettext("Must be a web address."))
        url = url.strip()
        if len(url) > URL_MAX:
            raise Invalid(
                "feed_webhook_url",
                "max_length",
                gettext("Must be at most %(count)s characters.") % {"count": URL_MAX},
            )
        refused = url_invalid(url) if url else None
        if refused is not None:
            raise refused
        clean["feed_webhook_url"] = url
    if "feed_webhook_secret" in clean:
        secret = clean["feed_webhook_secret"]
        if secret is None:
            secret = ""
        if not isinstance(secret, str):
            raise Invalid("feed_webhook_secret", "invalid", gettext("Must be text."))
        if secret and not SECRET_MIN <= len(secret) <= SECRET_MAX:
            raise Invalid(
                "feed_webhook_secret",
                "length",
                gettext("Must be from %(low)s to %(high)s characters (or empty: none).")
                % {"low": SECRET_MIN, "high": SECRET_MAX},
            )
        if secret.startswith("set:") and len(secret) == 16:
            # The fingerprint read back and sent again (a client that reads, edits and sends
            # the event back): unchanged, whatever it stands for.
            clean["feed_webhook_secret"] = secret
        else:
            clean["feed_webhook_secret"] = SecretValue(secret) if secret else ""
    return clean


def _secret_to_store(row: FeedSettings, value) -> str:
    if isinstance(value, SecretValue):
        return value.raw
    if value == "":
        return ""
    current = secret_fingerprint(_key(), row.webhook_secret)
    if value == current:
        return row.webhook_secret
    # An undo to an earlier secret (the log names it by fingerprint); unknown: unchanged.
    return (row.earlier_secrets or {}).get(value, row.webhook_secret)


def _write(event: Event, values: dict, *, fresh=False, restore=False) -> None:
    given = {name: values[name] for name in FIELDS if name in values}
    if not given:
        return

    def apply(row: FeedSettings) -> None:
        if "feed_licence" in given:
            row.licence = given["feed_licence"]
        if "feed_webhook_url" in given:
            row.webhook_url = given["feed_webhook_url"]
        if "feed_webhook_secret" in given:
            secret = _secret_to_store(row, given["feed_webhook_secret"])
            if row.webhook_secret and secret != row.webhook_secret:
                earlier = dict(row.earlier_secrets or {})
                earlier[secret_fingerprint(_key(), row.webhook_secret)] = row.webhook_secret
                row.earlier_secrets = dict(list(earlier.items())[-EARLIER_KEPT:])
            row.webhook_secret = secret

    side_row_write(event, "feed_settings", FeedSettings, given, apply)


def _logged(name: str, value):
    if not isinstance(value, str):
        raise ValueError("not text")
    if name == "feed_licence" and value not in FeedLicence.values:
        raise ValueError("not a licence")
    if name == "feed_webhook_secret" and value and not value.startswith("set:"):
        raise ValueError("a secret is logged by its fingerprint only")
    return value


EVENT_EXTRAS = ExtraFields(
    name="feed",
    editable=FIELDS,
    logged=FIELDS,
    clean=_clean,
    read=_read,
    write=_write,
    logged_value=_logged,
    # Files written before the feed: no licence, no webhook. The secret never travels.
    specs=(
        Spec("feed_licence", "str", False, tuple(FeedLicence.values), True, ""),
        Spec("feed_webhook_url", "str", False, (), True, ""),
    ),
    related=("feed_settings",),
)


def install_attributes() -> None:
    """Events read `event.feed_licence`, `event.feed_webhook_url` and `event.feed_webhook_secret`
    (its fingerprint) as attributes."""
    event_attributes_install(FIELDS, lambda event, name: _read(event)[name])


def licence_words(value) -> str:
    """A logged licence as its select shows it."""
    return str(FeedLicence(value).label) if value in FeedLicence.values else str(value)


def secret_words(value) -> str:
    """A logged secret in words: which one is never said, only that there is one."""
    return gettext("set (%(mark)s)") % {"mark": value[4:]} if value else gettext("none")
