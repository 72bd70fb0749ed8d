"""The organiser's counters follow the rows changed in place: checking a player in on the
players page moves "checked in"; entering a score on the results board moves "missing" and
"done", without a reload (on a 390 px phone, as at the door)."""

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


def _wait_for_stat(page, label: str, value: str) -> None:
    page.wait_for_function(
        "([label, value]) => [...document.querySelectorAll('.stat')].some(s =>"
        " s.textContent.includes(label) && s.querySelector('strong').textContent === value)",
        arg=[label, value],
    )


def _stat(page, label: str) -> str:
    stat = page.locator(".stat", has=page.locator("span", has_text=label))
    return stat.locator("strong").inner_text()


def test_checking_in_moves_the_count(live_server, signed_in, event, organiser):
    from tests.conftest import add_players

    players = add_players(event, organiser, 3)
    page = signed_in()
    page.goto(f"{live_server.url}/manage/events/{event.pk}/")
    assert _stat(page, "checked in") == "0"
    row = page.locator(f"#player-{players[1].pk}")
    row.get_by_role("button", name="Check in").click()
    row.get_by_role("button", name="✓ In").wait_for()
    _wait_for_stat(page, "checked in", "1")
    assert _stat(page, "checked in") == "1"
    # The filter chip says the same count as the counter beside it.
    page.get_by_role("link", name="Not checked in (2)").wait_for()
    assert page.get_by_role("link", name="Everyone (3)").is_visible()


def test_entering_a_score_moves_missing_and_done(live_server, signed_in, event, organiser):
    from tests.conftest import add_players
    from tournament.services.rounds.rounds import round_create

    add_players(event, organiser, 4)
    round_create(event_id=event.pk, user=organiser, seed=1)
    page = signed_in()
    page.goto(f"{live_server.url}/manage/events/{event.pk}/results/")
    assert (_stat(page, "missing"), _stat(page, "done")) == ("2", "0")
    row = page.locator("tr.state-missing").first
    row.locator("input[name=vp_a]").fill("60")
    row.locator("input[name=vp_b]").fill("40")
    row.get_by_role("button", name="Enter").click()
    page.locator("tr.state-confirmed").wait_for()
    _wait_for_stat(page, "done", "1")
    assert (_stat(page, "missing"), _stat(page, "done")) == ("1", "1")
