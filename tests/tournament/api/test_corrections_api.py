"""Corrections through the API: the event's time zone, archiving, deleting an event with its
name as confirmation, and deleting a player who has not played."""

from __future__ import annotations

import pytest

from tests.cross.roles.conftest import snapshot
from tournament.models import Event, Player

pytestmark = pytest.mark.django_db


def test_an_event_carries_its_time_zone_and_takes_a_new_one(api, event):
    assert api.get(f"/api/events/{event.pk}/").json()["time_zone"] == "Europe/London"
    response = api.patch(
        f"/api/events/{event.pk}/", {"time_zone": "America/New_York"}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["time_zone"] == "America/New_York"
    assert Event.objects.get(pk=event.pk).time_zone == "America/New_York"


@pytest.mark.parametrize("zone", ["Mars/Olympus_Mons", "", 5, "europe/london"])
def test_an_unknown_time_zone_is_refused_naming_the_field(api, event, zone):
    before = snapshot()
    response = api.patch(f"/api/events/{event.pk}/", {"time_zone": zone}, format="json")
    assert response.status_code == 400
    assert list(response.json()["error_codes"]) == ["time_zone"]
    assert snapshot() == before


def test_a_new_event_takes_its_time_zone(api):
    body = {"name": "NYC Open", "rounds": 3, "time_zone": "America/New_York"}
    response = api.post("/api/events/", body, format="json")
    assert response.status_code == 201
    assert response.json()["time_zone"] == "America/New_York"


def test_archiving_takes_the_event_off_the_list_and_refuses_changes(api, anon, event, players):
    response = api.patch(f"/api/events/{event.pk}/", {"archived": True}, format="json")
    assert response.status_code == 200
    assert response.json()["archived"] is True
    assert [e["id"] for e in anon.get("/api/events/").json()] == []
    assert [e["id"] for e in api.get("/api/events/?archived=true").json()] == [event.pk]
    assert anon.get(f"/api/events/{event.pk}/").status_code == 200  # still opens

    before = snapshot()
    for call in (
        lambda: api.post(f"/api/events/{event.pk}/players/", {"name": "Late"}, format="json"),
        lambda: api.patch(f"/api/events/{event.pk}/", {"bye_vp": 20}, format="json"),
        lambda: api.post(f"/api/events/{event.pk}/rounds/", {"seed": 1}, format="json"),
        lambda: api.delete(f"/api/events/{event.pk}/players/{players[0].pk}/"),
    ):
        response = call()
        assert response.status_code == 409, response.json()
        assert response.json()["error_codes"] == {"event": ["event_archived"]}
    assert snapshot() == before

    response = api.patch(f"/api/events/{event.pk}/", {"archived": False}, format="json")
    assert response.status_code == 200
    assert response.json()["archived"] is False
    assert [e["id"] for e in anon.get("/api/events/").json()] == [event.pk]


def test_a_bad_archived_filter_is_refused(anon):
    response = anon.get("/api/events/?archived=maybe")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"archived": ["invalid"]}


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({}, "required"),
        ({"data": {"confirm": "test gt"}, "format": "json"}, "mismatch"),
        ({"data": {"confirm": 5}, "format": "json"}, "invalid"),
    ],
)
def test_deleting_an_event_without_its_exact_name_is_refused(api, event, players, kwargs, code):
    before = snapshot()
    response = api.delete(f"/api/events/{event.pk}/", **kwargs)
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"confirm": [code]}
    assert snapshot() == before


def test_deleting_an_event_with_its_name_in_the_body(api, event, players):
    response = api.delete(f"/api/events/{event.pk}/", {"confirm": "Test GT"}, format="json")
    assert response.status_code == 204
    assert not Event.objects.exists()
    assert not Player.objects.exists()
    assert api.get(f"/api/events/{event.pk}/").status_code == 404


def test_deleting_an_event_with_its_name_in_the_query(api, event):
    response = api.delete(f"/api/events/{event.pk}/?confirm=Test%20GT")
    assert response.status_code == 204
    assert not Event.objects.exists()


def test_deleting_a_player_who_has_not_played(api, event, players):
    response = api.delete(f"/api/events/{event.pk}/players/{players[0].pk}/")
    assert response.status_code == 204
    assert not Player.objects.filter(pk=players[0].pk).exists()
    audit = api.get(f"/api/events/{event.pk}/audit/").json()
    assert audit[0]["action"] == "player_delete"
    words = "Player 001 deleted before playing (faction Orks, club Club 1)"
    assert audit[0]["description"] == words
    assert audit[0]["can_undo"] is True


def test_deleting_a_player_who_has_played_is_a_conflict(api, event, players):
    assert api.post(f"/api/events/{event.pk}/rounds/", {"seed": 1}, format="json").status_code
    before = snapshot()
    response = api.delete(f"/api/events/{event.pk}/players/{players[0].pk}/")
    assert response.status_code == 409
    body = response.json()
    assert body["error_codes"] == {"player": ["player_has_games"]}
    assert "Player 001 has 1 game" in body["player"][0]
    assert snapshot() == before
