"""A painting score refused on one row of many is named at the top of the page, so the judge
who pressed Save sees at once which row to fix (the box alone sat far down the list)."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import DESKTOP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_refused_row_is_named_at_the_top(live_server, new_page, organiser):
    from django.conf import settings
    from django.test import Client

    from tests.conftest import add_players
    from tournament.services.events.events import event_create

    event = event_create(user=organiser, name="Paint GT", rounds=3, seed=1)
    players = add_players(event, organiser, 20)
    client = Client()
    client.force_login(organiser)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page = new_page(DESKTOP)
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/manage/events/{event.pk}/awards/")
    page.locator(f"#id_painting_{players[0].pk}").fill("5")
    page.locator(f"#id_painting_{players[12].pk}").fill("99")
    page.get_by_role("button", name="Save painting scores").click()
    summary = page.locator("#painting-problems")
    summary.wait_for()
    text = " ".join(summary.inner_text().split())
    assert "Nothing was saved" in text
    assert f"Row 13, {players[12].name}" in text
    box = summary.bounding_box()
    assert box is not None
    assert box["y"] < DESKTOP["height"]  # on screen without scrolling
