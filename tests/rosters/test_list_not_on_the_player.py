"""A player's army list is read through its own address (GET .../list/), which keeps the
event's publication rule; the player shapes anyone may read never carry it, so an opponent
cannot read a list before the deadline through the players' list. The staff's shape does."""

import pytest

from tests.conftest import add_players

pytestmark = pytest.mark.django_db

SECRET = "Secret list: 2000 points of something"


@pytest.fixture
def owner(api, event, organiser):
    owner, rival = add_players(event, organiser, 2)
    sent = api.patch(
        f"/api/events/{event.pk}/players/{owner.pk}/", {"army_list": SECRET}, format="json"
    )
    assert sent.status_code == 200
    assert sent.json()["army_list"] == SECRET  # the organiser's answer: the staff's shape
    owner.rival = rival
    return owner


@pytest.mark.parametrize("who", ["anonymous", "another player's key", "the owner's key"])
def test_the_players_shapes_others_read_hold_no_list(anon, event, owner, who):
    headers = {}
    if who == "another player's key":
        headers["HTTP_AUTHORIZATION"] = f"Key {owner.rival.private_key}"
    elif who == "the owner's key":
        headers["HTTP_AUTHORIZATION"] = f"Key {owner.private_key}"
    listed = anon.get(f"/api/events/{event.pk}/players/", **headers)
    one = anon.get(f"/api/events/{event.pk}/players/{owner.pk}/", **headers)
    assert listed.status_code == one.status_code == 200
    assert SECRET not in listed.content.decode() + one.content.decode()
    assert "army_list" not in one.json()


def test_the_list_is_read_where_its_rule_is_kept(anon, api, event, owner):
    rival = anon.get(
        f"/api/events/{event.pk}/players/{owner.pk}/list/",
        HTTP_AUTHORIZATION=f"Key {owner.rival.private_key}",
    )
    assert rival.status_code == 403  # not published
    mine = anon.get(
        f"/api/events/{event.pk}/players/{owner.pk}/list/",
        HTTP_AUTHORIZATION=f"Key {owner.private_key}",
    )
    assert mine.json()["army_list"] == SECRET
    staff = api.get(f"/api/events/{event.pk}/players/{owner.pk}/")
    assert staff.json()["army_list"] == SECRET
