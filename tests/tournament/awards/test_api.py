"""The awards API: painting scores, sportsmanship votes, the awards table and the settings."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournament.models import AuditEntry, PaintingScore, SportsVote

pytestmark = pytest.mark.django_db


def _key_client(player) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    return client


def test_a_judge_posts_a_painting_score(event, four, judge):
    client = APIClient()
    client.force_authenticate(judge)
    url = f"/api/events/{event.pk}/players/{four['Bob'].pk}/painting/"
    response = client.post(url, {"score": 16}, format="json")
    assert response.status_code == 200, response.content
    assert response.json() == {
        "player": four["Bob"].pk,
        "name": "Bob",
        "score": 16,
        "painting_max": 20,
    }
    response = client.post(url, {"score": None}, format="json")
    assert response.json()["score"] is None
    assert not PaintingScore.objects.exists()


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"score": 21}, "above_max"),
        ({"score": 101}, "range"),
        ({"score": "5"}, "invalid"),
        ({}, "required"),
    ],
)
def test_a_bad_painting_score_names_the_field_and_changes_nothing(api, event, four, body, code):
    logged = AuditEntry.objects.count()
    url = f"/api/events/{event.pk}/players/{four['Bob'].pk}/painting/"
    response = api.post(url, body, format="json")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"score": [code]}
    assert AuditEntry.objects.count() == logged
    assert not PaintingScore.objects.exists()


def test_painting_for_a_player_of_another_event_is_not_found(api, event, other_organiser):
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register

    other = event_create(user=other_organiser, name="Elsewhere", rounds=3)
    stranger = player_register(event=other, user=other_organiser, name="Zed")
    url = f"/api/events/{event.pk}/players/{stranger.pk}/painting/"
    response = api.post(url, {"score": 3}, format="json")
    assert response.status_code == 404
    assert response.json()["error_codes"] == {"player": ["not_found"]}


def test_a_player_votes_with_their_key_once(played, four):
    client = _key_client(four["Bob"])
    url = f"/api/games/{played['Ann'].pk}/sportsmanship/"
    response = client.post(url, {"favourite": True}, format="json")
    assert response.status_code == 201, response.content
    assert response.json() == {
        "game": played["Ann"].pk,
        "round": 1,
        "opponent": four["Ann"].pk,
        "favourite": True,
    }
    again = client.post(url, {"favourite": False}, format="json")
    assert again.status_code == 409
    assert again.json()["error_codes"] == {"game": ["already_voted"]}
    assert list(SportsVote.objects.values_list("favourite", flat=True)) == [True]


def test_a_vote_must_be_true_or_false(played, four):
    url = f"/api/games/{played['Ann'].pk}/sportsmanship/"
    response = _key_client(four["Ann"]).post(url, {"favourite": "yes"}, format="json")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"favourite": ["invalid"]}


def test_an_organiser_is_not_a_voter(api, played):
    response = api.post(
        f"/api/games/{played['Ann'].pk}/sportsmanship/", {"favourite": True}, format="json"
    )
    assert response.status_code == 403
    assert response.json()["error_codes"] == {"game": ["not_player"]}


def test_the_awards_table_is_public_and_refreshes(anon, api, event, played, four):
    url = f"/api/events/{event.pk}/awards/"
    first = anon.get(url)
    assert first.status_code == 200
    body = first.json()
    assert body["weights"] == {"battle": 3, "painting": 1, "sports": 1}
    assert [r["name"] for r in body["rows"]] == ["Ann", "Cat", "Dan", "Bob"]
    api.post(f"/api/events/{event.pk}/players/{four['Bob'].pk}/painting/", {"score": 20})
    _key_client(four["Ann"]).post(
        f"/api/games/{played['Ann'].pk}/sportsmanship/", {"favourite": True}, format="json"
    )
    body = anon.get(url).json()
    bob = next(r for r in body["rows"] if r["name"] == "Bob")
    # Bob: no win (0), painting 20/20 (1), one vote of one game (1): (0 + 1 + 1) / 5.
    assert bob["overall"] == 0.4
    assert bob["display"] == {
        "mp": "0",
        "painting": "20",
        "votes": "1 of 1",
        "battle_share": "0.0%",
        "painting_share": "100.0%",
        "sports_share": "100.0%",
        "overall": "40.0%",
    }
    assert body["best_painted"] == ["Bob"]
    assert body["best_sport"] == ["Bob"]


def test_the_weights_are_event_settings(api, event):
    url = f"/api/events/{event.pk}/"
    response = api.patch(url, {"weight_painting": 2, "painting_max": 30}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["weight_painting"] == 2
    assert response.json()["painting_max"] == 30
    response = api.patch(
        url, {"weight_battle": 0, "weight_painting": 0, "weight_sports": 0}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"weight_battle": ["all_zero"]}
    assert api.get(url).json()["weight_battle"] == 3
