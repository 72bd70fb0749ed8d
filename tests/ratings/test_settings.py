"""The organiser's ratings settings on the settings page and in the event document: a save
unchanged changes nothing, a change is logged and undone."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ratings.models import RatingSettings
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry
from tournament.services.audit.log import audit_undo
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("excluded", [True, False])
def test_saving_the_settings_unchanged_keeps_the_ratings_settings(
    org_client, event, organiser, excluded
):
    event_update(event=event, user=organiser, changes={"ratings_excluded": excluded})
    url = reverse("manage-settings", args=[event.pk])
    html = org_client.get(url).content.decode()
    assert "Exclude this event from ratings" in html
    logged = AuditEntry.objects.count()
    data = form_data(html, "Save settings")
    assert ("ratings_excluded" in data) is excluded
    assert org_client.post(url, data).status_code == 302
    assert AuditEntry.objects.count() == logged
    stored = RatingSettings.objects.filter(event=event).values_list("ratings_excluded", flat=True)
    assert list(stored) == ([True] if excluded else [])


def test_excluding_on_the_page_is_logged_and_undone(org_client, event, organiser):
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    data["ratings_excluded"] = "on"
    assert org_client.post(url, data).status_code == 302
    assert RatingSettings.objects.get(event=event).ratings_excluded
    entry = AuditEntry.objects.latest("id")
    assert (entry.action, entry.before, entry.after) == (
        "event_update",
        {"ratings_excluded": False},
        {"ratings_excluded": True},
    )
    audit_undo(entry_id=entry.pk, user=organiser)
    assert not RatingSettings.objects.get(event=event).ratings_excluded


def test_the_settings_travel_in_the_event_document(event, organiser, api):
    event_update(event=event, user=organiser, changes={"ratings_win_chances": True})
    document = api.get(f"/api/events/{event.pk}/export/").json()
    text = str(document)
    assert "'ratings_win_chances': True" in text
    assert "'ratings_excluded': False" in text
