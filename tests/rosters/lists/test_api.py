"""The army list API: a player's key submits until the deadline, the staff review, and reads
follow the event's publication setting."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from rosters.services.fields import ARMY_LIST_LIMIT
from tests.rosters.lists.conftest import GW_LIST, set_deadline
from tournament.models import Player
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


def keyed(player) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    return client


def url(player) -> str:
    return f"/api/events/{player.event_id}/players/{player.pk}/list/"


def test_put_with_the_key_stores_the_list_and_reads_the_header(open_event, field):
    response = keyed(field[0]).put(url(field[0]), {"army_list": GW_LIST}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["army_list"] == GW_LIST.replace("\r\n", "\n").strip()
    assert (body["status"], body["battle_size"], body["points"]) == (
        "submitted",
        "Strike Force",
        1995,
    )
    assert body["warning"] == ""
    assert body["locked"] is False


def test_post_does_the_same_and_warns_over_the_limit(open_event, field):
    text = "++ Army Roster (Orks) [2,150pts] ++\nBoyz"
    response = keyed(field[0]).post(url(field[0]), {"army_list": text}, format="json")
    assert response.status_code == 200
    assert "150 over" in response.json()["warning"]
    assert Player.objects.get(pk=field[0].pk).army_list == text


def test_too_long_is_a_400_naming_the_field_and_limit(open_event, field):
    response = keyed(field[0]).put(
        url(field[0]), {"army_list": "x" * (ARMY_LIST_LIMIT + 1)}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["error_codes"] == {"army_list": ["max_length"]}
    assert f"{ARMY_LIST_LIMIT:,}" in body["army_list"][0]


def test_after_the_deadline_409_lists_locked(event, organiser, field, api):
    set_deadline(event, organiser, hours=-1)
    response = keyed(field[0]).put(url(field[0]), {"army_list": "Late"}, format="json")
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"army_list": ["lists_locked"]}
    assert Player.objects.get(pk=field[0].pk).army_list == ""
    # The organiser still edits it.
    response = api.put(url(field[0]), {"army_list": "By the organiser"}, format="json")
    assert response.status_code == 200
    assert response.json()["army_list"] == "By the organiser"


def test_a_key_cannot_send_another_players_list(open_event, field):
    response = keyed(field[1]).put(url(field[0]), {"army_list": "Not mine"}, format="json")
    assert response.status_code == 403
    assert Player.objects.get(pk=field[0].pk).army_list == ""


def test_review_and_the_player_reads_the_comment(open_event, field, api):
    keyed(field[0]).put(url(field[0]), {"army_list": GW_LIST}, format="json")
    review = url(field[0]) + "review/"
    response = api.post(review, {"status": "needs_fix"}, format="json")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"comment": ["required"]}
    response = api.post(review, {"status": "needs_fix", "comment": "Too many Boyz"}, format="json")
    assert response.status_code == 200
    mine = keyed(field[0]).get(url(field[0])).json()
    assert (mine["status"], mine["comment"]) == ("needs_fix", "Too many Boyz")


def test_review_of_no_list_is_409(open_event, field, api):
    response = api.post(url(field[1]) + "review/", {"status": "checked"}, format="json")
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"army_list": ["no_list"]}


def test_reads_follow_publication(event, organiser, field, anon):
    for player in field:
        keyed(player).put(url(player), {"army_list": f"List {player.name}"}, format="json")
    game = round_create(event_id=event.pk, user=organiser, seed=3).games.first()
    me, opponent = game.player_a, game.player_b
    assert keyed(me).get(url(opponent)).status_code == 403
    set_deadline(event, organiser, hours=-1, publication="opponents")
    assert keyed(me).get(url(opponent)).json()["army_list"] == f"List {opponent.name}"
    denied = anon.get(url(opponent))
    assert denied.status_code == 403
    assert denied.json()["error_codes"] == {"army_list": ["not_published"]}
    set_deadline(event, organiser, hours=-1, publication="everyone")
    assert anon.get(url(opponent)).status_code == 200


def test_event_settings_take_deadline_and_publication(event, api):
    response = api.patch(
        f"/api/events/{event.pk}/",
        {"list_deadline": "2026-11-28T18:00:00+01:00", "list_publication": "everyone"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["list_publication"] == "everyone"
    response = api.patch(f"/api/events/{event.pk}/", {"list_publication": "all"}, format="json")
    assert response.status_code == 400
