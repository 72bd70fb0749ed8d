"""The same export and import from the command line and the API."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from exchange.services.export import checksum
from tests.cross.roles.conftest import snapshot
from tests.exchange.helpers import export, imported, observable
from tournament.management.commands.load_demo import DEMO_11_NAME
from tournament.models import Event, EventStaff

pytestmark = pytest.mark.django_db


def test_commands_export_and_import(demo, organiser, tmp_path, capsys):
    out = tmp_path / "demo.json"
    call_command("export_event", "--event", str(demo.pk), "--out", str(out))
    document = json.loads(out.read_text())
    assert document["sha256"] == checksum(document)
    call_command("import_event", str(out), "--user", organiser.username)
    printed = capsys.readouterr().out
    copy = Event.objects.exclude(pk=demo.pk).exclude(name=DEMO_11_NAME).get()
    assert f"as event {copy.pk}." in printed
    assert "New private keys" in printed  # same instance: the keys were taken
    assert observable(copy) == imported(observable(demo), linked={organiser.username})
    assert EventStaff.objects.get(event=copy, user=organiser).role == "organiser"


def test_import_command_refuses_a_bad_file_with_one_line(demo, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(export(demo))[:-400])
    before = snapshot()
    with pytest.raises(CommandError) as caught:
        call_command("import_event", str(bad))
    assert "\n" not in str(caught.value)
    assert "not a complete JSON document" in str(caught.value)
    assert snapshot() == before
    with pytest.raises(CommandError, match="no account called nobody"):
        call_command("import_event", str(bad), "--user", "nobody")
    with pytest.raises(CommandError, match="event: no event with id 999"):
        call_command("export_event", "--event", "999", "--out", str(bad))


def test_api_export_is_an_attachment_and_import_answers_201(demo, organiser):
    EventStaff.objects.create(event=demo, user=organiser, role="organiser")
    client = APIClient()
    client.force_authenticate(organiser)
    response = client.get(f"/api/events/{demo.pk}/export/")
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        'attachment; filename="strategium-demo-gt.strategium.json"'
    )
    document = response.json()
    answer = client.post("/api/events/import/", document, format="json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    copy = Event.objects.get(pk=body["id"])
    assert body["name"] == demo.name
    assert sorted(body["new_keys"]) == sorted(p["name"] for p in document["players"])
    assert observable(copy) == imported(observable(demo), linked={organiser.username})
    assert EventStaff.objects.get(event=copy, user=organiser).role == "organiser"


def test_api_import_of_a_tampered_file_is_a_400_naming_the_file(demo, organiser):
    client = APIClient()
    client.force_authenticate(organiser)
    document = export(demo)
    document["players"][0]["name"] = "Someone Else"
    before = snapshot()
    answer = client.post("/api/events/import/", document, format="json")
    assert answer.status_code == 400
    assert answer.json()["error_codes"] == {"file": ["checksum_mismatch"]}
    assert snapshot() == before


def test_staff_without_an_account_here_are_skipped_and_listed(demo, organiser):
    document = export(demo)
    document["staff"][0]["username"] = "gone-away"
    document["sha256"] = checksum(document)
    client = APIClient()
    client.force_authenticate(organiser)
    answer = client.post("/api/events/import/", document, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["skipped_staff"] == ["gone-away"]
    assert "gone-away" in answer.json()["missing_accounts"]
