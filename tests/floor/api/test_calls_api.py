"""The judge calls' API: a player's key calls, staff list, claim and resolve; bad input 400."""

import pytest
from rest_framework.test import APIClient

from floor.models import JudgeCall
from tests.helpers import queries

pytestmark = pytest.mark.django_db


def key_client(player):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    return client


@pytest.fixture
def judge_api(judge):
    client = APIClient()
    client.force_authenticate(judge)
    return client


def test_a_player_calls_staff_claim_and_resolve(game, api, judge_api, anon):
    url = f"/api/games/{game.pk}/judge-calls/"
    made = key_client(game.player_a).post(url, {"note": "Is this in range?"}, format="json")
    assert made.status_code == 201, made.content
    body = made.json()
    assert body["status"] == "open"
    assert body["table"] == game.table_number
    assert body["game"] == game.pk
    assert body["called_at"]
    again = key_client(game.player_b).post(url, {}, format="json")
    assert again.status_code == 200
    assert again.json()["id"] == body["id"]

    listed = judge_api.get(f"/api/events/{game.round.event_id}/judge-calls/?status=open")
    assert listed.status_code == 200
    [row] = listed.json()
    assert row["players"] == [game.player_a.name, game.player_b.name]
    assert row["claimed_by"] is None
    assert row["waiting"] >= 0
    assert row["table"] == game.table_number

    claimed = judge_api.post(f"/api/judge-calls/{body['id']}/claim/", {}, format="json")
    assert claimed.status_code == 200
    assert claimed.json()["status"] == "claimed"
    assert claimed.json()["claimed_by"] == "Judy Dredd"
    taken = api.post(f"/api/judge-calls/{body['id']}/claim/", {}, format="json")
    assert taken.status_code == 409
    assert taken.json()["error_codes"] == {"call": ["claimed"]}
    assert "Judy Dredd" in taken.json()["call"][0]

    resolved = judge_api.post(
        f"/api/judge-calls/{body['id']}/resolve/",
        {"ruling": "In range: 11.5 inches.", "minutes_added": 5, "category": "rules"},
        format="json",
    )
    assert resolved.status_code == 200, resolved.content
    assert resolved.json()["status"] == "resolved"
    assert resolved.json()["minutes_added"] == 5
    assert judge_api.get(f"/api/events/{game.round.event_id}/judge-calls/").json() == []
    done = judge_api.get(f"/api/events/{game.round.event_id}/judge-calls/?status=resolved")
    assert [c["ruling"] for c in done.json()] == ["In range: 11.5 inches."]


def test_refusals(paired, api, anon):
    game, other = paired[0], paired[1]
    url = f"/api/games/{game.pk}/judge-calls/"
    assert anon.post(url, {}, format="json").status_code == 401
    wrong = key_client(other.player_a).post(url, {}, format="json")
    assert wrong.status_code == 403
    unknown = key_client(game.player_a).post(url, {"notes": "typo"}, format="json")
    assert unknown.status_code == 400
    assert unknown.json()["error_codes"] == {"notes": ["unknown_field"]}
    assert not JudgeCall.objects.exists()
    event_id = game.round.event_id
    assert anon.get(f"/api/events/{event_id}/judge-calls/").status_code == 401
    player_list = key_client(game.player_a).get(f"/api/events/{event_id}/judge-calls/")
    assert player_list.status_code in (401, 403)
    bad_status = api.get(f"/api/events/{event_id}/judge-calls/?status=lost")
    assert bad_status.status_code == 400
    assert "status" in bad_status.json()

    call = key_client(game.player_a).post(url, {}, format="json").json()
    resolve = f"/api/judge-calls/{call['id']}/resolve/"
    assert api.post(resolve, {}, format="json").json()["error_codes"] == {"ruling": ["required"]}
    too_many = api.post(resolve, {"ruling": "x", "minutes_added": 500}, format="json")
    assert too_many.status_code == 400
    assert "minutes_added" in too_many.json()["error_codes"]
    extra = api.post(f"/api/judge-calls/{call['id']}/claim/", {"who": "me"}, format="json")
    assert extra.status_code == 400
    assert "who" in extra.json()["error_codes"]
    by_player = key_client(game.player_a).post(
        f"/api/judge-calls/{call['id']}/claim/", {}, format="json"
    )
    assert by_player.status_code in (401, 403)
    assert api.post("/api/judge-calls/999999/claim/", {}, format="json").status_code == 404
    assert JudgeCall.objects.get().status == "open"


def test_the_queue_is_one_set_of_queries(paired, api):
    url = f"/api/events/{paired[0].round.event_id}/judge-calls/"

    def call(game):
        key_client(game.player_a).post(f"/api/games/{game.pk}/judge-calls/", {}, format="json")

    call(paired[0])
    _, one = queries(lambda: api.get(url))
    for game in paired[1:]:
        call(game)
    answer, every = queries(lambda: api.get(url))
    assert [c["table"] for c in answer.json()] == [g.table_number for g in paired]  # oldest first
    assert every == one  # more calls cost no more queries
