"""The phone beyond the site walk: the organiser's tabs at small widths, and a player's page on
the home screen. That every page of tests/cross/browser/site_pages.py fits a 390 px phone (no
sideways scroll, tabs on screen, every control reachable) is checked by the walk
(tests/cross/browser/test_site_walk.py), which also keeps the screenshots (PHONE_SHOTS,
UPDATE_DOC_SCREENSHOTS).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.cross.browser.conftest import PHONE
from tests.cross.browser.site_pages import ORGANISER, PLAYER, open_as, site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [320, 390, 641, 768])
def test_organiser_tabs_all_show_on_a_phone(live_server, new_page, width):
    """The reported bug: on a phone the organiser's tab strip ran off the edge of the screen.
    Small phones and small tablets (just past the phone layout) too."""
    site = site_build()
    page = open_as(new_page, live_server, site, ORGANISER, {"width": width, "height": 844})
    page.goto(f"{live_server.url}/manage/events/{site.event.pk}/results/")
    tabs = page.get_by_role("navigation", name="Event sections").get_by_role("link")
    names = tabs.all_inner_texts()
    assert names == [
        "Players",
        "Sign-ups",
        "Pairing",
        "Results",
        "Floor",
        "Lists",
        "Standings",
        "Awards",
        "Print",
        "Audit log",
        "Settings",
    ]
    for tab in tabs.all():
        box = tab.bounding_box()
        assert box["x"] >= 0, tab.inner_text()
        assert box["x"] + box["width"] <= width, tab.inner_text()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    tabs.filter(has_text="Settings").click()
    page.get_by_role("heading", name="Settings").first.wait_for()


def test_a_player_adds_their_own_page_to_the_home_screen(live_server, new_page):
    """The manifest has no start_url on purpose: a relative one resolves against the
    manifest's own address (/static/), and one fixed URL cannot be every player's page.
    Without it the browser starts the app at the page it was added from, within that
    page's folder, so each player's icon opens their own private page."""
    site = site_build()
    player_url = live_server.url + reverse("player-home", args=[site.players["A"].private_key])
    page = open_as(new_page, live_server, site, PLAYER, PHONE)
    page.goto(player_url)
    cdp = page.context.new_cdp_session(page)
    answer = cdp.send("Page.getAppManifest")
    assert answer["errors"] == []
    assert answer["url"] == live_server.url + "/static/manifest.webmanifest"
    manifest = answer["manifest"]
    assert manifest["name"] == "Strategium"
    assert manifest["display"] == "kStandalone"
    assert manifest["startUrl"] == player_url
    assert manifest["scope"] == player_url
    assert manifest["themeColor"] == "rgba(122,31,31,1)"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert page.request.get(icon["url"]).ok, icon["url"]
    # The tab shows the favicon, the SVG first.
    icons = page.eval_on_selector_all("link[rel=icon]", "els => els.map(e => e.href)")
    assert icons[0].endswith("/static/img/favicon.svg")
    assert all(page.request.get(url).ok for url in icons)
