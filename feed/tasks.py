"""Webhook deliveries in the background. Tasks take ids only; with no broker they run in this
process: in a timer thread (FEED_EAGER_THREAD), or at once in the caller (the test suite)."""

from __future__ import annotations

import logging
import threading

from celery import current_app, shared_task
from django.conf import settings
from django.db import connection
from kombu.exceptions import OperationalError as BrokerError

from feed.services.webhook import webhook_attempt, webhooks_due

log = logging.getLogger(__name__)


@shared_task(name="feed.webhook_deliver")
def feed_webhook_deliver(delivery_id: int) -> None:
    """One attempt; a failed one schedules the next after its back-off."""
    delay = webhook_attempt(delivery_id=delivery_id)
    if delay is not None:
        delivery_start(delivery_id, delay)


def _in_thread(delivery_id: int) -> None:
    try:
        feed_webhook_deliver(delivery_id)
    except Exception:  # a thread's failure is logged; the delivery stays pending for a sweep
        log.exception("feed webhook delivery %s failed", delivery_id)
    finally:
        connection.close()  # this thread's own connection


def delivery_start(delivery_id: int, delay: int) -> None:
    """Run the delivery's next attempt after `delay` seconds without holding up the caller."""
    if not current_app.conf.task_always_eager:
        try:
            feed_webhook_deliver.apply_async((delivery_id,), countdown=delay)
        except (BrokerError, OSError) as exc:
            # Left pending: `manage.py feed_webhooks_send` (or the next start) sends it.
            log.warning("feed webhook %s not queued: broker unreachable (%s)", delivery_id, exc)
        return
    if not settings.FEED_EAGER_THREAD:
        # In the caller: the first attempt only (retries wait for the sweep, or a test's clock).
        if delay == 0:
            feed_webhook_deliver(delivery_id)
        return
    timer = threading.Timer(delay, _in_thread, args=(delivery_id,))
    timer.daemon = True
    timer.start()


def deliveries_due_start() -> list[int]:
    """Start every pending delivery whose attempt is due; their ids."""
    due = webhooks_due()
    for delivery_id in due:
        delivery_start(delivery_id, 0)
    return due
