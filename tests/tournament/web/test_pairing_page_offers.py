"""The pairing page offers what comes next: not "Pair round 2" while round 1 is unplayed."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def _page(organiser, event) -> str:
    client = Client()
    client.force_login(organiser)
    response = client.get(f"/manage/events/{event.pk}/rounds/")
    assert response.status_code == 200
    return response.content.decode()


def test_pair_round_two_waits_for_round_one_to_be_played(organiser, event, players):
    assert "Pair round 1" in _page(organiser, event)
    api = APIClient()
    api.force_authenticate(organiser)
    paired = api.post(f"/api/events/{event.pk}/rounds/", {}, format="json")
    assert paired.status_code == 201, paired.json()
    page = _page(organiser, event)
    assert "Round 1" in page
    assert "Pair round 2" not in page
    game = paired.json()["games"][0]
    entry = {"vp_a": 60, "vp_b": 40}
    assert api.post(f"/api/games/{game['id']}/result/", entry, format="json").status_code == 201
    assert "Pair round 2" in _page(organiser, event)
