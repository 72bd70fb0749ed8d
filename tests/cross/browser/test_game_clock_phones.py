"""Two 390 px phones run a game clock from the players' own pages: A starts their clock and
B's phone follows within seconds (the clock's stream, server-sent events; polling when it
fails), the turn passes back and forth, a reload keeps
the server's state, and a phone cut from the network keeps counting, says so, and resyncs."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FOLLOW_MS = 6_000  # a stream's message or a 2 s poll: a tap reaches the other phone well within


@pytest.fixture
def clock_pages(live_server, organiser, chromium):
    from tests.conftest import add_players
    from tournament.services.events.events import event_create, event_update
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=organiser, name="Clock GT", rounds=3, seed=1)
    event_update(event=event, user=organiser, changes={"game_clock_minutes": 90})
    a, b = add_players(event, organiser, 2)
    round_create(event_id=event.pk, user=organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}])
    contexts, pages = [], {}
    for side, player in (("a", a), ("b", b)):
        context = chromium.new_context(viewport=PHONE, device_scale_factor=1)
        context.set_default_timeout(10_000)
        page = context.new_page()
        page.goto(f"{live_server.url}/p/{player.private_key}/")
        page.locator("#game-clock").wait_for()
        contexts.append(context)
        pages[side] = (context, page)
    yield pages
    for context in contexts:
        context.close()


def _big(page) -> str:
    return page.get_by_test_id("clock-big").inner_text().strip()


def _wait_big(page, text: str, timeout: int = FOLLOW_MS) -> None:
    page.wait_for_function(
        "t => { const b = document.querySelector('[data-gc-big]');"
        " return !!b && b.textContent.trim() === t; }",
        arg=text,
        timeout=timeout,
    )


def test_the_other_phone_follows_a_tap_and_a_reload_keeps_the_clock(clock_pages):
    (_, a), (_, b) = clock_pages["a"], clock_pages["b"]
    assert _big(a) == "Start my clock"
    a.get_by_test_id("clock-big").click()
    _wait_big(a, "End my turn", 3_000)
    _wait_big(b, "Opponent's turn")
    assert "gc-running" in (b.get_by_test_id("clock-a").get_attribute("class") or "")
    a.get_by_test_id("clock-big").click()  # A ends their turn: B's clock runs
    _wait_big(b, "End my turn")
    b.get_by_test_id("clock-big").click()  # and B passes it back
    _wait_big(a, "End my turn")
    b.reload()
    b.locator("#game-clock").wait_for()
    assert _big(b) == "Opponent's turn"
    assert b.locator("#game-clock [data-gc-version]").first.input_value() == "3"
    # Both phones count A's time down from the server's state.
    left = b.get_by_test_id("clock-a").locator(".gc-time").inner_text()
    assert left.startswith("1:29:") or left == "1:30:00"
    width = b.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]


def test_a_phone_off_the_network_keeps_counting_and_resyncs(clock_pages):
    (_, a), (b_context, b) = clock_pages["a"], clock_pages["b"]
    a.get_by_test_id("clock-big").click()
    _wait_big(b, "Opponent's turn")
    b_context.set_offline(True)
    status = b.locator("[data-gc-status]")
    status.get_by_text("Offline").wait_for(timeout=FOLLOW_MS)
    shown = b.get_by_test_id("clock-a").locator(".gc-time").inner_text()
    b.wait_for_function(
        "t => document.querySelector('[data-testid=clock-a] .gc-time').textContent !== t",
        arg=shown,
        timeout=3_000,
    )  # still counting down here
    a.get_by_test_id("clock-big").click()  # meanwhile A ends their turn
    _wait_big(a, "Opponent's turn", 3_000)
    b_context.set_offline(False)
    _wait_big(b, "End my turn")
    assert status.is_hidden()
