"""The event's language (issue 36): chosen on the new-event and settings pages and through the
API among the site's complete languages, logged in words and undoable, and spoken by the big
screen whatever the browser showing it asks for."""

from __future__ import annotations

import html

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry, Event
from tournament.services.audit.log import audit_undo
from tournament.services.audit.words import audit_describe

pytestmark = pytest.mark.django_db

TWO_LANGUAGES = override_settings(LANGUAGES=[("en-gb", "English"), ("de", "Deutsch")])


def _page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def fields_of(event: Event) -> dict:
    event = Event.objects.get(pk=event.pk)
    return {f.attname: getattr(event, f.attname) for f in Event._meta.concrete_fields}


@TWO_LANGUAGES
def test_the_new_event_form_chooses_the_language(org_client):
    page = _page(org_client, reverse("manage-event-new"))
    data = form_data(page, "Create event")
    assert data["language"] == "en-gb"
    data.update(name="Berliner GT", language="de")
    assert org_client.post(reverse("manage-event-new"), data).status_code == 302
    assert Event.objects.get(name="Berliner GT").language == "de"


@TWO_LANGUAGES
def test_the_settings_form_round_trips_logs_and_undoes_the_language(org_client, event, organiser):
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(_page(org_client, url), "Save settings")
    assert data["language"] == "en-gb"
    data["language"] = "de"
    assert org_client.post(url, data).status_code == 302
    assert Event.objects.get(pk=event.pk).language == "de"
    entry = AuditEntry.objects.filter(action="event_update").latest("id")
    words = audit_describe([entry])[entry.pk]
    assert "Language of printouts and the big screen: English → Deutsch" in words
    # Saved again unchanged: nothing changes, nothing is logged.
    before, logged = fields_of(event), AuditEntry.objects.count()
    data = form_data(_page(org_client, url), "Save settings")
    assert data["language"] == "de"
    assert org_client.post(url, data).status_code == 302
    assert (fields_of(event), AuditEntry.objects.count()) == (before, logged)
    audit_undo(entry_id=entry.pk, user=organiser)
    assert Event.objects.get(pk=event.pk).language == "en-gb"


@TWO_LANGUAGES
def test_the_form_refuses_a_language_the_site_does_not_offer(org_client, event):
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(_page(org_client, url), "Save settings")
    data["language"] = "pl"
    response = org_client.post(url, data)
    assert response.status_code == 200
    assert Event.objects.get(pk=event.pk).language == "en-gb"


@TWO_LANGUAGES
def test_the_api_reads_and_sets_the_language(api, event):
    url = reverse("api-event", args=[event.pk])
    assert api.get(url).json()["language"] == "en-gb"
    response = api.patch(url, {"language": "de"}, format="json")
    assert response.status_code == 200
    assert response.json()["language"] == "de"
    assert api.get(url).json()["language"] == "de"
    created = api.post("/api/events/", {"name": "Kraków Open", "rounds": 3}, format="json")
    assert created.json()["language"] == "en-gb"


@TWO_LANGUAGES
@pytest.mark.parametrize("code", ["pl", "", "DE", 7])
def test_the_api_refuses_a_language_not_offered_naming_the_field(api, event, code):
    url = reverse("api-event", args=[event.pk])
    response = api.patch(url, {"language": code}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert list(body["error_codes"]) == ["language"]
    assert Event.objects.get(pk=event.pk).language == "en-gb"


@TWO_LANGUAGES
def test_the_big_screen_speaks_the_event_language_not_the_browser(client, event, organiser):
    url = reverse("event-screen", args=[event.pk])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert '<html lang="en-gb">' in english.content.decode()
    assert english["Content-Language"] == "en-gb"
    event.language = "de"
    event.save(update_fields=["language"])
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="en-gb,en;q=0.9")
    assert '<html lang="de">' in german.content.decode()
    assert german["Content-Language"] == "de"
    live = client.get(reverse("event-screen-live", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert live["Content-Language"] == "de"
    assert live["ETag"].rstrip('"').endswith("-de")
    # The other public pages still follow the reader.
    page = client.get(reverse("event-pairings", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="en-gb")
    assert '<html lang="en-gb">' in page.content.decode()
