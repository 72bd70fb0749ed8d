"""An imported event lands hidden with sign-up closed, and says when its name is in use.

It used to land public, taking sign-ups, under the same name as the event it was copied from."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.exchange.helpers import export
from tournament.models import Event

pytestmark = pytest.mark.django_db


def _open_public(event: Event) -> dict:
    Event.objects.filter(pk=event.pk).update(hidden=False, registration_open=True)
    return export(event)


def test_api_import_is_hidden_closed_and_warns_about_the_name(demo, api):
    document = _open_public(demo)
    response = api.post("/api/events/import/", document, format="json")
    assert response.status_code == 201, response.json()
    answer = response.json()
    copy = Event.objects.get(pk=answer["id"])
    assert (copy.hidden, copy.registration_open) == (True, False)
    assert (answer["hidden"], answer["registration_open"]) == (True, False)
    [warning] = answer["warnings"]
    assert (warning["field"], warning["code"]) == ("name", "name_in_use")
    assert demo.name in warning["message"]


def test_a_new_name_gives_no_warning(demo, api):
    document = _open_public(demo)
    Event.objects.filter(pk=demo.pk).update(name="Last year's event")
    answer = api.post("/api/events/import/", document, format="json").json()
    assert answer["warnings"] == []
    assert answer["hidden"] is True


def test_import_page_says_hidden_closed_and_the_name_in_use(demo, client, organiser):
    raw = json.dumps(_open_public(demo)).encode()
    client.force_login(organiser)
    upload = SimpleUploadedFile("event.strategium.json", raw, "application/json")
    page = client.post(reverse("manage-event-import"), {"file": upload}, follow=True)
    text = page.content.decode()
    assert "hidden, with sign-up closed" in text
    assert "already called" in text
