"""Forget the e-mail addresses of events that ended more than EMAIL_RETENTION_DAYS ago (run
daily: docs/privacy.md)."""

import datetime

from django.core.management.base import BaseCommand, CommandError

from people.services.retention import emails_forget


class Command(BaseCommand):
    help = "Blank players' e-mail addresses EMAIL_RETENTION_DAYS after their event ended."

    def add_arguments(self, parser):
        parser.add_argument("--today", help="The date to count from (YYYY-MM-DD); default today.")

    def handle(self, *args, today=None, **options):
        day = None
        if today:
            try:
                day = datetime.date.fromisoformat(today)
            except ValueError:
                raise CommandError("--today must be a date: YYYY-MM-DD.") from None
        gone = emails_forget(today=day)
        self.stdout.write(f"{gone} e-mail address{'es' if gone != 1 else ''} forgotten.")
