"""The 11th-edition pages: the matchup form (choose or roll, seeded, round-trips), the
matchup page a code opens, missing layouts said plainly, bad input explained."""

import re
from html import escape
from urllib.parse import parse_qs, urlsplit

import pytest

from missions.eleventh.matrix import primary_for, primary_name
from tests.tournament.web.browser_form import form_data
from tournament.models import Game, Player

pytestmark = pytest.mark.django_db

BUTTON = "Generate the matchup"
PAGE = "/missions/eleventh/"


def _code(html: str) -> str:
    return re.search(r"Code <strong>(XI-[0-9A-Z-]+)</strong>", html).group(1)


def _name(primary_id: str) -> str:
    return escape(primary_name(primary_id))


def _main(html: str) -> str:
    """The page's content (the CSRF token in the page head changes on every answer)."""
    return html[html.index("<main") : html.index("</main>")]


def test_form_alone_until_asked(client):
    html = client.get(PAGE).content.decode()
    assert BUTTON in html
    assert form_data(html, BUTTON) == {"a": "", "b": "", "layout": "", "seed": ""}
    assert "<svg" not in html


def test_chosen_matchup_shows_both_primaries_the_map_and_the_code(client):
    html = client.get(
        PAGE, {"a": "take-and-hold", "b": "disruption", "layout": "B", "seed": "7"}
    ).content.decode()
    assert _name(primary_for("take-and-hold", "disruption")) in html
    assert _name(primary_for("disruption", "take-and-hold")) in html
    assert "Layout B: Crucible of Battle" in html
    assert "<svg" in html
    assert "Defender home" in html
    code = _code(html)
    assert f'href="/missions/{code}/"' in html


def test_submitting_the_form_unchanged_gives_the_same_matchup(client):
    first = client.get(PAGE, {"a": "purge-the-foe", "b": "", "layout": "", "seed": "4242"})
    html = first.content.decode()
    data = form_data(html, BUTTON)
    assert data == {"a": "purge-the-foe", "b": "", "layout": "", "seed": "4242"}
    again = client.get(PAGE, data).content.decode()
    assert _code(again) == _code(html)
    assert _main(again) == _main(html)


def test_an_empty_seed_is_drawn_and_kept_in_the_link(client):
    response = client.get(PAGE, {"a": "disruption", "b": "", "layout": "A", "seed": ""})
    assert response.status_code == 302
    query = parse_qs(urlsplit(response["Location"]).query, keep_blank_values=True)
    assert query["a"] == ["disruption"]
    assert query["layout"] == ["A"]
    assert query["seed"][0].isdigit()
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert form_data(page.content.decode(), BUTTON)["seed"] == query["seed"][0]


def test_a_missing_layout_says_so(client):
    html = client.get(
        PAGE, {"a": "reconnaissance", "b": "reconnaissance", "layout": "A", "seed": "1"}
    ).content.decode()
    assert "This layout is not in our data." in html
    assert "Event Companion&#x27;s layout card A for Reconnaissance v Reconnaissance" in html
    assert "long edges" in html


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"a": "chaos", "seed": "1"}, "a"),
        ({"b": "take and hold", "seed": "1"}, "b"),
        ({"layout": "D", "seed": "1"}, "layout"),
        ({"seed": "minus one"}, "seed"),
    ],
)
def test_bad_choices_are_refused_naming_the_field(client, params, field):
    response = client.get(PAGE, params)
    assert response.status_code == 400
    html = response.content.decode()
    assert "errorlist" in html
    assert "has-error" in html
    assert f'id="id_{field}"' in html


def test_matchup_page_by_code_shows_both_cards(client):
    html = client.get(
        PAGE, {"a": "priority-assets", "b": "purge-the-foe", "layout": "C", "seed": "3"}
    ).content.decode()
    code = _code(html)
    page = client.get(f"/missions/{code}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert text.count('class="card matchup-side"') == 2
    assert "Player A · Priority Assets" in text
    assert "Player B · Purge the Foe" in text
    assert _name(primary_for("priority-assets", "purge-the-foe")) in text
    assert _name(primary_for("purge-the-foe", "priority-assets")) in text
    assert "Layout C: Hammer and Anvil" in text
    assert "<svg" in text


def test_bad_matchup_code_is_404(client):
    response = client.get("/missions/XI-ZZZ-Q/")
    assert response.status_code == 404


def test_pack_selector_sends_eleventh_to_its_own_page(client):
    response = client.get("/missions/", {"pack": "eleventh", "draw": "1"})
    assert response.status_code == 302
    assert response["Location"] == "/missions/eleventh/?seed="
    assert client.get("/missions/", {"pack": "eleventh"})["Location"] == PAGE


def test_the_missions_page_offers_the_eleventh_pack(client):
    html = client.get("/missions/").content.decode()
    assert '<option value="eleventh"' in html
    assert 'href="/missions/eleventh/"' in html


def test_a_players_page_links_to_their_games_matchup_page(api, client):
    event = api.post(
        "/api/events/", {"name": "Muster GT", "rounds": 3, "mission_pack": "eleventh"}
    ).json()
    keys = []
    for name, disposition in (("Ana", "take-and-hold"), ("Ben", "disruption")):
        made = api.post(
            f"/api/events/{event['id']}/players/",
            {"name": name, "faction": "Orks", "disposition": disposition},
            format="json",
        ).json()
        keys.append(Player.objects.get(pk=made["id"]).private_key)
    assert api.post(f"/api/events/{event['id']}/rounds/", {}, format="json").status_code == 201
    game = Game.objects.get(round__event_id=event["id"])
    html = client.get(f"/p/{keys[0]}/").content.decode()
    link = re.search(r'<a href="(/missions/XI-[^"]+/)">both primaries and the map</a>', html)
    assert link is not None
    page = client.get(link.group(1)).content.decode()
    assert f"layout {game.layout}</h1>" in page
    assert _name(primary_for("take-and-hold", "disruption")) in page
    assert _name(primary_for("disruption", "take-and-hold")) in page


def test_roll_again_only_when_something_was_rolled(client):
    chosen = {"a": "disruption", "b": "disruption", "layout": "C", "seed": "5"}
    assert "Roll again" not in client.get(PAGE, chosen).content.decode()
    html = client.get(PAGE, chosen | {"layout": ""}).content.decode()
    link = re.search(r'href="([^"]+)">Roll again<', html).group(1).replace("&amp;", "&")
    query = parse_qs(urlsplit(link).query, keep_blank_values=True)
    assert query == {"a": ["disruption"], "b": ["disruption"], "layout": [""], "seed": [""]}
    other = re.search(r'href="([^"]+)">another layout for these dispositions<', html).group(1)
    query = parse_qs(urlsplit(other.replace("&amp;", "&")).query, keep_blank_values=True)
    assert query == {"a": ["disruption"], "b": ["disruption"], "layout": [""], "seed": [""]}
