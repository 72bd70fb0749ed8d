"""CSV imports that answered 500 or read bytes as something else: a line far longer than any
field (2 MB) and bytes that are not UTF-8 are refused naming their line, on the API and the
pages, and nothing is written."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from teams.models.teams import Team
from tournament.models import Player
from tournament.services.events.events import event_create

pytestmark = pytest.mark.django_db

HUGE = "x" * 2_000_000


@pytest.fixture
def team_event(organiser):
    return event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)


def test_a_team_csv_with_a_2_mb_line_is_refused_naming_it(api, team_event):
    url = f"/api/events/{team_event.pk}/teams/import/"
    text = f"team,name,faction\nLions,Ann,Orks\nLions,{HUGE},Necrons\n"
    response = api.post(url, {"csv": text}, format="json")
    assert response.status_code == 400, response.content[:300]
    assert response.json()["file"][0].startswith("Line 3: "), response.json()
    assert not Team.objects.filter(event=team_event).exists()


def test_the_team_import_page_refuses_a_2_mb_line(org_client, team_event):
    url = reverse("manage-teams-import", args=[team_event.pk])
    text = f"Lions,Ann,Orks\nLions,{HUGE},Necrons\n"
    for extra in ({"preview": "1"}, {}):
        response = org_client.post(url, {"text": text, **extra})
        assert response.status_code in (200, 400)
        assert "Line 2" in response.content.decode()
    assert not Team.objects.filter(event=team_event).exists()


def test_a_team_csv_that_is_not_utf8_is_refused_naming_the_line(org_client, team_event):
    url = reverse("manage-teams-import", args=[team_event.pk])
    raw = "Lions,Ann,Orks\nLions,Zoë,Necrons\n".encode("cp1252")
    for extra in ({"preview": "1"}, {}):
        upload = SimpleUploadedFile("teams.csv", raw)
        html = org_client.post(url, {"file": upload, **extra}).content.decode()
        assert "Line 2: not UTF-8 text" in html, html
    assert not Team.objects.filter(event=team_event).exists()


def test_a_player_csv_that_is_not_utf8_is_refused_naming_the_line(org_client, event):
    url = reverse("manage-import", args=[event.pk])
    raw = "name,faction\nAnn,Orks\nBob,Necrons\nZoë,Orks\n".encode("cp1252")
    for extra in ({"preview": "1"}, {"confirm": "1"}):
        upload = SimpleUploadedFile("players.csv", raw)
        html = org_client.post(url, {"file": upload, **extra}).content.decode()
        assert "Line 4: not UTF-8 text" in html, html
    assert not Player.objects.filter(event=event).exists()
