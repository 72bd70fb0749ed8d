"""A standalone tracker started on an older pack's mission code (issue 21 item 3): a Maelstrom of
War code opens the Maelstrom tracker on that mission; Eternal War and Only War codes open the
simple score tracker (issue 26 item 17), never a 500."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.cross.roles.conftest import snapshot
from tracker.models import TrackedGame

pytestmark = pytest.mark.django_db

MAELSTROM = [
    ("EGT-6-6", "eighth", "cleanse_and_capture"),
    ("SVN-5-5", "seventh", "tactical_escalation"),
    ("SVN-9-9", "seventh", "cloak_and_shadows"),
]
# Eternal War (8th: Secure and Control; 7th: The Emperor's Will) and Only War.
SCORE_TRACKER = [
    ("EGT-1-1", "eighth", "secure_and_control"),
    ("SVN-1-1", "seventh", "the_emperors_will"),
    ("OWR-1-1", "only_war", "slay_and_secure"),
]


@pytest.mark.parametrize(("code", "pack", "mission"), MAELSTROM)
def test_a_maelstrom_code_opens_its_own_tracker(code, pack, mission):
    response = APIClient().post("/api/tracker/", {"mission": code}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["engine"], body["mission_code"], body["mission"]) == ("maelstrom", code, mission)
    assert TrackedGame.objects.get().pack_key == pack


@pytest.mark.parametrize(("code", "pack", "mission"), SCORE_TRACKER)
def test_an_eternal_war_or_only_war_code_opens_the_score_tracker(code, pack, mission):
    response = APIClient().post("/api/tracker/", {"mission": code}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["engine"], body["mission_code"], body["mission"]) == ("eternal", code, mission)
    assert TrackedGame.objects.get().pack_key == pack


def test_an_unknown_code_is_400_and_changes_nothing():
    before = snapshot()
    response = APIClient().post("/api/tracker/", {"mission": "EGT-!!"}, format="json")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"code": ["bad_code"]}
    assert snapshot() == before
    assert not TrackedGame.objects.exists()


def test_the_new_game_page_starts_a_maelstrom_code_and_an_only_war_code(client):
    started = client.post("/tracker/new/", {"mission": "SVN-9-9"})
    assert started.status_code == 302
    assert started["Location"] == f"/tracker/{TrackedGame.objects.get().token}/"
    only_war = client.post("/tracker/new/", {"mission": "OWR-5-5"})
    assert only_war.status_code == 302
    assert TrackedGame.objects.count() == 2
    assert "Power Level" in client.get(only_war["Location"]).content.decode()
