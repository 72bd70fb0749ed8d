"""Saving the settings page in a real browser changes nothing the organiser did not change:
its date inputs hold the event's dates, so Save sends them back instead of erasing them."""

from __future__ import annotations

import datetime

import pytest

from tests.cross.browser.conftest import DESKTOP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _fields(event_id: int) -> dict:
    from tournament.models import Event

    event = Event.objects.get(pk=event_id)
    return {f.attname: getattr(event, f.attname) for f in Event._meta.concrete_fields}


def test_save_settings_unchanged_keeps_the_event(live_server, new_page):
    from django.contrib.auth import get_user_model

    from tournament.models import AuditEntry
    from tournament.services.events.events import event_create

    user = get_user_model().objects.create_user("marshal", password="pw-marshal", is_staff=True)
    event = event_create(
        user=user,
        name="Dated GT",
        rounds=4,
        seed=3,
        start_date=datetime.date(2026, 11, 23),
        end_date=datetime.date(2026, 11, 24),
        venue="The Warp Cafe",
        tiebreaks=["sos", "vp_diff", "owr"],
        bye_vp=55,
        check_in_required=True,
        avoid_same_club=False,
    )
    before, logged = _fields(event.pk), AuditEntry.objects.count()

    page = new_page(DESKTOP)
    base = live_server.url
    page.goto(f"{base}/accounts/login/?next=/manage/events/{event.pk}/settings/")
    page.get_by_label("Username").fill("marshal")
    page.get_by_label("Password").fill("pw-marshal")
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("button", name="Save settings").wait_for()
    assert page.get_by_label("Start date").input_value() == "2026-11-23"
    page.get_by_role("button", name="Save settings").click()
    page.get_by_text("Settings saved.").wait_for()

    after = _fields(event.pk)
    for field, value in before.items():
        assert after[field] == value, field
    assert AuditEntry.objects.count() == logged
