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


def test_player_page_shows_the_mission_its_map_and_the_score_tracker(client, classic):
    event, players = classic
    html = client.get(reverse("player-home", args=[players[0].private_key])).content.decode()
    assert "Mission: Secure and Control" in html
    assert f'href="/missions/{CODE}/"' in html
    assert "<svg" in html
    assert "APPROXIMATE MAP" in html
    # Issue 26 item 17: an Eternal War game is tracked too (the score tracker, not Leviathan's).
    from django.db.models import Q

    from tournament.models import Game

    mine = Q(player_a=players[0]) | Q(player_b=players[0])
    game = Game.objects.get(mine, round__event=event, round__number=1)
    assert f"/tracker/game/{game.pk}/?key={players[0].private_key}" in html
    # Score inputs take more than 100 VP: 8th edition has no cap.
    assert 'max="999"' in html


def test_the_mission_page_the_links_open(client, classic):
    response = client.get(f"/missions/{CODE}/")
    assert response.status_code == 200
    assert "Secure and Control" in response.content.decode()


def _rounds_html(org_client, event) -> str:
    return org_client.get(reverse("manage-rounds", args=[event.pk])).content.decode()


def test_the_organiser_chooses_the_rounds_mission_by_code_on_the_rounds_page(org_client, classic):
    from tests.web.browser_form import form_data

    event, _ = classic
    url = reverse("manage-round-mission", args=[event.pk, 1])
    data = form_data(_rounds_html(org_client, event), "Save mission")
    assert data["mission"] == CODE
    # Saved unchanged: nothing changes and nothing is logged.
    assert org_client.post(url, data).status_code == 302
    assert event.rounds.get(number=1).mission_code == CODE
    assert not event.audit.filter(action="round_mission").exists()
    # Another 8th edition code: saved and logged as the API logs it.
    other = "EGT-6-6"
    org_client.post(url, {**data, "mission": other.lower()})
    assert event.rounds.get(number=1).mission_code == other
    entry = event.audit.get(action="round_mission")
    assert (entry.before, entry.after) == ({"mission": CODE}, {"mission": other})
    assert_names_the_mission_of(other, _rounds_html(org_client, event))
    # Another pack's code is refused, naming the field and the rule; nothing changes.
    html = org_client.post(url, {**data, "mission": "SVN-0-0"}, follow=True).content.decode()
    assert "Must be a mission code of" in html
    assert event.rounds.get(number=1).mission_code == other
    assert event.audit.filter(action="round_mission").count() == 1


def test_the_organiser_draws_another_mission(org_client, classic):
    from tests.web.browser_form import form_data

    event, _ = classic
    url = reverse("manage-round-mission", args=[event.pk, 1])
    data = form_data(_rounds_html(org_client, event), "Draw another")
    assert org_client.post(url, data).status_code == 302
    code = event.rounds.get(number=1).mission_code
    assert code != CODE
    assert mission_from_code(code).pack.key == "eighth"
    assert event.audit.get(action="round_mission").after == {"mission": code}


def test_anyone_signed_out_cannot_choose_the_mission(client, organiser, classic):
    event, _ = classic
    url = reverse("manage-round-mission", args=[event.pk, 1])
    assert client.post(url, {"mission": "EGT-6-6"}).status_code in (302, 403)
    assert event.rounds.get(number=1).mission_code == CODE


def assert_names_the_mission_of(code: str, html: str) -> None:
    assert mission_from_code(code).mission.name in html
    assert f'href="/missions/{code}/"' in html
