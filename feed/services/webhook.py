"""The organiser's webhook: a signed POST of the event's feed document when a round completes
and when the event ends, retried with back-off (feed.engine.signing.RETRY_DELAYS), each attempt
kept for the staff.

Never sent for an event outside the feed (no licence, hidden, archived) or without a URL and a
secret: a delivery is not even made then, and one made before the licence was withdrawn is
cancelled at its next attempt. Outgoing addresses are public ones only, unless
FEED_WEBHOOK_ALLOW_PRIVATE, judged on the addresses actually connected to; redirects are not
followed (they could lead anywhere)."""

from __future__ import annotations

import http.client
import json
import socket
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


def configured(event_id: int) -> FeedSettings | None:
    row = FeedSettings.objects.filter(event_id=event_id).first()
    if row is None or not (row.licence and row.webhook_url and row.webhook_secret):
        return None
    return row if feed_licensed(event_id) else None


def _start(delivery_id: int, delay: int) -> None:
    for starter in DELIVERY_STARTERS:
        starter(delivery_id, delay)


def start_after_commit(delivery_id: int) -> None:
    """The delivery's next attempt at once, once the caller's transaction commits."""
    transaction.on_commit(lambda: _start(delivery_id, 0))


def webhook_queue(*, event_id: int, reason: str, round_number: int | None = None):
    """Make a delivery for the event's webhook and start it once the transaction commits;
    None (nothing made) when the event is not in the feed or has no webhook."""
    if reason not in DeliveryReason.values:
        raise ValueError(f"unknown reason {reason!r}")
    if configured(event_id) is None:
        return None
    delivery = WebhookDelivery.objects.create(
        event_id=event_id, reason=reason, round_number=round_number, next_attempt_at=timezone.now()
    )
    start_after_commit(delivery.pk)
    return delivery


# What an attempt records when it sends nothing (the staff's page says each in words).
REFUSED_URL = "refused: not an http(s) address"
REFUSED_PRIVATE = "refused: the host has a loopback, private or reserved address"
NOT_FOUND = "host not found"


def resolve(host: str, port: int) -> list[str]:
    """The host's addresses, each once, in the resolver's order (replaced by the tests)."""
    found = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    return list(dict.fromkeys(info[4][0] for info in found))


def _connect_to(addresses: list[str], port: int, timeout) -> socket.socket:
    """A connection to the first of `addresses` that answers (each one already judged)."""
    failure: OSError = OSError("no address")
    for address in addresses:
        try:
            return socket.create_connection((address, port), timeout)
        except OSError as exc:
            failure = exc
    raise failure


class PinnedHTTPConnection(http.client.HTTPConnection):
    """HTTP to addresses resolved and judged beforehand, never to what the name resolves to
    when connecting (DNS rebinding: a name public when judged and private a moment later).
    The request still names the host (Host header)."""

    def __init__(self, host: str, port: int, *, addresses: list[str], **kwargs) -> None:
        super().__init__(host, port, **kwargs)
        self.addresses = addresses

    def connect(self) -> None:
        self.sock = _connect_to(self.addresses, self.port, self.timeout)


class PinnedHTTPSConnection(http.client.HTTPSConnection):
    """HTTPS likewise: the TLS server name and the certificate checked are the host's."""

    def __init__(self, host: str, port: int, *, addresses: list[str], **kwargs) -> None:
        super().__init__(host, port, **kwargs)
        self.addresses = addresses

    def connect(self) -> None:
        sock = _connect_to(self.addresses, self.port, self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def webhook_post(url: str, body: bytes, headers: dict) -> tuple[bool, int | None, str]:
    """POST the body; (ok, status, error). The host is resolved once, every address it resolves
    to must be one the server may send to, and the connection goes to one of those very
    addresses. Redirects are not followed (a 3xx answer is a failed attempt)."""
    if url_refusal(url):
        return False, None, REFUSED_URL
    parts = urlsplit(url)
    https = parts.scheme == "https"
    port = parts.port or (443 if https else 80)
    try:
        addresses = resolve(parts.hostname, port)
    except OSError as exc:
        return False, None, f"{NOT_FOUND}: {exc}"[:300]
    allow = settings.FEED_WEBHOOK_ALLOW_PRIVATE
    if not addresses or any(address_refusal(a, allow_private=allow) for a in addresses):
        return False, None, REFUSED_PRIVATE
    pinned = PinnedHTTPSConnection if https else PinnedHTTPConnection
    connection = pinned(
        parts.hostname, port, addresses=addresses, timeout=settings.FEED_WEBHOOK_TIMEOUT_S
    )
    target = parts.path or "/"
    if parts.query:
        target += "?" + parts.query
    try:
        connection.request("POST", target, body=body, headers=headers)
        status = connection.getresponse().status
    except (OSError, http.client.HTTPException, ValueError) as exc:
        return False, None, (str(exc) or type(exc).__name__)[:300]
    finally:
        connection.close()
    if 200 <= status < 300:
        return True, status, ""
    return False, status, f"HTTP {status}"


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
    row = configured(delivery.event_id)
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
