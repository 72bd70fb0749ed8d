"""Judges run the floor on the day: they post and remove announcements and run the round
clock, as organisers do. The server, the pages, docs/api.md, the README's Staff row and the
role matrix (tests/cross/roles/test_api_matrix.py) all say the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.cross.roles.test_api_matrix import ENDPOINTS, ORG, STAFF

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
# The matrix's endpoint, and the row of docs/api.md that documents it.
DOCUMENTED = {
    "announcement post": "POST /api/events/{event_id}/announcements/",
    "announcement delete": "DELETE /api/events/{event_id}/announcements/{announcement_id}/",
    "round clock": "POST /api/events/{event_id}/rounds/{number}/clock/",
}


def _docs_row(call: str) -> str:
    rows = [
        line
        for line in (ROOT / "docs" / "api.md").read_text().splitlines()
        if line.startswith(f"| `{call}`")
    ]
    assert len(rows) == 1, call
    return rows[0]


def _who(row: str) -> frozenset:
    if "(organisers and judges)" in row:
        return STAFF
    if "(organisers)" in row or "(organisers only)" in row:
        return ORG
    raise AssertionError(f"the row does not say who may: {row}")


@pytest.mark.parametrize("name", sorted(DOCUMENTED))
def test_docs_say_who_may_as_the_role_matrix_does(name):
    (endpoint,) = [e for e in ENDPOINTS if e.name == name]
    assert _who(_docs_row(DOCUMENTED[name])) == endpoint.allowed == STAFF


def test_the_readme_staff_row_says_judges_speak_to_the_hall():
    (row,) = [
        line for line in (ROOT / "README.md").read_text().splitlines() if line.startswith("| Staff")
    ]
    judges = row[row.index("Judges") :]
    assert "announcements" in judges.split("but")[0]
    assert "clock" in judges.split("but")[0]


def test_a_judge_posts_and_removes_an_announcement_by_the_api(scn):
    api = APIClient()
    api.force_authenticate(scn.judge)
    url = f"/api/events/{scn.event.pk}/announcements/"
    posted = api.post(url, {"text": "Round 2 starts at 14:00"}, format="json")
    assert posted.status_code == 201
    assert posted.json()["created_by"] == "judy"
    assert [a["text"] for a in APIClient().get(url).json()] == ["Round 2 starts at 14:00"]
    removed = api.delete(f"{url}{posted.json()['id']}/")
    assert removed.status_code == 204
    assert APIClient().get(url).json() == []
    actions = list(scn.event.audit.filter(actor_user=scn.judge).values_list("action", flat=True))
    assert len(actions) == 2


def test_the_dashboard_offers_a_judge_the_announcements_but_not_the_organisers_forms(scn):
    from tournament.services.live.announcements import announcement_post

    announcement_post(event=scn.event, user=scn.organiser, text="Lunch at 13:00")
    client = Client()
    client.force_login(scn.judge)
    html = client.get(reverse("manage-event", args=[scn.event.pk])).content.decode()
    assert reverse("manage-announce", args=[scn.event.pk]) in html
    announcement = scn.event.announcements.get()
    remove = reverse("manage-announcement-delete", args=[scn.event.pk, announcement.pk])
    assert remove in html
    # Adding or importing players stays an organiser's (the server refuses it too).
    assert reverse("manage-player-add", args=[scn.event.pk]) not in html
    assert reverse("manage-import", args=[scn.event.pk]) not in html
    response = client.post(reverse("manage-announce", args=[scn.event.pk]), {"text": "Go"})
    assert response.status_code == 302
    assert scn.event.announcements.count() == 2
