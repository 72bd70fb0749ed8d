"""Pages of a classic-pack event name the round's rolled mission and link to its page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from missions.engine.generator import mission_from_code
from tests.conftest import add_players
from tournament.services.events import event_create
from tournament.services.rounds import round_create

pytestmark = pytest.mark.django_db

CODE = "EGT-1-1"  # 8th edition: Secure and Control on Spearhead Assault (approximate map)


@pytest.fixture
def classic(organiser):
    event = event_create(user=organiser, name="Retro GT", rounds=3, mission_pack="eighth")
    players = add_players(event, organiser, 4)
    round_create(event_id=event.pk, user=organiser, mission_code=CODE)
    return event, players


def assert_names_the_mission(html: str) -> None:
    mission = mission_from_code(CODE)
    assert mission.mission.name in html
    assert mission.deployment.name in html
    assert f'href="/missions/{CODE}/"' in html


def test_public_pairings_and_event_page(client, classic):
    event, _ = classic
    for name in ("event-pairings", "event"):
        html = client.get(reverse(name, args=[event.pk])).content.decode()
        assert_names_the_mission(html)
        assert "approximate map" in html


def test_organiser_rounds_page(org_client, classic):
    event, _ = classic
    assert_names_the_mission(
        org_client.get(reverse("manage-rounds", args=[event.pk])).content.decode()
    )


def test_player_page_shows_the_mission_and_its_map_without_the_leviathan_tracker(client, classic):
    _, players = classic
    html = client.get(reverse("player-home", args=[players[0].private_key])).content.decode()
    assert "Mission: Secure and Control" in html
    assert f'href="/missions/{CODE}/"' in html
    assert "<svg" in html
    assert "APPROXIMATE MAP" in html
    assert "/tracker/" not in html
    # Score inputs take more than 100 VP: 8th edition has no cap.
    assert 'max="999"' in html


def test_the_mission_page_the_links_open(client, classic):
    response = client.get(f"/missions/{CODE}/")
    assert response.status_code == 200
    assert "Secure and Control" in response.content.decode()
