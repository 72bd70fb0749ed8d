"""An 11th-edition event through the API only: created with its pack, players with their
dispositions, a round paired, results with their record entered by players and confirmed,
then the statistics by disposition read back."""

from __future__ import annotations

import pytest

from tests.tournament.api.test_mission_packs_events import key_client
from tests.tournament.eleventh.results.conftest import rounds

pytestmark = pytest.mark.django_db

DISPOSITIONS = ("take-and-hold", "disruption", "purge-the-foe", "reconnaissance")


def test_an_eleventh_event_from_creation_to_statistics(api, anon):
    event = api.post(
        "/api/events/", {"name": "Eleventh API", "rounds": 3, "mission_pack": "eleventh"}
    ).json()
    assert event["mission_pack"] == "eleventh"
    players = []
    for i in range(8):
        body = {"name": f"P{i}", "faction": "Orks", "disposition": DISPOSITIONS[i % 4]}
        response = api.post(f"/api/events/{event['id']}/players/", body, format="json")
        assert response.status_code == 201, response.json()
        players.append(response.json())
    keys = {
        p["id"]: api.get(f"/api/events/{event['id']}/players/{p['id']}/").json()["private_key"]
        for p in players
    }
    paired = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 3}, format="json").json()
    record = {
        "rounds_a": rounds((5, 5), (5, 5), (5, 5), (5, 5), (5, 5)),
        "rounds_b": rounds((1, 2), (3, 4), (5, 6), (7, 8), (9, 0)),
        "attacker": "a",
        "first_turn": "b",
        "secondaries_a": "fixed",
        "secondaries_b": "tactical",
    }
    for game in paired["games"]:
        entered = key_client(keys[game["player_a"]]).post(
            f"/api/games/{game['id']}/result/", record, format="json"
        )
        assert entered.status_code == 201, entered.json()
        assert (entered.json()["vp_a"], entered.json()["vp_b"]) == (50, 45)
        confirmed = key_client(keys[game["player_b"]]).post(
            f"/api/games/{game['id']}/result/confirm/", {}, format="json"
        )
        assert confirmed.json()["status"] == "confirmed"
        assert confirmed.json()["rounds_b"] == record["rounds_b"]
    # Over the limits: 400 naming the field, on a game already confirmed as well.
    game_id = paired["games"][0]["id"]
    refused = api.post(f"/api/games/{game_id}/result/", {**record, "primary_a": 46}, format="json")
    assert refused.status_code == 400
    assert "primary_a" in refused.json()
    stats = anon.get(f"/api/events/{event['id']}/factions/").json()["by_disposition"]
    assert stats["games"] == 4
    # Side A (25 + 25) beat side B (20 + 20 + 5) in every game; B went first every time.
    assert (stats["first_turn"]["games"], stats["first_turn"]["won"]) == (4, 0)
    assert sum(p["games"] for p in stats["pairings"]) == 4
