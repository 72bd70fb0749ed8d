"""A standalone tracker started on an older pack's mission code (issue 21 item 3): a Maelstrom of
War code opens the Maelstrom tracker on that mission; Eternal War and Only War codes are refused
with 400 `no_tracker` saying why (they have nothing the tracker follows), never a 500."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.roles.conftest import snapshot
from tracker.models import TrackedGame

pytestmark = pytest.mark.django_db

MAELSTROM = [
    ("EGT-6-6", "eighth", "cleanse_and_capture"),
    ("SVN-5-5", "seventh", "tactical_escalation"),
    ("SVN-9-9", "seventh", "cloak_and_shadows"),
]
# Eternal War (8th: Secure and Control; 7th: The Emperor's Will) and Only War.
NOTHING_TO_TRACK = ["EGT-1-1", "SVN-1-1", "OWR-5-5"]


@pytest.mark.parametrize(("code", "pack", "mission"), MAELSTROM)
def test_a_maelstrom_code_opens_its_own_tracker(code, pack, mission):
    response = APIClient().post("/api/tracker/", {"mission": code}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["engine"], body["mission_code"], body["mission"]) == ("maelstrom", code, mission)
    assert TrackedGame.objects.get().pack_key == pack


@pytest.mark.parametrize("code", NOTHING_TO_TRACK)
def test_a_code_without_a_tracker_is_400_saying_why(code):
    before = snapshot()
    response = APIClient().post("/api/tracker/", {"mission": code}, format="json")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"mission": ["no_tracker"]}
    assert "Tactical Objectives" in response.json()["mission"][0]
    assert snapshot() == before
    assert not TrackedGame.objects.exists()


def test_the_new_game_page_starts_a_maelstrom_code_and_explains_a_refusal(client):
    started = client.post("/tracker/new/", {"mission": "SVN-9-9"})
    assert started.status_code == 302
    assert started["Location"] == f"/tracker/{TrackedGame.objects.get().token}/"
    refused = client.post("/tracker/new/", {"mission": "OWR-5-5"})
    assert refused.status_code == 400
    assert "Tactical Objectives" in refused.content.decode()
    assert TrackedGame.objects.count() == 1
