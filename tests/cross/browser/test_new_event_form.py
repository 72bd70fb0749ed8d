"""The new-event form on a 390 px phone: team fields show only for a team event, and the
sign-up fields are there from the start."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _signed_in(live_server, new_page, organiser):
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(organiser)
    page = new_page(PHONE)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    return page


def test_team_fields_hide_on_a_singles_event(live_server, new_page, organiser, event):
    from tournament.models import Event

    page = _signed_in(live_server, new_page, organiser)
    page.goto(f"{live_server.url}/manage/events/new/")
    team_size = page.get_by_label("Players per team (team events)")
    assert not team_size.is_visible()
    assert page.get_by_label("Places (empty: no limit; beyond it sign-ups wait)").is_visible()
    page.get_by_label("Event kind").select_option("team")
    team_size.wait_for(state="visible")
    page.get_by_label("Event kind").select_option("singles")
    team_size.wait_for(state="hidden")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_label("Name", exact=True).fill("Singles GT")
    page.get_by_role("button", name="Create event").click()
    page.wait_for_url("**/manage/events/*/")
    assert Event.objects.get(name="Singles GT").kind == "singles"

    # The settings of a singles event hide them too, and still save unchanged.
    page.goto(f"{live_server.url}/manage/events/{event.pk}/settings/")
    assert not page.get_by_label("Players per team (team events)").is_visible()
