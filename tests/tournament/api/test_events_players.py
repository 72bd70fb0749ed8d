"""Events and players through the API: contract shapes, validation, visibility."""

import pytest

pytestmark = pytest.mark.django_db


def test_create_event_contract_shape(api):
    response = api.post("/api/events/", {"name": "Spring GT", "rounds": 5}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert isinstance(body["id"], int)
    assert body["name"] == "Spring GT"
    assert body["rounds"] == 5
    assert body["tiebreaks"] == ["owr", "vp"]
    assert sorted(body["mission_order"]) == list("ABCDEFGHIJKLMNO")


def test_create_event_with_settings(api):
    response = api.post(
        "/api/events/",
        {
            "name": "Onslaught",
            "rounds": 3,
            "tiebreaks": ["sos", "vp_diff"],
            "battle_size": "onslaught",
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["tiebreaks"] == ["sos", "vp_diff"]
    assert response.json()["points_limit"] == 3000


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"rounds": 5}, "name", "required"),
        ({"name": "X"}, "rounds", "required"),
        ({"name": "X", "rounds": 0}, "rounds", "min_value"),
        ({"name": "X", "rounds": "many"}, "rounds", "invalid"),
        ({"name": "X", "rounds": 3, "tiebreaks": ["luck"]}, "tiebreaks", "unknown_metric"),
        ({"name": "X", "rounds": 3, "battle_size": "huge"}, "battle_size", "invalid_choice"),
        ({"name": "X", "rounds": 3, "bye_vp": 101}, "bye_vp", "range"),
    ],
)
def test_bad_event_input_names_field_and_changes_nothing(api, body, field, code):
    from tournament.models import Event

    response = api.post("/api/events/", body, format="json")
    assert response.status_code == 400
    assert field in response.json()
    assert code in str(response.json()["error_codes"][field])
    assert not Event.objects.exists()


def test_anonymous_cannot_create_event(anon):
    response = anon.post("/api/events/", {"name": "X", "rounds": 3}, format="json")
    assert response.status_code in (401, 403)


def test_hidden_event_is_invisible_to_others(api, anon, event):
    api.patch(f"/api/events/{event.pk}/", {"hidden": True}, format="json")
    assert anon.get(f"/api/events/{event.pk}/").status_code == 404
    assert anon.get("/api/events/").json() == []
    assert api.get(f"/api/events/{event.pk}/").status_code == 200


def test_register_players_and_list(api, anon, event):
    response = api.post(
        f"/api/events/{event.pk}/players/",
        {"name": "Ada Archer", "faction": "Necrons", "club": "Dice Hard", "battle_ready": True},
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert isinstance(body["id"], int)
    assert body["faction"] == "Necrons"
    assert len(body["private_key"]) >= 32
    listed = anon.get(f"/api/events/{event.pk}/players/").json()
    assert [p["name"] for p in listed] == ["Ada Archer"]
    assert "private_key" not in listed[0]


def test_duplicate_player_name_is_refused(api, event):
    api.post(f"/api/events/{event.pk}/players/", {"name": "Ada", "faction": "Orks"}, format="json")
    again = api.post(
        f"/api/events/{event.pk}/players/", {"name": "ada", "faction": "Orks"}, format="json"
    )
    assert again.status_code == 409
    assert again.json()["error_codes"]["name"] == ["duplicate"]
    assert event.players.count() == 1


def test_drop_records_round_and_is_logged(api, event, players):
    player = players[0]
    response = api.patch(
        f"/api/events/{event.pk}/players/{player.pk}/", {"dropped": True}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["dropped"] is True
    assert response.json()["dropped_after_round"] == 0
    entry = event.audit.filter(action="player_update").get()
    assert entry.before == {"dropped": False, "dropped_after_round": None}
    assert entry.after == {"dropped": True, "dropped_after_round": 0}


def test_other_events_organiser_cannot_edit(event, players, other_organiser):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(other_organiser)
    response = client.patch(
        f"/api/events/{event.pk}/players/{players[0].pk}/", {"dropped": True}, format="json"
    )
    assert response.status_code == 403
    players[0].refresh_from_db()
    assert players[0].dropped is False
