"""Standings and Print opened from the organiser's pages stay in the organiser's area: the
organiser's tabs with the page's own tab current, and the crumbs lead back to the public page
only as "Public page" (phone and desktop alike)."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import DESKTOP, PHONE
from tests.cross.browser.site_pages import ORGANISER, open_as, site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(db):
    return site_build()


def _in_organiser_area(page, tab: str) -> None:
    tabs = page.get_by_role("navigation", name="Event sections")
    assert tabs.get_by_role("link", name="Players").is_visible()
    assert tabs.get_by_role("link", name="Audit log").is_visible()
    assert tabs.locator("[aria-current=page]").inner_text() == tab
    assert page.get_by_role("link", name="Public page").is_visible()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_standings_and_print_keep_the_organisers_tabs(live_server, new_page, site, viewport):
    page = open_as(new_page, live_server, site, ORGANISER, viewport)
    page.goto(f"{live_server.url}/manage/events/{site.event.pk}/")
    tabs = page.get_by_role("navigation", name="Event sections")

    tabs.get_by_role("link", name="Standings").click()
    page.get_by_role("heading", name="Standings").wait_for()
    _in_organiser_area(page, "Standings")
    # The organiser's standings offer the provisional view and stay in the area with it.
    page.get_by_role("link", name="Show provisional standings").click()
    page.get_by_role("heading", name="Provisional standings").wait_for()
    _in_organiser_area(page, "Standings")

    tabs = page.get_by_role("navigation", name="Event sections")
    tabs.get_by_role("link", name="Print").click()
    page.get_by_role("heading", name="Printing: round 1").wait_for()
    _in_organiser_area(page, "Print")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"]
