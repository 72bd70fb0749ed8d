"""The players list toggles Battle Ready in place, on a 390 px phone as at the door: the
organiser checks the painted armies as players arrive, without opening each player."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_battle_ready_toggles_in_the_players_list(live_server, new_page, event, organiser):
    from django.conf import settings
    from django.test import Client

    from tests.conftest import add_players
    from tournament.models import AuditEntry

    players = add_players(event, organiser, 3)
    client = Client()
    client.force_login(organiser)
    page = new_page(PHONE)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/manage/events/{event.pk}/")
    row = page.locator(f"#player-{players[1].pk}")
    toggle = row.get_by_role("button", name="Battle Ready")
    assert toggle.get_attribute("aria-pressed") == "false"
    url = page.url
    toggle.click()
    row.locator("button[aria-pressed=true]", has_text="Battle Ready").wait_for()
    assert page.url == url  # in place, no reload to the top of the list
    players[1].refresh_from_db()
    assert players[1].battle_ready
    assert AuditEntry.objects.filter(event=event, target=f"player:{players[1].pk}").exists()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    row.get_by_role("button", name="Battle Ready").click()
    row.locator("button[aria-pressed=false]", has_text="Battle Ready").wait_for()
    players[1].refresh_from_db()
    assert not players[1].battle_ready
