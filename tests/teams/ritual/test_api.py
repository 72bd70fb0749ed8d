"""The ritual over the API: two captains with their keys play it to the end; refusals carry
machine codes naming the field; a stale version is refused with 409."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournament.models import Game

pytestmark = pytest.mark.django_db


def _captain(player) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    return client


def test_two_captains_play_the_ritual_to_the_end_over_the_api(match):
    url = f"/api/team-matches/{match.pk}/ritual/"
    clients = {"a": _captain(match.team_a.captain), "b": _captain(match.team_b.captain)}
    for _ in range(40):
        progressed = False
        for side, client in clients.items():
            seen = client.get(url).json()
            if seen["done"] or side not in seen["options"]:
                continue
            opts = [p["id"] for p in seen["options"][side]]
            body = {"step": seen["step"], "version": seen["version"]}
            if seen["step"] == "attackers":
                body["players"] = opts[-2:]
            else:
                body["player"] = opts[-1]
            response = client.post(url, body, format="json")
            assert response.status_code == 200, response.content
            progressed = True
        if not progressed:
            break
    final = clients["a"].get(url).json()
    assert final["done"]
    assert len(final["games"]) == 5
    assert sorted(g["table"] for g in final["games"]) == list(
        range(match.first_table, match.first_table + 5)
    )
    assert Game.objects.filter(round=match.team_round.round).count() >= 5
    assert final["record"][0].startswith("Round 1: ")
    response = clients["b"].post(url, {"step": "defender", "player": 1}, format="json")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"step": ["ritual_done"]}


def test_refusals_and_stale_versions(match):
    url = f"/api/team-matches/{match.pk}/ritual/"
    cap_a, cap_b = _captain(match.team_a.captain), _captain(match.team_b.captain)
    theirs = match.team_b.members.first().player_id
    response = cap_a.post(url, {"step": "defender", "player": theirs}, format="json")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"player": ["player_not_available"]}
    response = cap_a.post(url, {"step": "nonsense", "player": theirs}, format="json")
    assert response.status_code == 400
    assert "step" in response.json()["error_codes"]
    mine = match.team_a.members.first().player_id
    response = cap_a.post(url, {"step": "defender", "player": mine, "version": 0}, format="json")
    assert response.status_code == 200
    # B's view holds nothing of A's choice but that it was made.
    seen = cap_b.get(url).json()
    assert seen["committed"] == {"a": True, "b": False}
    assert seen["my_choice"] is None
    assert seen["current"] == {}
    # B loaded the step before A chose: A's hidden choice left B's options as they were.
    response = cap_b.post(url, {"step": "defender", "player": theirs, "version": 0}, format="json")
    assert response.status_code == 200, response.content
    # The step is revealed now: a choice built from the old step is stale.
    other = match.team_b.members.exclude(player_id=theirs).first().player_id
    response = cap_b.post(
        url, {"step": "attackers", "players": [other, other], "version": 0}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"version": ["stale"]}


@pytest.mark.parametrize("first", ["a", "b"])
def test_simultaneous_commits_go_through_in_either_order_over_the_api(match, first):
    url = f"/api/team-matches/{match.pk}/ritual/"
    clients = {"a": _captain(match.team_a.captain), "b": _captain(match.team_b.captain)}
    teams = {"a": match.team_a, "b": match.team_b}
    seen = {side: client.get(url).json() for side, client in clients.items()}
    for side in (first, "b" if first == "a" else "a"):
        pid = teams[side].members.first().player_id
        body = {"step": "defender", "player": pid, "version": seen[side]["version"]}
        response = clients[side].post(url, body, format="json")
        assert response.status_code == 200, response.content
    assert clients["a"].get(url).json()["step"] == "attackers"


def test_unknown_match_is_404(api):
    response = api.get("/api/team-matches/999999/ritual/")
    assert response.status_code == 404


def test_variant_setting_over_the_api(api, match):
    url = f"/api/events/{match.team_round.event_id}/ritual-setting/"
    assert api.get(url).json() == {"variant": "etc"}
    response = api.put(url, {"variant": "champions"}, format="json")
    assert response.status_code == 200
    assert api.get(url).json() == {"variant": "champions"}
    response = api.put(url, {"variant": "bogus"}, format="json")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"variant": ["invalid_choice"]}
