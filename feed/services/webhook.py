"""The organiser's webhook: a signed POST of the event's feed document when a round completes
and when the event ends, retried with back-off (feed.engine.signing.RETRY_DELAYS), each attempt
kept for the staff.

Never sent for an event outside the feed (no licence, hidden, archived) or without a URL and a
secret: a delivery is not even made then, and one made before the licence was withdrawn is
cancelled at its next attempt. Outgoing addresses are public ones only, unless
FEED_WEBHOOK_ALLOW_PRIVATE; redirects are not followed (they could lead anywhere)."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request
from collections.abc import Callable
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from feed.engine.signing import (
    SIGNATURE_HEADER,
    address_refusal,
    retry_delay,
    signature_header,
    url_refusal,
)
from feed.extensions import DELIVERY_STARTERS
from feed.models import (
    DeliveryReason,
    DeliveryStatus,
    FeedSettings,
    WebhookAttempt,
    WebhookDelivery,
)
from feed.services.document import feed_event_document, feed_licensed
from tournament.models import Event
from tournament.services.events.access import require_organiser

# (url, body, headers) -> (ok, HTTP status or None, error in words or "")
Sender = Callable[[str, bytes, dict], tuple[bool, int | None, str]]


def _configured(event_id: int) -> FeedSettings | None:
    row = FeedSettings.objects.filter(event_id=event_id).first()
    if row is None or not (row.licence and row.webhook_url and row.webhook_secret):
        return None
    return row if feed_licensed(event_id) else None


def _start(delivery_id: int, delay: int) -> None:
    for starter in DELIVERY_STARTERS:
        starter(delivery_id, delay)


def webhook_queue(*, event_id: int, reason: str, round_number: int | None = None):
    """Make a delivery for the event's webhook and start it once the transaction commits;
    None (nothing made) when the event is not in the feed or has no webhook."""
    if reason not in DeliveryReason.values:
        raise ValueError(f"unknown reason {reason!r}")
    if _configured(event_id) is None:
        return None
    delivery = WebhookDelivery.objects.create(
        event_id=event_id, reason=reason, round_number=round_number, next_attempt_at=timezone.now()
    )
    transaction.on_commit(lambda: _start(delivery.pk, 0))
    return delivery


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a 3xx answer is the answer: a failed attempt


def webhook_post(url: str, body: bytes, headers: dict) -> tuple[bool, int | None, str]:
    """POST the body; (ok, status, error). Every address the host resolves to must be one the
    server may send to."""
    if url_refusal(url):
        return False, None, "refused: not an http(s) address"
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        found = socket.getaddrinfo(parts.hostname, port, proto=socket.IPPROTO_TCP)
    except OSError as exc:
        return False, None, f"host not found: {exc}"[:300]
    allow = settings.FEED_WEBHOOK_ALLOW_PRIVATE
    if any(address_refusal(info[4][0], allow_private=allow) for info in found):
        return False, None, "refused: the host has a loopback, private or reserved address"
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")  # noqa: S310
    opener = urllib.request.build_opener(_NoRedirects)
    try:
        with opener.open(request, timeout=settings.FEED_WEBHOOK_TIMEOUT_S) as answer:
            return 200 <= answer.status < 300, answer.status, ""
    except urllib.error.HTTPError as exc:
        return False, exc.code, f"HTTP {exc.code}"
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        return False, None, str(reason)[:300]


def webhook_body(event: Event) -> bytes:
    document = feed_event_document(event=event)
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def _finish(delivery: WebhookDelivery, status: str, now: datetime) -> None:
    delivery.status = status
    delivery.finished_at = now
    delivery.next_attempt_at = None
    delivery.save(update_fields=["status", "finished_at", "next_attempt_at", "attempts"])


def webhook_attempt(
    *, delivery_id: int, now: datetime | None = None, send: Sender | None = None
) -> int | None:
    """One attempt of a pending delivery: seconds to wait before the next one, or None when the
    delivery is over (delivered, given up, cancelled, or not pending)."""
    now = now or timezone.now()
    delivery = WebhookDelivery.objects.filter(pk=delivery_id).first()
    if delivery is None or delivery.status != DeliveryStatus.PENDING:
        return None
    row = _configured(delivery.event_id)
    if row is None:
        _finish(delivery, DeliveryStatus.CANCELLED, now)
        return None
    event = Event.objects.get(pk=delivery.event_id)
    body = webhook_body(event)
    headers = {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "Strategium-Feed/1",
        SIGNATURE_HEADER: signature_header(row.webhook_secret, int(now.timestamp()), body),
        "X-Strategium-Event": delivery.reason,
        "X-Strategium-Delivery": str(delivery.pk),
    }
    # Sent outside any transaction: a slow receiver holds no lock.
    ok, status_code, error = (send or webhook_post)(row.webhook_url, body, headers)
    with transaction.atomic():
        delivery = WebhookDelivery.objects.select_for_update().get(pk=delivery.pk)
        delivery.attempts += 1
        WebhookAttempt.objects.create(
            delivery=delivery,
            number=delivery.attempts,
            at=now,
            status_code=status_code,
            ok=ok,
            error=error[:300],
        )
        if ok:
            _finish(delivery, DeliveryStatus.DELIVERED, now)
            return None
        delay = retry_delay(delivery.attempts)
        if delay is None:
            _finish(delivery, DeliveryStatus.FAILED, now)
            return None
        delivery.next_attempt_at = now + timedelta(seconds=delay)
        delivery.save(update_fields=["attempts", "next_attempt_at"])
        return delay


def webhooks_due(*, now: datetime | None = None) -> list[int]:
    """Pending deliveries whose next attempt is due (a restarted server sends them again)."""
    now = now or timezone.now()
    return list(
        WebhookDelivery.objects.filter(
            status=DeliveryStatus.PENDING, next_attempt_at__lte=now
        ).values_list("pk", flat=True)
    )


def webhook_deliveries(*, event: Event, user, limit: int = 50) -> list[dict]:
    """The event's latest deliveries with every attempt, for its organisers."""
    require_organiser(user, event)
    rows = WebhookDelivery.objects.filter(event=event).prefetch_related("tries")[:limit]
    return [
        {
            "id": d.pk,
            "reason": d.reason,
            "round": d.round_number,
            "status": d.status,
            "attempts": [
                {
                    "number": a.number,
                    "at": a.at.isoformat(),
                    "ok": a.ok,
                    "status_code": a.status_code,
                    "error": a.error,
                }
                for a in d.tries.all()
            ],
            "created_at": d.created_at.isoformat(),
            "next_attempt_at": d.next_attempt_at.isoformat() if d.next_attempt_at else None,
            "finished_at": d.finished_at.isoformat() if d.finished_at else None,
        }
        for d in rows
    ]
