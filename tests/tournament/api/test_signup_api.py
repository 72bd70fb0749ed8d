"""Sign-up through the API: anyone signs up while it is open; organisers approve and reject;
a player withdraws with their own key. Refusals name the field and the rule, change nothing."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.cross.roles.conftest import snapshot
from tournament.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(api, event):
    response = api.patch(
        f"/api/events/{event.pk}/",
        {"registration_open": True, "places": 1, "registration_approval": False},
        format="json",
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["registration_open"], body["places"], body["registration_approval"]) == (
        True,
        1,
        False,
    )
    return event


def _sign(client, event, name, **fields):
    return client.post(
        f"/api/events/{event.pk}/signup/",
        {"name": name, "faction": "Necrons", **fields},
        format="json",
    )


def test_anyone_signs_up_and_gets_status_position_and_link(anon, open_event):
    first = _sign(anon, open_event, "Ann Bell", club="Dice Hard", army_list="++ list ++")
    assert first.status_code == 201, first.json()
    body = first.json()
    player = Player.objects.get(name="Ann Bell")
    assert body["status"] == "approved"
    assert body["position"] is None
    assert body["private_key"] == player.private_key
    assert body["link"] == f"http://testserver/p/{player.private_key}/"
    assert (player.club, player.army_list) == ("Dice Hard", "++ list ++")

    second = _sign(anon, open_event, "Bo Chan").json()
    third = _sign(anon, open_event, "Cy Dee").json()
    assert (second["status"], second["position"]) == ("waiting", 1)
    assert (third["status"], third["position"]) == ("waiting", 2)


def test_sign_up_while_closed_is_409_and_changes_nothing(anon, event):
    before = snapshot()
    response = _sign(anon, event, "Ann Bell")
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"event": ["registration_closed"]}
    assert snapshot() == before


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"faction": "Necrons"}, "name", "required"),
        ({"name": "Ann"}, "faction", "required"),
        ({"name": " ", "faction": "Necrons"}, "name", "blank"),
        ({"name": "Ann", "faction": "Squats"}, "faction", "invalid_choice"),
        ({"name": "Ann", "faction": "Orks", "club": 5}, "club", "invalid"),
        ({"name": "Ann", "faction": "Orks", "army_list": "x" * 10_001}, "army_list", "max_length"),
    ],
)
def test_bad_sign_ups_are_400_naming_the_field(anon, open_event, body, field, code):
    before = snapshot()
    response = anon.post(f"/api/events/{open_event.pk}/signup/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error_codes"][field] == [code]
    assert snapshot() == before


def test_a_taken_name_is_409(anon, open_event):
    _sign(anon, open_event, "Ann Bell")
    response = _sign(anon, open_event, "ann bell")
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"name": ["duplicate"]}


def test_hidden_events_take_no_sign_ups(anon, api, open_event):
    api.patch(f"/api/events/{open_event.pk}/", {"hidden": True}, format="json")
    assert _sign(anon, open_event, "Ann Bell").status_code == 404


def test_approve_respects_the_places_and_reject_moves_the_list_up(anon, api, open_event):
    api.patch(f"/api/events/{open_event.pk}/", {"registration_approval": True}, format="json")
    pending = _sign(anon, open_event, "Ann Bell").json()
    waiting = _sign(anon, open_event, "Bo Chan").json()
    assert (pending["status"], waiting["status"]) == ("pending", "waiting")

    base = f"/api/events/{open_event.pk}/players"
    refused = api.post(f"{base}/{waiting['id']}/approve/", format="json")
    assert refused.status_code == 409
    assert refused.json()["error_codes"] == {"places": ["full"]}
    assert "Bo Chan" in refused.json()["places"][0]

    rejected = api.post(f"{base}/{pending['id']}/reject/", format="json")
    assert rejected.status_code == 200
    assert rejected.json()["status"] == "rejected"
    assert Player.objects.get(pk=waiting["id"]).status == "pending"

    approved = api.post(f"{base}/{waiting['id']}/approve/", format="json")
    assert approved.status_code == 200
    assert approved.json()["status"] == "approved"


def test_the_public_sees_approved_players_only(anon, api, open_event):
    _sign(anon, open_event, "Ann Bell")
    waiting = _sign(anon, open_event, "Bo Chan").json()
    public = anon.get(f"/api/events/{open_event.pk}/players/").json()
    assert [p["name"] for p in public] == ["Ann Bell"]
    assert anon.get(f"/api/events/{open_event.pk}/players/{waiting['id']}/").status_code == 404
    everyone = api.get(f"/api/events/{open_event.pk}/players/").json()
    assert {p["name"]: p["status"] for p in everyone} == {
        "Ann Bell": "approved",
        "Bo Chan": "waiting",
    }
    assert anon.get(f"/api/events/{open_event.pk}/").json()["players_count"] == 1


def test_a_player_withdraws_with_their_own_key(anon, open_event):
    holder = _sign(anon, open_event, "Ann Bell").json()
    waiting = _sign(anon, open_event, "Bo Chan").json()
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Key {waiting['private_key']}")
    url = f"/api/events/{open_event.pk}/players/{holder['id']}/withdraw/"
    assert other.post(url, format="json").status_code == 403
    own = APIClient()
    own.credentials(HTTP_AUTHORIZATION=f"Key {holder['private_key']}")
    response = own.post(url, format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "withdrawn"
    assert Player.objects.get(pk=waiting["id"]).status == "approved"


def test_bad_places_are_400(api, event):
    for places, code in ((0, "range"), (10_001, "range"), ("5", "invalid")):
        response = api.patch(f"/api/events/{event.pk}/", {"places": places}, format="json")
        assert response.status_code == 400
        assert response.json()["error_codes"] == {"places": [code]}


def test_refused_sign_ups_do_not_count_against_the_address(anon, open_event):
    """The address's budget (tests/tournament/web/test_signup_budget.py) counts sign-ups taken
    only."""
    from ops import throttle

    for _ in range(throttle.SIGNUPS_PER_ADDRESS.burst + 1):
        assert _sign(anon, open_event, " ").status_code == 400
    assert _sign(anon, open_event, "Ann Bell").status_code == 201
