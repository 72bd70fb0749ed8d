"""The organiser's feed settings: on the settings page (a save unchanged changes nothing, the
secret never shown), in the event API (the secret write-only, the address for organisers
only), logged without the secret, undone, and kept out of the event document."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from feed.models import FeedSettings
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry
from tournament.services.audit.log import audit_undo
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db

SECRET = "first-secret-of-the-organiser"
URL = "https://results.example.org/hook"


def _configure(event, organiser, secret=SECRET):
    event_update(
        event=event,
        user=organiser,
        changes={
            "feed_licence": "odbl-1.0",
            "feed_webhook_url": URL,
            "feed_webhook_secret": secret,
        },
    )


def test_the_settings_page_round_trips_and_never_shows_the_secret(org_client, event, organiser):
    _configure(event, organiser)
    url = reverse("manage-settings", args=[event.pk])
    html = org_client.get(url).content.decode()
    assert "Open results feed licence" in html
    assert URL in html
    assert SECRET not in html
    logged = AuditEntry.objects.count()
    data = form_data(html, "Save settings")
    assert data["feed_licence"] == "odbl-1.0"
    assert data["feed_webhook_secret"] == ""
    assert org_client.post(url, data).status_code == 302
    assert AuditEntry.objects.count() == logged
    row = FeedSettings.objects.get(event=event)
    assert (row.licence, row.webhook_url, row.webhook_secret) == ("odbl-1.0", URL, SECRET)


def test_a_change_is_logged_without_the_secret_and_undone(org_client, event, organiser):
    _configure(event, organiser)
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    data["feed_licence"] = "cc-by-4.0"
    data["feed_webhook_secret"] = "second-secret-of-the-organiser"
    assert org_client.post(url, data).status_code == 302
    entry = AuditEntry.objects.latest("id")
    assert entry.action == "event_update"
    assert entry.before["feed_licence"] == "odbl-1.0"
    assert entry.after["feed_licence"] == "cc-by-4.0"
    logged = json.dumps([entry.before, entry.after])
    assert SECRET not in logged
    assert "second-secret" not in logged
    assert entry.before["feed_webhook_secret"].startswith("set:")
    assert entry.before["feed_webhook_secret"] != entry.after["feed_webhook_secret"]
    history = org_client.get(reverse("manage-audit", args=[event.pk])).content.decode()
    assert "second-secret" not in history
    audit_undo(entry_id=entry.pk, user=organiser)
    row = FeedSettings.objects.get(event=event)
    assert (row.licence, row.webhook_secret) == ("odbl-1.0", SECRET)


def test_the_api_takes_the_settings_and_never_reads_the_secret_back(api, anon, event, organiser):
    answer = api.patch(
        f"/api/events/{event.pk}/",
        {"feed_licence": "cc-by-4.0", "feed_webhook_url": URL, "feed_webhook_secret": SECRET},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["feed_licence"] == "cc-by-4.0"
    assert body["feed_webhook_url"] == URL
    assert "feed_webhook_secret" not in body
    assert SECRET not in answer.content.decode()
    public = anon.get(f"/api/events/{event.pk}/").json()
    assert public["feed_licence"] == "cc-by-4.0"
    assert "feed_webhook_url" not in public
    assert "feed_webhook_secret" not in public
    # Sent back as read, the event changes nothing.
    logged = AuditEntry.objects.count()
    assert api.patch(f"/api/events/{event.pk}/", body, format="json").status_code == 200
    assert AuditEntry.objects.count() == logged
    assert FeedSettings.objects.get(event=event).webhook_secret == SECRET


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("feed_licence", "mit", "invalid_choice"),
        ("feed_webhook_url", "javascript:alert(1)", "scheme"),
        ("feed_webhook_url", "https://user:pw@example.org/", "credentials"),
        ("feed_webhook_secret", "short", "length"),
    ],
)
def test_bad_settings_are_refused_naming_the_field(api, event, field, value, code):
    answer = api.patch(f"/api/events/{event.pk}/", {field: value}, format="json")
    assert answer.status_code == 400
    body = answer.json()
    assert field in body
    assert code in json.dumps(body)
    assert not FeedSettings.objects.filter(event=event).exists()


def test_the_event_document_carries_the_licence_not_the_secret(api, event, organiser):
    _configure(event, organiser)
    text = api.get(f"/api/events/{event.pk}/export/").content.decode()
    assert '"feed_licence": "odbl-1.0"' in text or '"feed_licence":"odbl-1.0"' in text
    assert SECRET not in text


def test_an_imported_event_keeps_its_licence_and_address_but_no_secret(api, event, organiser):
    _configure(event, organiser)
    document = api.get(f"/api/events/{event.pk}/export/").json()
    answer = api.post("/api/events/import/", document, format="json")
    assert answer.status_code == 201, answer.content
    row = FeedSettings.objects.get(event_id=answer.json()["id"])
    assert (row.licence, row.webhook_url, row.webhook_secret) == ("odbl-1.0", URL, "")


def test_the_settings_page_removes_the_secret_when_asked(org_client, event, organiser):
    _configure(event, organiser)
    url = reverse("manage-settings", args=[event.pk])
    html = org_client.get(url).content.decode()
    assert "Remove the secret" in html
    data = form_data(html, "Save settings")
    assert data.get("feed_webhook_secret_remove") in (None, "")
    # Saved unchanged (the box not ticked, no new secret): nothing changes, nothing logged.
    logged = AuditEntry.objects.count()
    assert org_client.post(url, data).status_code == 302
    assert AuditEntry.objects.count() == logged
    assert FeedSettings.objects.get(event=event).webhook_secret == SECRET
    data["feed_webhook_secret_remove"] = "on"
    assert org_client.post(url, data).status_code == 302
    row = FeedSettings.objects.get(event=event)
    assert (row.licence, row.webhook_url, row.webhook_secret) == ("odbl-1.0", URL, "")
    entry = AuditEntry.objects.latest("id")
    assert entry.before == {"feed_webhook_secret": entry.before["feed_webhook_secret"]}
    assert entry.before["feed_webhook_secret"].startswith("set:")
    assert entry.after == {"feed_webhook_secret": ""}
    # Undone, the secret is back.
    audit_undo(entry_id=entry.pk, user=organiser)
    assert FeedSettings.objects.get(event=event).webhook_secret == SECRET


def test_a_new_secret_and_its_removal_at_once_are_refused(org_client, event, organiser):
    _configure(event, organiser)
    url = reverse("manage-settings", args=[event.pk])
    data = form_data(org_client.get(url).content.decode(), "Save settings")
    data["feed_webhook_secret"] = "second-secret-of-the-organiser"
    data["feed_webhook_secret_remove"] = "on"
    answer = org_client.post(url, data)
    assert answer.status_code == 200
    assert "not both" in answer.content.decode()
    assert FeedSettings.objects.get(event=event).webhook_secret == SECRET
