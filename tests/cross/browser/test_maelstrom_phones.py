"""A Maelstrom game on two phones: what one phone does shows on the other without a reload,
and what the other player was choosing meanwhile stays as they left it."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLL_MS = 1000  # TRACKER_POLL_MS for this test (4 s in production): the same code, less idling
SEEN_MS = POLL_MS + 3000  # the other phone catches up within one poll (plus a slow request)


def _seq(page) -> int:
    return int(page.locator("#tracker-app").get_attribute("data-seq") or 0)


def _catch_up(page, seq: int) -> None:
    page.wait_for_function(
        # Between two documents there is no app yet: "not yet", not an error.
        "n => { const app = document.getElementById('tracker-app');"
        " return !!app && Number(app.dataset.seq) >= n; }",
        arg=seq,
        timeout=SEEN_MS,
    )


def _priority_form(page, side: str):
    return page.locator("form").filter(has=page.locator(f'input[name="side"][value="{side}"]'))


def test_player_twos_phone_follows_player_one_without_a_reload(live_server, new_page, settings):
    from tracker.services.trackers import tracker_create

    settings.TRACKER_POLL_MS = POLL_MS
    tracked = tracker_create(pack_key="eighth", mission_key="tactical_escalation", seed=3)
    categories = tracked.state["categories"]
    base = f"{live_server.url}/tracker/{tracked.token}/?side="
    one, two = new_page(), new_page()
    one.goto(base + "player_1")
    two.goto(base + "player_2")
    two.evaluate("window.notReloaded = true")

    # Player 2 starts choosing their type (not sent yet) while player 1 names theirs.
    mine = _priority_form(two, "player_2").locator("select")
    mine.select_option(categories[-1])
    mine.focus()
    first = _priority_form(one, "player_1")
    first.locator("select").select_option(categories[0])
    with one.expect_navigation():
        first.get_by_role("button", name="Name it").click()
    assert f"priority {categories[0]}" in one.get_by_test_id("side-player_1").inner_text()

    _catch_up(two, _seq(one))
    assert f"priority {categories[0]}" in two.get_by_test_id("side-player_1").inner_text()
    assert two.evaluate("window.notReloaded") is True
    assert mine.input_value() == categories[-1]  # their choice was not wiped by the update
    assert two.evaluate("document.activeElement.name") == "category"

    # Player 2 sends it from the updated page; player 1's phone follows in turn.
    with two.expect_navigation():
        _priority_form(two, "player_2").get_by_role("button", name="Name it").click()
    assert f"priority {categories[-1]}" in two.get_by_test_id("side-player_2").inner_text()
    one.evaluate("window.notReloaded = true")
    _catch_up(one, _seq(two))
    assert f"priority {categories[-1]}" in one.get_by_test_id("side-player_2").inner_text()
    assert one.evaluate("window.notReloaded") is True

    # Player 1 takes the first turn: player 2's page moves on to the turn's phase.
    with one.expect_navigation():
        one.get_by_role("button", name="Player 1 goes first").click()
    _catch_up(two, _seq(one))
    assert two.locator("#now-title").inner_text() == "Start of turn: generate"
    assert two.get_by_test_id("generate").is_visible()
