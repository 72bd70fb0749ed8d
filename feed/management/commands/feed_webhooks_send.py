"""`manage.py feed_webhooks_send`: start every webhook delivery whose next attempt is due.

Retries are timed by the worker (a countdown) or, with no broker, by a timer in the web
process; a server stopped in between leaves them pending. Run this after a restart (or from
cron) to send them."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from feed.tasks import deliveries_due_start


class Command(BaseCommand):
    help = "Send the open feed's webhook deliveries that are due."

    def handle(self, *args, **options) -> None:
        started = deliveries_due_start()
        self.stdout.write(f"{len(started)} webhook deliveries started")
