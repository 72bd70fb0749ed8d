"""Pages of a classic-pack event name the round's rolled mission and link to its page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from missions.engine.generator import mission_from_code
from tests.conftest import add_players
from tournament.services.events.events import event_create
from tournament.services.rounds.rounds import round_create

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
    from tests.tournament.web.browser_form import form_data

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
    from tests.tournament.web.browser_form import form_data

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


def _select(html: str, name: str) -> list[tuple[str, str, bool]]:
    """The options of the select `name`: (value, label, selected)."""
    import re

    body = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S).group(1)
    return [
        (value, label.strip(), "selected" in attrs)
        for value, attrs, label in re.findall(
            r'<option value="([^"]*)"([^>]*)>([^<]*)</option>', body
        )
    ]


def test_the_organiser_chooses_the_rounds_mission_by_name_from_the_packs_list(org_client, classic):
    # Seed 000 lines 2157-2409 and 2718-3008: the twelve 8th-edition missions, six Eternal War
    # and six Maelstrom of War, by name. The select lists them and round-trips unchanged.
    from tests.tournament.web.browser_form import form_data

    event, _ = classic
    html = _rounds_html(org_client, event)
    options = _select(html, "mission_name")
    assert len(options) == 12
    assert ("secure_and_control", "Secure and Control", True) in options
    assert ("the_relic", "The Relic", False) in options
    assert ("cleanse_and_capture", "Cleanse and Capture", False) in options
    url = reverse("manage-round-mission", args=[event.pk, 1])
    data = form_data(html, "Choose this mission")
    assert data["mission_name"] == "secure_and_control"
    assert org_client.post(url, data).status_code == 302
    assert event.rounds.get(number=1).mission_code == CODE
    assert not event.audit.filter(action="round_mission").exists()
    # Another name: a code of that mission is chosen, logged as a code change is.
    org_client.post(url, {**data, "mission_name": "the_relic"})
    code = event.rounds.get(number=1).mission_code
    chosen = mission_from_code(code)
    assert (chosen.pack.key, chosen.mission.key) == ("eighth", "the_relic")
    entry = event.audit.get(action="round_mission")
    assert (entry.before, entry.after) == ({"mission": CODE}, {"mission": code})
    html = _rounds_html(org_client, event)
    assert ("the_relic", "The Relic", True) in _select(html, "mission_name")
    # Saved again as the page now shows it: nothing changes.
    org_client.post(url, form_data(html, "Choose this mission"))
    assert event.rounds.get(number=1).mission_code == code
    # A name not in the pack's list is refused, naming the field and the rule.
    page = org_client.post(url, {**data, "mission_name": "purge_the_alien"}, follow=True)
    assert "Must be one of the missions of" in page.content.decode()
    assert event.rounds.get(number=1).mission_code == code
    assert event.audit.filter(action="round_mission").count() == 1


def test_a_seventh_edition_round_lists_the_seventh_editions_missions(org_client, organiser):
    event = event_create(user=organiser, name="Old GT", rounds=3, mission_pack="seventh")
    add_players(event, organiser, 4)
    round_create(event_id=event.pk, user=organiser)
    options = _select(_rounds_html(org_client, event), "mission_name")
    labels = [label for _, label, _ in options]
    assert len(options) == 12
    assert "Purge the Alien" in labels
    assert "Cleanse and Control" in labels
    current = mission_from_code(event.rounds.get(number=1).mission_code).mission.key
    assert [v for v, _, chosen in options if chosen] == [current]


def test_the_rounds_page_shows_the_missions_map_and_rolls(org_client, classic):
    event, _ = classic
    import html as markup

    html = markup.unescape(_rounds_html(org_client, event))
    mission = mission_from_code(CODE)
    assert 'data-testid="round-map"' in html
    assert "<svg" in html
    for roll in mission.rolls:
        assert roll.what in html
        assert roll.result in html


def test_the_scouring_on_the_rounds_page_rolls_its_markers_after_deployment(org_client, classic):
    # Seed 000 line 2283: the Superior and Inferior markers are selected after all units are
    # set up. The Rounds page shows that roll as one made at the table, not rolled yet.
    from tests.tournament.web.browser_form import form_data

    event, _ = classic
    url = reverse("manage-round-mission", args=[event.pk, 1])
    data = form_data(_rounds_html(org_client, event), "Choose this mission")
    org_client.post(url, {**data, "mission_name": "the_scouring"})
    code = event.rounds.get(number=1).mission_code
    html = _rounds_html(org_client, event)
    assert 'data-testid="later-rolls"' in html
    assert "Rolled after deployment" in html
    assert "Superior" in html
    assert f'href="/missions/{code}/#later"' in html
    assert "marker 1: 4 VP" not in html  # nothing rolled yet
