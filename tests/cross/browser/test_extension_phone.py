"""Issue 35 on a 390 px phone: a judge gives table N ten more minutes from the round page, and
the public pairings show "+10 min" by that table (and by no other)."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_extension_shows_on_the_public_pairings(live_server, new_page, event, organiser):
    from django.conf import settings
    from django.test import Client

    from tests.conftest import add_players
    from tournament.models import Game
    from tournament.services.rounds.rounds import round_create

    add_players(event, organiser, 8)
    round_create(event_id=event.pk, user=organiser, seed=1)
    game = Game.objects.get(round__event=event, table_number=3)
    client = Client()
    client.force_login(organiser)
    staff = new_page(PHONE)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    staff.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    staff.goto(f"{live_server.url}/manage/events/{event.pk}/rounds/")
    staff.get_by_text("More time for table 3", exact=True).click()
    form = staff.locator(f"form[action$='/games/{game.pk}/extension/']")
    form.get_by_label("Minutes").fill("10")
    form.get_by_label("Reason").fill("Judge call: rules dispute")
    form.get_by_role("button", name="Give table 3 more time").click()
    staff.get_by_text("Table 3: +10 min in all.").wait_for()
    assert staff.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    game.refresh_from_db()
    assert game.extra_minutes == 10

    public = new_page(PHONE)
    public.goto(f"{live_server.url}/events/{event.pk}/pairings/")
    marks = public.get_by_test_id("extension")
    assert marks.count() == 1
    assert marks.inner_text() == "+10 min"
    row = public.locator("#live tr", has=marks)
    assert row.locator(".table-no").inner_text().startswith("3")
    box = marks.bounding_box()
    assert box["x"] + box["width"] <= PHONE["width"]
    assert public.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert "rules dispute" not in public.content()
