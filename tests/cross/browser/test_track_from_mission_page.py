"""A Maelstrom of War mission's page starts that mission's game in one tap (issue 21 item 3),
on a 390 px phone: no second form whose first button would start some other game."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("code", "pack", "mission"),
    [("EGT-6-6", "eighth", "cleanse_and_capture"), ("SVN-9-9", "seventh", "cloak_and_shadows")],
)
def test_track_a_game_on_this_mission_in_one_tap(live_server, new_page, code, pack, mission):
    from tracker.models import TrackedGame

    page = new_page()  # 390 px wide
    page.goto(f"{live_server.url}/missions/{code}/")
    with page.expect_navigation():
        page.get_by_role("button", name="Track a game on this mission").click()
    tracked = TrackedGame.objects.get()
    assert re.fullmatch(rf"{live_server.url}/tracker/{tracked.token}/.*", page.url)
    assert (tracked.pack_key, tracked.mission_code) == (pack, code)
    assert tracked.state["mission"] == mission


def test_an_eternal_war_page_starts_the_score_tracker(live_server, new_page):
    from tracker.models import TrackedGame

    page = new_page()
    page.goto(f"{live_server.url}/missions/EGT-1-1/")
    with page.expect_navigation():
        page.get_by_role("button", name="Track a game on this mission").click()
    tracked = TrackedGame.objects.get()
    assert tracked.state["engine"] == "eternal"
    assert tracked.state["mission"] == "secure_and_control"
    page.get_by_role("button", name="Player 1 goes first").wait_for()
