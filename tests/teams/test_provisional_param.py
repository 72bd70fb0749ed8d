"""Provisional team reads: a value other than 0 or 1 is a 400 naming `provisional` (as the
schema's enum says), and 1 is refused to the public with 403, which the schema documents."""

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def team_event(organiser):
    client = APIClient()
    client.force_authenticate(organiser)
    response = client.post(
        "/api/events/",
        {"name": "Team GT", "rounds": 3, "kind": "team", "team_size": 3},
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()["id"]


def test_provisional_must_be_0_or_1_and_1_is_staff_only(team_event):
    anon = APIClient()
    url = f"/api/events/{team_event}/team-standings/"
    bad = anon.get(url, {"provisional": "-1"})
    assert bad.status_code == 400
    assert bad.json()["error_codes"] == {"provisional": ["invalid"]}
    assert anon.get(url, {"provisional": "1"}).status_code == 403
    assert anon.get(url, {"provisional": "0"}).status_code == 200


def test_the_schema_documents_the_refusal():
    client = APIClient()
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    answers = schema["paths"]["/api/events/{event_id}/team-standings/"]["get"]["responses"]
    assert "403" in answers
