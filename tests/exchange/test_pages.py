"""The Settings page's export button and the import page, used as a browser uses them."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from exchange.services.export import checksum
from tests.cross.roles.conftest import snapshot
from tests.exchange.helpers import export, imported, observable
from tests.tournament.web.browser_form import form_data
from tournament.management.commands.load_demo import DEMO_11_NAME
from tournament.models import Event, EventStaff

pytestmark = pytest.mark.django_db


def _upload(raw: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("event.strategium.json", raw, "application/json")


def test_the_settings_page_offers_the_export_download(demo, organiser, org_client):
    EventStaff.objects.create(event=demo, user=organiser, role="organiser")
    page = org_client.get(reverse("manage-settings", args=[demo.pk])).content.decode()
    url = reverse("manage-export", args=[demo.pk])
    assert f'href="{url}"' in page
    assert "Export this event (JSON)" in page
    response = org_client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment; filename=")
    document = json.loads(response.content)
    assert document["sha256"] == checksum(document)
    assert document["event"]["name"] == demo.name


def test_home_and_new_event_pages_link_to_the_import(org_client):
    url = reverse("manage-event-import")
    assert f'href="{url}"' in org_client.get(reverse("home")).content.decode()
    assert f'href="{url}"' in org_client.get(reverse("manage-event-new")).content.decode()


def test_import_page_as_a_browser_sends_it(demo, organiser, org_client):
    url = reverse("manage-event-import")
    data = form_data(org_client.get(url).content.decode(), "Import event")
    assert data == {"csrfmiddlewaretoken": data["csrfmiddlewaretoken"]}  # the file input only
    raw = json.dumps(export(demo)).encode()
    response = org_client.post(url, {**data, "file": _upload(raw)}, follow=True)
    copy = Event.objects.exclude(pk=demo.pk).exclude(name=DEMO_11_NAME).get()
    assert response.redirect_chain[-1][0] == reverse("manage-event", args=[copy.pk])
    page = response.content.decode()
    assert f"as event {copy.pk}." in page
    assert "New private keys" in page
    assert observable(copy) == imported(observable(demo), linked={organiser.username})
    assert EventStaff.objects.get(event=copy, user=organiser).role == "organiser"


def test_import_page_sent_unchanged_or_with_a_bad_file_changes_nothing(demo, org_client):
    url = reverse("manage-event-import")
    data = form_data(org_client.get(url).content.decode(), "Import event")
    before = snapshot()
    response = org_client.post(url, data)  # no file chosen
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    document = export(demo)
    document["rounds"][0]["games"][2]["player_a"] = "p-404"
    document["sha256"] = checksum(document)
    response = org_client.post(url, {**data, "file": _upload(json.dumps(document).encode())})
    assert response.status_code == 200
    assert "rounds[0].games[2].player_a: no player &#x27;p-404&#x27; in this file." in (
        response.content.decode()
    )
    response = org_client.post(
        url, {**data, "file": _upload(b'{"format": "strategium-event", "ver')}
    )
    assert "not a complete JSON document" in response.content.decode()
    assert snapshot() == before
