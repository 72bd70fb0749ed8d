"""The new-event form offers what a new organiser sets up first: sign-up (open, places,
approval) and the army list deadline, in the event's own time zone."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from tests.tournament.web.browser_form import form_data
from tournament.models import Event
from tournament.services.events.extra_fields import extra_read

pytestmark = pytest.mark.django_db


def test_the_new_event_form_opens_sign_up_with_places_and_a_list_deadline(org_client):
    url = reverse("manage-event-new")
    page = org_client.get(url).content.decode()
    for field in ("registration_open", "places", "registration_approval", "list_deadline"):
        assert f'name="{field}"' in page, field
    data = form_data(page, "Create event")
    data.update(
        name="Door GT",
        time_zone="America/New_York",
        registration_open="on",
        places="24",
        list_deadline="2026-12-01T18:00",
    )
    response = org_client.post(url, data)
    assert response.status_code == 302
    event = Event.objects.get(name="Door GT")
    assert (event.registration_open, event.places) == (True, 24)
    deadline = extra_read("event", event)["list_deadline"]
    wanted = datetime.datetime(2026, 12, 1, 18, 0, tzinfo=ZoneInfo("America/New_York"))
    assert deadline == wanted  # 18:00 where the event is, not where the server is
    # The settings page shows it back as typed, and saving it unchanged changes nothing.
    settings_url = reverse("manage-settings", args=[event.pk])
    again = form_data(org_client.get(settings_url).content.decode(), "Save settings")
    assert again["list_deadline"] == "2026-12-01T18:00"
    assert again["places"] == "24"


def test_a_new_event_without_them_keeps_sign_up_closed(org_client):
    url = reverse("manage-event-new")
    data = form_data(org_client.get(url).content.decode(), "Create event")
    data.update(name="Closed GT")
    assert org_client.post(url, data).status_code == 302
    event = Event.objects.get(name="Closed GT")
    assert (event.registration_open, event.places) == (False, None)
    assert extra_read("event", event)["list_deadline"] is None
