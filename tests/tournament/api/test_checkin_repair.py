"""Re-pairing the latest round applies check-in as pairing it did: the absent are named (409)
and nothing changes, unless forced; the page offers the same way out."""

import pytest

from tests.conftest import add_players
from tournament.models import Game, Player
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(api, event, organiser):
    players = add_players(event, organiser, 8, checked_in=True)
    event_update(event=event, user=organiser, changes={"check_in_required": True})
    assert (
        api.post(f"/api/events/{event.pk}/rounds/", {"seed": 1}, format="json").status_code == 201
    )
    # A player's check-in is taken back after the pairing (they have not shown up).
    Player.objects.filter(pk=players[3].pk).update(checked_in=False)
    return players


def _games(event):
    return sorted(Game.objects.filter(round__event=event).values_list("pk", flat=True))


def test_repair_refuses_while_a_player_is_not_checked_in(api, event, paired):
    before = _games(event)
    response = api.post(f"/api/events/{event.pk}/rounds/1/repair/", {"seed": 2}, format="json")
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"players": ["not_checked_in"]}
    assert paired[3].name in response.json()["players"][0]
    assert _games(event) == before


def test_repair_forced_pairs_anyway(api, event, paired):
    response = api.post(
        f"/api/events/{event.pk}/rounds/1/repair/", {"seed": 2, "force": True}, format="json"
    )
    assert response.status_code == 201


def test_repair_page_shows_the_absent_and_a_forced_repair(client, organiser, event, paired):
    client.force_login(organiser)
    page = client.post(f"/manage/events/{event.pk}/rounds/repair/")
    assert page.status_code == 409
    text = page.content.decode()
    assert paired[3].name in text
    assert "Check in everyone" in text
    assert "Re-pair anyway (force)" in text
    done = client.post(f"/manage/events/{event.pk}/rounds/repair/", {"force": "1"})
    assert done.status_code == 302
