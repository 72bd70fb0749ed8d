"""The audit log is put in words when it is read, so each staff reader sees it in their own
language: nothing is kept in the language it was written in."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from tournament.models import AuditEntry
from tournament.services.audit.log import audit_undo
from tournament.services.audit.words import LABELS, audit_describe, audit_label
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db


def test_the_labels_are_read_when_shown():
    # Lazy: a label is looked up in the catalogue of whoever reads the log.
    core = ("event_create", "event_update", "round_create", "result_enter", "undo")
    assert not any(isinstance(LABELS[action], str) for action in core)
    assert not isinstance(LABELS["judge_call_open"], str)  # an app's words.py
    assert audit_label("event_update") == "Settings changed"


def test_an_entry_is_described_in_the_readers_language(event, organiser):
    event_update(event=event, user=organiser, changes={"bye_vp": 20})
    change = AuditEntry.objects.filter(action="event_update").latest("id")
    AuditEntry.objects.filter(pk=change.pk).update(
        created_at=datetime.datetime(2026, 12, 5, 14, 5, tzinfo=datetime.UTC)
    )
    audit_undo(entry_id=change.pk, user=organiser)
    undo = AuditEntry.objects.filter(action="undo").latest("id")
    with translation.override("en-gb"):
        english = audit_describe([undo])[undo.pk]
    with translation.override("de"):
        german = audit_describe([undo])[undo.pk]
    # The same entry, its moment's day and month named in each reader's language (Django's
    # own catalogues); the event's time zone unchanged (London: 14:05).
    assert "of Sat 5 Dec 2026, 14:05: VP for a bye: 60 → 20" in english
    assert "Sa 5 Dez 2026, 14:05" in german
