"""The staff's Lists page as a compact table a TO can scan (one row per player, the review's
radios beside their labels), and problems named in words everywhere, never by their machine
codes (issue 32)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from django.urls import reverse

from rosters.engine.checks import CODES
from rosters.services.armylists import army_list_overrule, army_list_submit
from tests.conftest import add_players
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db

NECRONS = (Path(__file__).parent / "lists" / "gw_app_10th_necrons.txt").read_text()


def visible(html: str) -> str:
    """The page's text as a reader sees it: no tags, attributes, scripts or styles."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def incursion(event, organiser):
    event = event_update(event=event, user=organiser, changes={"battle_size": "incursion"})
    players = add_players(event, organiser, 3)
    army_list_submit(player=players[0], text=NECRONS, by_player=True)
    return event, players


def test_the_lists_page_names_problems_in_words(client, organiser, incursion):
    event, players = incursion
    army_list_overrule(player=players[0], user=organiser, code="battle-size", comment="Fine")
    client.force_login(organiser)
    text = visible(client.get(reverse("manage-lists", args=[event.pk])).content.decode())
    assert CODES["points-over"] in text
    for code in ("points-over", "battle-size", "unread-lines"):
        assert code not in text, code


def test_the_players_page_names_problems_in_words(client, incursion):
    _, players = incursion
    page = client.get(reverse("player-home", args=[players[0].private_key])).content.decode()
    text = visible(page)
    assert "The checks found problems in your list" in text
    assert "points-over" not in text


def test_each_list_is_one_row_of_a_table_with_its_review_radios_in_their_labels(
    client, organiser, incursion
):
    event, players = incursion
    client.force_login(organiser)
    page = client.get(reverse("manage-lists", args=[event.pk])).content.decode()
    table = page.split('<table class="lists-table', 1)[1].split("</table>", 1)[0]
    for player in players:
        assert re.search(rf'<tr[^>]*id="list-{player.pk}"', table), player.name
    # A radio sits inside the label that names it, so the two share a line.
    for value, word in (("checked", "Checked"), ("needs_fix", "Needs a fix")):
        assert re.search(
            rf'<label[^>]*>\s*<input type="radio" name="p{players[0].pk}-status" '
            rf'value="{value}"[^>]*>\s*{word}\s*</label>',
            page,
        ), word
