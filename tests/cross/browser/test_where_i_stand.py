"""Where do I stand, on a 390 px phone: the player's page shows their place and record from
the published standings, and the standings page filters to a name as it is typed, with the
pairings page's find box."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def day(organiser):
    """Twelve players; round 1 paired, every game confirmed but the last (entered only)."""
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.results.results import result_enter
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=organiser, name="Where GT", rounds=3, seed=1)
    names = [f"Player {i:02d}" for i in range(1, 13)]
    names[4] = "Zoë Ärnström-Łęcka"
    ids = [player_register(event=event, user=organiser, name=n, faction="Orks").pk for n in names]
    round_ = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[
            {"player_a": ids[i], "player_b": ids[i + 1], "table": i // 2 + 1}
            for i in range(0, 12, 2)
        ],
        mission_code="C",
    )
    for game in round_.games.order_by("table_number"):
        if game.table_number == 6:
            result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 20}, player=game.player_a)
        else:
            result_enter(
                game_id=game.pk, data={"vp_a": 50 + game.table_number, "vp_b": 30}, user=organiser
            )
    return event


def _fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways ({width}px)"


def test_the_players_page_shows_their_place_and_record(live_server, new_page, shoot, day):
    zoe = day.players.get(name__startswith="Zoë")
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/p/{zoe.private_key}/")
    card = page.locator(".my-standing")
    # Zoë won 53-30 at table 3: the third-best winner on VP among five confirmed wins.
    assert card.locator(".standing-line").inner_text().startswith("3rd, 1-0-0")
    assert "Provisional" in card.inner_text()
    assert "Round 1 in play: 5 of 6 results confirmed" in card.inner_text()
    _fits(page)
    shoot(page, "player-home-standing", full_page=False)

    card.get_by_role("link", name="Find me in the standings").click()
    page.wait_for_function(
        "() => document.querySelectorAll('#live tr[data-find]:not([hidden])').length === 1"
    )
    row = page.locator("#live tr[data-find]:visible")
    assert "Zoë Ärnström-Łęcka" in row.inner_text()
    assert row.locator(".rank").inner_text() == "3"


def test_typing_on_the_standings_page_filters_the_rows(live_server, new_page, shoot, day):
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/events/{day.pk}/standings/")
    assert page.locator("#live tr[data-find]").count() == 12
    page.get_by_label("Find a player").press_sequentially("zoe ar", delay=20)
    page.wait_for_function(
        "() => document.querySelectorAll('#live tr[data-find]:not([hidden])').length === 1"
    )
    assert page.get_by_text("1 player for “zoe ar”").is_visible()
    assert "q=zoe" in page.url  # a reload keeps the search
    _fits(page)
    shoot(page, "standings-find", full_page=False)

    page.get_by_label("Find a player").fill("Xavier")
    page.get_by_text("No player has a name with “Xavier”").wait_for()
    page.get_by_label("Find a player").fill("player 1")
    page.wait_for_function(
        "() => document.querySelectorAll('#live tr[data-find]:not([hidden])').length === 3"
    )
