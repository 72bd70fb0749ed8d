"""The webhook's deliveries as the event's staff read them, in words, and an organiser's "send
again now" of a failed one (logged)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import Conflict, NotFound
from feed.models import DeliveryReason, DeliveryStatus, WebhookAttempt, WebhookDelivery
from feed.services.webhook import (
    NOT_FOUND,
    REFUSED_PRIVATE,
    REFUSED_URL,
    configured,
    start_after_commit,
)
from tournament.models import Event
from tournament.services.audit.log import audit_record
from tournament.services.audit.targets import audit_target_kind
from tournament.services.events.access import require_judge, require_organiser

SEND_AGAIN = "feed_webhook_send_again"
audit_target_kind("feed_delivery", WebhookDelivery, "event_id")


@dataclass(frozen=True)
class AttemptShown:
    number: int
    at: datetime
    ok: bool
    answer: str  # the receiver's answer or why there was none, in words


@dataclass(frozen=True)
class DeliveryShown:
    id: int
    what: str  # "Round 2 complete", "Event finished"
    status: str  # in words
    failed: bool
    created_at: datetime
    attempts: list[AttemptShown]
    next_attempt_at: datetime | None


def delivery_what(reason: str, round_number: int | None) -> str:
    """What a delivery told the receiver, in words."""
    if reason == DeliveryReason.ROUND_COMPLETE and round_number is not None:
        return gettext("Round %(number)s complete") % {"number": round_number}
    return str(DeliveryReason(reason).label) if reason in DeliveryReason.values else reason


def _refusal_words(error: str) -> str:
    """An attempt that had no answer: why, in words."""
    if error == REFUSED_PRIVATE:
        return gettext("Refused: the address is a loopback, private or reserved one")
    if error == REFUSED_URL:
        return gettext("Refused: not an http or https address")
    if error.startswith(NOT_FOUND):
        return gettext("The host name was not found")
    if not error:
        return gettext("No answer")
    return gettext("No answer: %(reason)s") % {"reason": error}


def attempt_words(attempt: WebhookAttempt) -> str:
    """The receiver's answer, or why none came, as the staff read it (an attempt keeps the
    server's own English reason; the known ones are said in the reader's language)."""
    if attempt.ok:
        return gettext("Delivered (HTTP %(status)s)") % {"status": attempt.status_code}
    if attempt.status_code is not None:
        return gettext("The receiver answered HTTP %(status)s") % {"status": attempt.status_code}
    return _refusal_words(attempt.error)


def webhook_deliveries_shown(*, event: Event, user, limit: int = 20) -> list[DeliveryShown]:
    """The event's last deliveries, newest first, each attempt in words (organisers and
    judges)."""
    require_judge(user, event)
    rows = WebhookDelivery.objects.filter(event=event).prefetch_related("tries")[:limit]
    return [
        DeliveryShown(
            id=d.pk,
            what=delivery_what(d.reason, d.round_number),
            status=str(DeliveryStatus(d.status).label),
            failed=d.status == DeliveryStatus.FAILED,
            created_at=d.created_at,
            attempts=[
                AttemptShown(number=a.number, at=a.at, ok=a.ok, answer=attempt_words(a))
                for a in d.tries.all()
            ],
            next_attempt_at=d.next_attempt_at if d.status == DeliveryStatus.PENDING else None,
        )
        for d in rows
    ]


def webhook_delivery_send_again(*, event: Event, delivery_id: int, user) -> WebhookDelivery:
    """A failed delivery pending again, its next attempt at once (once the transaction
    commits), logged. One attempt more: if it fails too, the delivery is failed again."""
    require_organiser(user, event)
    with transaction.atomic():
        delivery = (
            WebhookDelivery.objects.select_for_update()
            .filter(pk=delivery_id, event_id=event.pk)
            .first()
        )
        if delivery is None:
            raise NotFound("delivery", "not_found", gettext("No such delivery in this event."))
        if delivery.status != DeliveryStatus.FAILED:
            raise Conflict(
                "delivery",
                "not_failed",
                gettext("Only a failed delivery can be sent again; this one is: %(status)s.")
                % {"status": DeliveryStatus(delivery.status).label},
            )
        if configured(event.pk) is None:
            raise Conflict(
                "delivery",
                "no_webhook",
                gettext(
                    "Nothing to send to: the event needs a feed licence, a webhook address "
                    "and a secret."
                ),
            )
        delivery.status = DeliveryStatus.PENDING
        delivery.finished_at = None
        delivery.next_attempt_at = timezone.now()
        delivery.save(update_fields=["status", "finished_at", "next_attempt_at"])
        audit_record(
            event=event,
            action=SEND_AGAIN,
            target=f"feed_delivery:{delivery.pk}",
            user=user,
            after={"reason": delivery.reason, "round": delivery.round_number},
        )
        start_after_commit(delivery.pk)
    return delivery


def send_again_words(entry) -> str:
    """The log's line for a delivery sent again."""
    after = entry.after or {}
    return delivery_what(after.get("reason", ""), after.get("round"))
