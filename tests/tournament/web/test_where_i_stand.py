"""Where do I stand: a player's private page shows their place and record from the published
(confirmed-only) standings and says what they are "after"; the standings page finds a player
by part of their name like the pairings page (`?q=`, without JavaScript)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tournament.services.players.players import player_register
from tournament.services.results.results import result_confirm, result_enter
from tournament.services.rounds.rounds import round_create
from tournament.services.standings.standing import ordinal, player_standing

pytestmark = pytest.mark.django_db

NAMES = ["Zoë Ärnström", "Zack Hale", "Ola Nordmann", "Björn Zoellner"]


@pytest.fixture
def played(event, organiser):
    """Round 1: Zoë beat Zack (confirmed); Ola entered a win over Björn (not confirmed)."""
    ids = {n: player_register(event=event, user=organiser, name=n).pk for n in NAMES}
    round_ = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[
            {"player_a": ids["Zoë Ärnström"], "player_b": ids["Zack Hale"], "table": 1},
            {"player_a": ids["Ola Nordmann"], "player_b": ids["Björn Zoellner"], "table": 2},
        ],
        mission_code="C",
    )
    games = {g.table_number: g for g in round_.games.all()}
    result_enter(game_id=games[1].pk, data={"vp_a": 80, "vp_b": 40}, user=organiser)
    result_enter(game_id=games[2].pk, data={"vp_a": 90, "vp_b": 10}, player=games[2].player_a)
    return {p.name: p for p in event.players.all()}


def _me(client, player) -> str:
    response = client.get(reverse("player-home", args=[player.private_key]))
    assert response.status_code == 200
    return " ".join(response.content.decode().split())


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
        "101st", "111th", "112th",
    ]  # fmt: skip


def test_ordinals_follow_the_reader_language():
    with translation.override("fr"):
        assert [ordinal(n) for n in (1, 2, 3, 11, 21, 22)] == [
            "1er",
            "2e",
            "3e",
            "11e",
            "21e",
            "22e",
        ]


def test_the_winner_reads_first_and_one_win_while_the_round_is_in_play(client, event, played):
    html = _me(client, played["Zoë Ärnström"])
    assert "1st, 1-0-0" in html
    # Provisional: round 1 still lacks a confirmed result, and the page says so.
    assert "Provisional" in html
    assert "Round 1 in play: 1 of 2 results confirmed" in html


def test_an_unconfirmed_win_does_not_count_on_the_players_own_page(client, event, played):
    standing = player_standing(event=event, player=played["Ola Nordmann"])
    assert standing["record"] == "0-0-0"  # the public standings: confirmed results only
    html = _me(client, played["Ola Nordmann"])
    # Zack (lost to the leader) ranks above the two who have no confirmed game.
    assert "3rd=, 0-0-0" in html
    assert "1-0-0" not in html


def test_after_the_round_is_complete_the_place_is_after_round_1(client, event, played):
    game = event.rounds.get(number=1).games.get(table_number=2)
    result_confirm(game_id=game.pk, player=game.player_b)
    html = _me(client, played["Björn Zoellner"])  # lost 10-90: last on VP
    assert "4th, 0-0-1" in html
    assert "after round 1" in html
    assert "Provisional" not in html


def test_before_round_1_there_is_no_place_to_show(client, event, organiser):
    player = player_register(event=event, user=organiser, name="Early Bird")
    assert player_standing(event=event, player=player) is None
    assert "Your place" not in _me(client, player)


def _standing_rows(html: str) -> list[str]:
    return re.findall(r"<tr[^>]*data-find=\"([^\"]*)\"", html)


def test_the_standings_page_finds_a_player_without_javascript(client, event, played):
    url = reverse("event-standings", args=[event.pk])
    html = client.get(url).content.decode()
    assert 'id="find-table"' in html  # the pairings page's find box
    assert len(_standing_rows(html)) == 4
    html = client.get(url, {"q": "ZOE"}).content.decode()
    # "zoe" is in Zoë Ärnström and in Björn Zoellner; each keeps their place.
    assert _standing_rows(html) == ["zoe arnstrom", "bjorn zoellner"]
    assert "2 players for “ZOE”" in html
    html = client.get(url, {"q": "nobody"}).content.decode()
    assert _standing_rows(html) == []
    assert "No player has a name with" in html
