"""The settings page shows `game_clock_minutes` with a suggestion per battle size; a save
unchanged changes nothing, a change is logged and undone."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clocks.models import ClockSettings
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry
from tournament.services.audit.log import audit_undo

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("minutes", [90, None])
def test_saving_the_settings_unchanged_keeps_the_clock_minutes(
    org_client, event, organiser, minutes
):
    from tournament.services.events.events import event_update

    event_update(event=event, user=organiser, changes={"game_clock_minutes": minutes})
    url = reverse("manage-settings", args=[event.pk])
    html = org_client.get(url).content.decode()
    assert "Strike Force 90" in html
    logged = AuditEntry.objects.count()
    data = form_data(html, "Save settings")
    assert data["game_clock_minutes"] == ("" if minutes is None else str(minutes))
    assert org_client.post(url, data).status_code == 302
    assert AuditEntry.objects.count() == logged
    stored = ClockSettings.objects.filter(event=event).values_list("game_clock_minutes", flat=True)
    assert list(stored) == ([] if minutes is None else [minutes])


def test_setting_the_minutes_on_the_page_is_logged_and_undone(org_client, event, organiser):
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    data["game_clock_minutes"] = "60"
    assert org_client.post(url, data).status_code == 302
    assert ClockSettings.objects.get(event=event).game_clock_minutes == 60
    entry = AuditEntry.objects.latest("id")
    assert (entry.action, entry.before, entry.after) == (
        "event_update",
        {"game_clock_minutes": None},
        {"game_clock_minutes": 60},
    )
    audit_undo(entry_id=entry.pk, user=organiser)
    assert ClockSettings.objects.get(event=event).game_clock_minutes is None
