"""At the door, on 390 px phones: the player checks in from their private page and the
organiser's "checked in" count moves on its own; before release, the player's page says the
pairings are coming, then shows the table once the organiser releases them."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def signed_in(live_server, new_page, organiser):
    from django.conf import settings
    from django.test import Client

    def make():
        page = new_page(PHONE)
        client = Client()
        client.force_login(organiser)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
        )
        return page

    return make


@pytest.fixture
def quick_counts(monkeypatch):
    from tournament.views import organiser as organiser_views

    monkeypatch.setattr(organiser_views, "COUNTS_POLL_S", 1)  # the door's 10 s, made quick


def _stat(page, label: str):
    return page.locator(".stat", has=page.locator("span", has_text=label)).locator("strong")


def _no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.usefixtures("quick_counts")
def test_a_phone_check_in_moves_the_organisers_count(
    live_server, new_page, signed_in, event, organiser
):
    from tests.conftest import add_players
    from tournament.services.events.events import event_update

    players = add_players(event, organiser, 3)
    event_update(event=event, user=organiser, changes={"check_in_open": True})
    desk = signed_in()
    desk.goto(f"{live_server.url}/manage/events/{event.pk}/")
    assert _stat(desk, "checked in").inner_text() == "0"

    phone = new_page(PHONE)
    phone.goto(f"{live_server.url}/p/{players[0].private_key}/")
    phone.get_by_text("Check-in is open").wait_for()
    _no_sideways_scroll(phone)
    phone.get_by_role("button", name="Check in").click()
    phone.get_by_text("You are checked in. Good luck!").wait_for()
    assert phone.locator("#check-in .tag.ok").inner_text() == "Checked in"

    # No reload on the organiser's phone: the count follows by itself.
    desk.wait_for_function(
        "() => [...document.querySelectorAll('.stat')].some(s =>"
        " s.textContent.includes('checked in') && s.querySelector('strong').textContent === '1')"
    )


def test_the_player_waits_for_released_pairings(live_server, new_page, event, organiser):
    from tests.conftest import add_players
    from tournament.services.events.events import event_update
    from tournament.services.rounds.release import round_release
    from tournament.services.rounds.rounds import round_create

    players = add_players(event, organiser, 4)
    event_update(event=event, user=organiser, changes={"review_pairings": True})
    round_create(event_id=event.pk, user=organiser, seed=1)
    phone = new_page(PHONE)
    phone.goto(f"{live_server.url}/p/{players[0].private_key}/")
    phone.get_by_text("Round 1: pairings coming.").wait_for()
    assert not phone.locator(".table-badge").count()
    _no_sideways_scroll(phone)
    round_release(event_id=event.pk, user=organiser, number=1)
    phone.reload()
    phone.locator(".table-badge").wait_for()
