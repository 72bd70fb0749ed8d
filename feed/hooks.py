"""What the feed app registers at start-up (feed.apps): the delivery starter, a round's
completion and the event's end (webhooks), and the event's settings (API, forms, document,
log)."""

from __future__ import annotations

from django.db import transaction
from django.db.models.signals import post_save
from django.utils.translation import gettext_lazy


def _round_saved(sender, instance, update_fields=None, **kwargs) -> None:
    """A round saved complete: the event's webhook fires once the transaction commits, and
    again for the event's end when that round finished the event."""
    from tournament.models import RoundStatus  # noqa: PLC0415

    if instance.status != RoundStatus.COMPLETE:
        return
    if update_fields is not None and "status" not in update_fields:
        return
    round_number, event_id = instance.number, instance.event_id
    transaction.on_commit(lambda: _round_complete(event_id, round_number))


def _round_complete(event_id: int, round_number: int) -> None:
    from feed.services.webhook import webhook_queue  # noqa: PLC0415
    from tournament.models import Event, EventStatus  # noqa: PLC0415

    webhook_queue(event_id=event_id, reason="round_complete", round_number=round_number)
    # The event's status follows its rounds (an update, not a save): read it after the commit.
    if Event.objects.filter(pk=event_id, status=EventStatus.FINISHED).exists():
        webhook_queue(event_id=event_id, reason="event_end")


def _event_saved(sender, instance, update_fields=None, **kwargs) -> None:
    """The organiser set the event finished by hand: its end's webhook."""
    from tournament.models import EventStatus  # noqa: PLC0415

    if instance.status != EventStatus.FINISHED:
        return
    if update_fields is None or "status" not in update_fields:
        return
    event_id = instance.pk

    def fire() -> None:
        from feed.services.webhook import webhook_queue  # noqa: PLC0415

        webhook_queue(event_id=event_id, reason="event_end")

    transaction.on_commit(fire)


def register() -> None:
    from feed.api import extra_fields as api_fields  # noqa: PLC0415
    from feed.extensions import DELIVERY_STARTERS  # noqa: PLC0415
    from feed.services import deliveries, settings  # noqa: PLC0415
    from feed.tasks import delivery_start  # noqa: PLC0415
    from feed.views import extra_fields as form_fields  # noqa: PLC0415
    from feed.views.deliveries import settings_links  # noqa: PLC0415
    from tournament.extensions import SETTINGS_FIELD_LINKS  # noqa: PLC0415
    from tournament.models import Event, Round  # noqa: PLC0415
    from tournament.services.audit.words import (  # noqa: PLC0415
        audit_fields_register,
        audit_words_register,
    )
    from tournament.services.events.extra_fields import extra_fields_register  # noqa: PLC0415

    DELIVERY_STARTERS.register(delivery_start)
    post_save.connect(_round_saved, sender=Round, dispatch_uid="feed-round-complete")
    post_save.connect(_event_saved, sender=Event, dispatch_uid="feed-event-end")
    extra_fields_register("event", settings.EVENT_EXTRAS)
    settings.install_attributes()
    api_fields.register()
    form_fields.register()
    SETTINGS_FIELD_LINKS.register(settings_links)
    audit_words_register(
        deliveries.SEND_AGAIN,
        gettext_lazy("Feed webhook sent again"),
        deliveries.send_again_words,
    )
    audit_fields_register(
        {
            "feed_licence": "Open feed licence",
            "feed_webhook_url": "Feed webhook address",
            "feed_webhook_secret": "Feed webhook secret",
        },
        {
            "feed_licence": settings.licence_words,
            # The log keeps a secret's fingerprint: said as "set" or "none", never shown.
            "feed_webhook_secret": settings.secret_words,
        },
    )
