"""E-mail addresses are forgotten a set number of days after their event ends (issue 36):
`EMAIL_RETENTION_DAYS` (settings, 90 unless the environment says otherwise). An event ends on
its end date, or its start date when it has none; an event with neither keeps its addresses
until it has one. A person keeps an address only while one of their players still does.
Run daily by `manage.py forget_emails` (docs/privacy.md)."""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from people.models import Person, PersonLink
from tournament.models import Player


def emails_forget(*, today: datetime.date | None = None) -> int:
    """Blank the e-mail of every player whose event ended more than EMAIL_RETENTION_DAYS
    before `today` (the server's date when not given). Returns how many addresses went."""
    today = today or timezone.localdate()
    cutoff = today - datetime.timedelta(days=int(settings.EMAIL_RETENTION_DAYS))
    ended = Q(event__end_date__lt=cutoff) | Q(
        event__end_date__isnull=True, event__start_date__lt=cutoff
    )
    with transaction.atomic():
        gone = Player.objects.filter(ended).exclude(email="").update(email="")
        kept = PersonLink.objects.filter(person=OuterRef("pk")).exclude(player__email="")
        Person.objects.exclude(email="").exclude(Exists(kept)).update(email="")
    return gone
