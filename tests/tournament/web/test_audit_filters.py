"""The audit log in pages of 50, newest first, filtered by round, player and action with a GET
form that keeps its choices (and the page links keep them too); bad filter values are named."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournament.services.players.players import player_update
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged(event, players, organiser):
    """Eight players registered, two rounds played (a pairing and 4 results each), then 60 club
    changes to Player 001: 79 entries with the event's creation."""
    for seed in (1, 2):
        round_ = round_create(event_id=event.pk, user=organiser, seed=seed)
        for game in round_.games.filter(player_b__isnull=False):
            result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    for i in range(60):
        player_update(player=players[0], user=organiser, changes={"club": f"Club {i}"})
    return event


def _page(client, event, **params):
    response = client.get(reverse("manage-audit", args=[event.pk]), params)
    assert response.status_code == 200
    return response, response.content.decode()


def _rows(response) -> list:
    return list(response.context["entries"])


def test_the_log_comes_in_pages_of_50_newest_first(org_client, logged):
    total = logged.audit.count()
    assert total == 79
    response, html = _page(org_client, logged)
    rows = _rows(response)
    assert len(rows) == 50
    assert rows[0].pk == logged.audit.first().pk
    assert "Page 1 of 2" in html
    response, html = _page(org_client, logged, page=2)
    assert len(_rows(response)) == 29
    # Beyond the last page: the last page, not an error.
    response, _ = _page(org_client, logged, page=9)
    assert len(_rows(response)) == 29


def test_filter_by_round_keeps_that_rounds_pairing_and_results(org_client, logged):
    response, html = _page(org_client, logged, round=2)
    actions = sorted(e.action for e in _rows(response))
    assert actions == ["result_enter"] * 4 + ["round_create"]
    results = [e for e in _rows(response) if e.action == "result_enter"]
    assert all(e.preview.description.startswith("Round 2, table") for e in results)
    # The form says what it filters by, so sending it again changes nothing.
    assert re.search(r'<option value="2" selected>Round 2</option>', html)


def test_filter_by_player_and_action_round_trip(org_client, logged, players):
    first = players[0]
    response, html = _page(org_client, logged, player=first.pk, action="player_update")
    rows = _rows(response)
    assert len(rows) == 50
    assert {e.action for e in rows} == {"player_update"}
    assert f'<option value="{first.pk}" selected>{first.name}</option>' in html
    assert '<option value="player_update" selected>' in html
    # Page 2 keeps the filters.
    assert f"player={first.pk}" in html
    assert "action=player_update" in html
    assert "page=2" in html
    response, _ = _page(org_client, logged, player=first.pk)
    # Their registration, 60 edits and their two games' results.
    actions = {e.action for e in _rows(response)}
    assert response.context["page"].paginator.count == 63
    response, _ = _page(org_client, logged, player=first.pk, page=2)
    actions |= {e.action for e in _rows(response)}
    assert actions == {"player_register", "player_update", "result_enter"}


def test_a_bad_filter_is_named_and_ignored(org_client, logged):
    response, html = _page(org_client, logged, round="9", action="nonsense")
    assert "Round: There is no round 9 in this event: showing every round." in html
    assert "Action: No change of that kind is logged here: showing every change." in html
    assert response.context["page"].paginator.count == 79


def test_an_unknown_player_is_refused_without_showing_an_id(org_client, logged):
    _response, html = _page(org_client, logged, player="99999")
    assert "Player: That player is not in this event: showing every player." in html
    # The page (the footer's language switch returns the reader to the address they typed).
    page = html.split("<main", 1)[1].split("</main>", 1)[0]
    assert "99999" not in page.split("</form>", 1)[1]
