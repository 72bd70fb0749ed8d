"""The muster checks where they show: the list API carries the parsed roster and the problems,
the player's page shows them as soon as the list is pasted, and the staff's Lists page gives
each list's verdict beside their own review, with a filter by problem code."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from rosters.services.armylists import army_list_submit
from rosters.services.checking import roster_check_event
from tests.conftest import add_players
from tournament.services.events import event_update

pytestmark = pytest.mark.django_db

NECRONS = (Path(__file__).parent / "lists" / "gw_app_10th_necrons.txt").read_text()


@pytest.fixture
def field(event, organiser):
    return add_players(event, organiser, 3)


def _api(player):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    return client.get(f"/api/events/{player.event_id}/players/{player.pk}/list/")


def test_the_list_api_carries_the_roster_and_the_problems(event, organiser, field):
    event = event_update(event=event, user=organiser, changes={"battle_size": "incursion"})
    army_list_submit(player=field[0], text=NECRONS, by_player=True)
    body = _api(field[0]).json()
    oracle = roster_check_event(event=event, text=NECRONS)
    assert body["roster"] == oracle.roster.as_dict()
    assert len(body["roster"]["units"]) == 12
    assert body["problems"] == [p.as_dict() for p in oracle.problems]
    codes = {p["code"] for p in body["problems"]}
    assert {"points-over", "battle-size"} <= codes
    assert body["rules"] == {
        "edition": "10th",
        "data_version": oracle.data_version,
        "checked": True,
        "passes": False,
    }


def test_no_list_reads_as_no_roster_and_no_problems(event, field):
    body = _api(field[1]).json()
    assert (body["roster"], body["problems"], body["rules"]) == (None, [], None)


def test_the_players_page_shows_the_problems_as_soon_as_the_list_is_pasted(
    client, event, organiser, field
):
    event_update(event=event, user=organiser, changes={"battle_size": "incursion"})
    army_list_submit(player=field[0], text=NECRONS, by_player=True)
    page = client.get(reverse("player-home", args=[field[0].private_key])).content.decode()
    assert "The checks found problems in your list" in page
    over = next(p for p in roster_check_event(event=event, text=NECRONS).problems)
    assert over.message.replace("'", "&#x27;") in page


def test_the_lists_page_gives_the_verdict_and_filters_by_problem(client, event, organiser, field):
    event_update(event=event, user=organiser, changes={"battle_size": "incursion"})
    army_list_submit(player=field[0], text=NECRONS, by_player=True)
    client.force_login(organiser)
    url = reverse("manage-lists", args=[event.pk])
    page = client.get(url).content.decode()
    assert "problems</span>" in page
    assert "?status=&amp;problem=points-over" in page
    filtered = client.get(url, {"problem": "points-over"}).content.decode()
    assert f'id="list-{field[0].pk}"' in filtered
    assert f'id="list-{field[1].pk}"' not in filtered
    every = client.get(url, {"problem": "no-such-code"}).content.decode()
    assert f'id="list-{field[1].pk}"' in every  # an unknown code filters nothing out
