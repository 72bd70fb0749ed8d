"""Find my table in a real browser on a phone: in a 500-player round, typing part of a name
shows just that player's game (table, opponent, mission) at the top of a 390 px screen."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEARCHED = "Zoë Ärnström"


@pytest.fixture
def big_round(organiser):
    """500 players paired in order at tables 1-250; Zoë plays table 137."""
    from tournament.models import Player
    from tournament.services.events.events import event_create
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=organiser, name="Mega GT", rounds=5, seed=1)
    names = [f"Player {i:03d}" for i in range(1, 501)]
    names[272] = SEARCHED  # seat 273: table 137, against Player 274
    Player.objects.bulk_create(
        Player(event=event, name=name, faction="Orks", private_key=f"key-{i}")
        for i, name in enumerate(names)
    )
    ids = list(Player.objects.filter(event=event).order_by("pk").values_list("pk", flat=True))
    pairs = [
        {"player_a": ids[i], "player_b": ids[i + 1], "table": i // 2 + 1} for i in range(0, 500, 2)
    ]
    round_create(event_id=event.pk, user=organiser, pairings=pairs, mission_code="C")
    return event


def _visible_rows(page) -> list[str]:
    return page.locator("#live tr[data-find]:visible").all_inner_texts()


def _fits_the_phone(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways ({width}px)"


def test_typing_part_of_a_name_shows_just_that_game_on_a_phone(
    live_server, new_page, shoot, big_round
):
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/events/{big_round.pk}/pairings/")
    assert page.locator("#live tr[data-find]").count() == 250

    page.get_by_label("Find my table").press_sequentially("zoe ar", delay=20)
    page.wait_for_function(
        "() => document.querySelectorAll('#live tr[data-find]:not([hidden])').length === 1"
    )
    rows = _visible_rows(page)
    assert len(rows) == 1
    assert "137" in rows[0]
    assert SEARCHED in rows[0]
    assert "Player 274" in rows[0]
    assert page.get_by_text("1 game for “zoe ar”").is_visible()
    assert page.locator(".mission-line").is_visible()
    # The game is on the first screen: no scrolling through the other 249.
    box = page.locator("#live tr[data-find]:visible").bounding_box()
    assert box["y"] + box["height"] <= PHONE["height"]
    _fits_the_phone(page)
    assert "q=zoe+ar" in page.url or "q=zoe%20ar" in page.url  # a reload keeps the search
    shoot(page, "find-my-table", full_page=False)

    page.get_by_label("Find my table").fill("Xavier")
    page.get_by_text("No player in round 1 has a name with “Xavier”").wait_for()
    assert _visible_rows(page) == []

    page.get_by_label("Find my table").fill("")
    page.wait_for_function(
        "() => document.querySelectorAll('#live tr[data-find]:not([hidden])').length === 250"
    )


def test_a_page_opened_with_a_search_can_search_again(live_server, new_page, big_round):
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/events/{big_round.pk}/pairings/?q=Player+27")
    # The games of Players 270-279 (Zoë sits in 273's seat, against 274): tables 135-140.
    assert len(_visible_rows(page)) == 6
    page.get_by_label("Find my table").fill("zoë")
    page.wait_for_function(
        "() => document.querySelectorAll('#live tr[data-find]:not([hidden])').length === 1"
    )
    assert SEARCHED in _visible_rows(page)[0]


def test_without_javascript_the_form_asks_the_server(live_server, chromium, big_round):
    context = chromium.new_context(viewport=PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/events/{big_round.pk}/pairings/")
        page.get_by_label("Find my table").fill("ZOE")
        page.get_by_role("button", name="Find").click()
        page.wait_for_url("**q=ZOE**")
        assert page.locator("#live tr[data-find]").count() == 1
        row = page.locator("#live tr[data-find]").inner_text()
        assert "137" in row
        assert "Player 274" in row
        _fits_the_phone(page)
    finally:
        context.close()


@pytest.fixture
def nordic_round(organiser):
    """Łukasz v Søren at table 1, Ødegård v Ana at table 2."""
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=organiser, name="Nordic GT", rounds=3, seed=1)
    names = ["Łukasz Żółć", "Søren Kierkegaard", "Martin Ødegård", "Ana Lima"]
    ids = [player_register(event=event, user=organiser, name=n).pk for n in names]
    pairs = [
        {"player_a": ids[0], "player_b": ids[1], "table": 1},
        {"player_a": ids[2], "player_b": ids[3], "table": 2},
    ]
    round_create(event_id=event.pk, user=organiser, pairings=pairs, mission_code="C")
    return event


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("lukasz", "Łukasz Żółć"),
        ("soren", "Søren"),
        ("odegard", "Ødegård"),
        # Typed with the letters themselves: the script folds them with the server's table.
        ("ŁUKASZ", "Łukasz Żółć"),
        ("Søren", "Søren"),
        ("ødegård", "Ødegård"),
    ],
)
def test_typing_with_or_without_the_special_letters_finds_the_player(
    live_server, new_page, nordic_round, typed, found
):
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/events/{nordic_round.pk}/pairings/")
    assert page.locator("#live tr[data-find]").count() == 2
    page.get_by_label("Find my table").press_sequentially(typed, delay=20)
    page.wait_for_function(
        "() => document.querySelectorAll('#live tr[data-find]:not([hidden])').length === 1"
    )
    assert found in _visible_rows(page)[0]
