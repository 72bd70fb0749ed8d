"""An Eternal War game played to the end on a 390 px phone from the new-game page (issue 26
item 17): destroyed units, the turns, the game length roll, the markers held and the bonus
points, to the final score; the other phone follows without a reload."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLL_MS = 1000


def _tap(page, test_id: str) -> None:
    with page.expect_navigation():
        page.get_by_test_id(test_id).click()


def test_a_big_guns_game_from_start_to_final_score(live_server, new_page, settings):
    from tracker.models import TrackedGame

    settings.TRACKER_POLL_MS = POLL_MS
    one = new_page()  # 390 px wide
    one.goto(f"{live_server.url}/tracker/new/")
    one.get_by_test_id("eternal-mission").select_option("eighth:big_guns_never_tire")
    _tap(one, "start-eternal")
    tracked = TrackedGame.objects.get()
    two = new_page()
    two.goto(f"{live_server.url}/tracker/{tracked.token}/?side=player_2")
    two.evaluate("window.notReloaded = true")

    _tap(one, "first-player_1")
    one.get_by_label("How many").fill("2")
    _tap(one, "kills")  # Player 1 destroyed two Heavy Support units
    assert one.get_by_test_id("total-player_1").inner_text().startswith("2")
    two.wait_for_function(
        "() => document.querySelector('[data-testid=total-player_1]').innerText.startsWith('2')",
        timeout=POLL_MS + 3000,
    )
    assert two.evaluate("window.notReloaded") is True
    for _ in range(10):  # five rounds of two turns
        _tap(one, "end-turn")
    one.get_by_label("D6").fill("2")  # after round 5: the battle ends on a 1 or 2
    _tap(one, "game-length")
    assert one.locator("#now-title").inner_text() == "End of the battle"
    one.locator("form").filter(has_text="Marker 1: 3 VP").get_by_role("combobox").select_option(
        "player_2"
    )
    _tap(one, "hold-1")
    _tap(one, "bonus-player_1-linebreaker")
    _tap(one, "finish")
    assert one.get_by_test_id("final").inner_text() == "Player 1 3 – Player 2 3"
    assert one.get_by_test_id("verdict").inner_text() == "A draw."
    tracked.refresh_from_db()
    assert tracked.finished
    assert one.evaluate("document.documentElement.scrollWidth") <= 390
