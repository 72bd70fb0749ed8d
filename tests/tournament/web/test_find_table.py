"""Find my table without JavaScript: the pairings page's GET form (`?q=`) sends only the games
of the players whose names hold what was typed, ignoring case and accents."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.urls import reverse

from tournament.engine.names import EXTRA_FOLDS
from tournament.services.players.players import player_register
from tournament.services.rounds.rounds import round_create
from tournament.views.find import fold

pytestmark = pytest.mark.django_db

NAMES = ["Zoë Ärnström", "Zack Hale", "Ola Nordmann", "Björn Zoellner", "Kim Lee"]


@pytest.fixture
def seated(event, organiser):
    """Five players at fixed tables: Zoë v Zack (1), Ola v Björn (2), Kim has the bye."""
    ids = {n: player_register(event=event, user=organiser, name=n).pk for n in NAMES}
    pairs = [
        {"player_a": ids["Zoë Ärnström"], "player_b": ids["Zack Hale"], "table": 1},
        {"player_a": ids["Ola Nordmann"], "player_b": ids["Björn Zoellner"], "table": 2},
        {"player_a": ids["Kim Lee"], "player_b": None},
    ]
    return round_create(event_id=event.pk, user=organiser, pairings=pairs, mission_code="C")


def _get(client, event, **params):
    response = client.get(reverse("event-pairings", args=[event.pk]), params)
    assert response.status_code == 200
    return response.content.decode()


def _rows(html: str) -> list[str]:
    return re.findall(r"<tr data-find=\"([^\"]*)\"", html)


def test_fold_drops_case_accents_and_extra_spaces():
    assert fold("  Zoë   ÄRNSTRÖM ") == "zoe arnstrom"
    assert fold("Straße") == "strasse"


def test_a_partial_name_without_accents_finds_the_game_with_table_and_opponent(
    client, event, seated
):
    html = _get(client, event, q="zoe")
    # "zoe" is in Zoë Ärnström and in Björn Zoellner: their two games, nothing else.
    assert _rows(html) == ["zoe arnstrom | zack hale", "ola nordmann | bjorn zoellner"]
    assert "2 games for “zoe”" in html
    assert "Kim Lee" not in html
    assert "Mission" in html  # the round's mission line stays above the matches


def test_the_second_player_of_a_game_finds_it_too(client, event, seated):
    html = _get(client, event, q="HALE")
    assert _rows(html) == ["zoe arnstrom | zack hale"]
    assert '<td class="num table-no">1</td>' in html


def test_a_bye_is_found(client, event, seated):
    html = _get(client, event, q="kim")
    assert _rows(html) == ["kim lee"]
    assert "bye" in html


def test_by_name_shows_only_the_matching_players_rows(client, event, seated):
    html = _get(client, event, q="zo", by="name")
    assert _rows(html) == ["bjorn zoellner", "zoe arnstrom"]
    assert "2 players for “zo”" in html


def test_no_match_says_so_plainly(client, event, seated):
    html = _get(client, event, q="Xavier")
    assert _rows(html) == []
    assert 'No player in round 1 has a name with “<span class="find-q">Xavier</span>”' in html
    none = html.split("data-find-none", 1)[1].split(">", 1)[0]
    assert "hidden" not in none


def test_without_a_search_every_game_is_listed_and_the_message_hidden(client, event, seated):
    html = _get(client, event)
    assert len(_rows(html)) == 3
    assert "data-find-none hidden" in html
    assert 'id="find-table"' in html
    assert "js/find-table.js" in html


def test_the_search_is_kept_by_the_round_and_order_links_and_the_live_refresh(
    client, event, seated
):
    html = _get(client, event, q="zoë")
    assert "?round=1&amp;by=name&amp;q=zo%C3%AB" in html
    assert "by=table&amp;q=zo%C3%AB" in html
    assert 'value="zoë"' in html


def test_the_public_event_page_offers_the_search(client, event, seated):
    html = client.get(reverse("event", args=[event.pk])).content.decode()
    form = html.split('class="find-table"', 1)[1].split("</form>", 1)[0]
    assert 'name="q"' in form
    assert reverse("event-pairings", args=[event.pk]) in html.split('class="find-table"')[0][-200:]


@pytest.fixture
def nordic(event, organiser):
    """Łukasz v Søren (1), Ødegård v Ana (2)."""
    names = ["Łukasz Żółć", "Søren Kierkegaard", "Martin Ødegård", "Ana Lima"]
    ids = [player_register(event=event, user=organiser, name=n).pk for n in names]
    pairs = [
        {"player_a": ids[0], "player_b": ids[1], "table": 1},
        {"player_a": ids[2], "player_b": ids[3], "table": 2},
    ]
    return round_create(event_id=event.pk, user=organiser, pairings=pairs, mission_code="C")


@pytest.mark.parametrize(
    ("query", "rows"),
    [
        ("lukasz", ["lukasz zolc | soren kierkegaard"]),
        ("zolc", ["lukasz zolc | soren kierkegaard"]),
        ("SOREN", ["lukasz zolc | soren kierkegaard"]),
        ("odegard", ["martin odegard | ana lima"]),
        ("Ødegård", ["martin odegard | ana lima"]),
    ],
)
def test_letters_without_a_decomposition_fold_too(client, event, nordic, query, rows):
    assert _rows(_get(client, event, q=query)) == rows


def test_the_page_hands_its_script_the_same_table_of_extra_folds(client, event, nordic):
    page = _get(client, event)
    attribute = page.split('data-folds="', 1)[1].split('"', 1)[0]
    assert json.loads(html.unescape(attribute)) == EXTRA_FOLDS
