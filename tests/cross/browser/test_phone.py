"""Every page works on a 390 px wide phone: nothing makes the page scroll sideways (a wide
table may scroll inside its own wrapper), every event tab is on screen, and every button can
be reached. PHONE_SHOTS=<folder> keeps a screenshot of each page there (nobody looks at them
in a plain run, so none is taken); UPDATE_DOC_SCREENSHOTS=1 also refreshes the phone
screenshots the README shows.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.urls import reverse

from tests.cross.browser.conftest import PHONE
from tests.cross.browser.site_pages import ORGANISER, PAGES, PLAYER, open_as, site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DOCS = Path(__file__).resolve().parents[3] / "docs"
# Page name -> the README's screenshot of it.
DOC_SHOTS = {
    "organiser-dashboard": "screenshot-organiser-phone.png",
    "event-pairings": "screenshot-pairings-phone.png",
}

# What sticks out past the right edge of the page, if anything (inside an element that
# scrolls on its own, such as .table-wrap, does not count: the page itself stays put).
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = el => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (['auto', 'scroll', 'hidden', 'clip'].includes(s.overflowX)) return true;
    }
    return false;
  };
  return [...document.body.querySelectorAll('*')]
    .filter(el => { const r = el.getBoundingClientRect();
      return r.width > 0 && r.right > width + 0.5 && !scrolls(el); })
    .slice(0, 8)
    .map(el => el.outerHTML.slice(0, 80) + ' right=' + el.getBoundingClientRect().right);
}"""
# Buttons, links and fields a finger cannot reach: off the page to the left or right, or cut
# off by an ancestor that hides its overflow, with no scrolling box on the way to bring them
# into view (inside a box that scrolls, such as .table-wrap, the user can swipe to them).
UNREACHABLE = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const selector = 'main a[href], main button, main input:not([type=hidden]), main select, ' +
    'main textarea, header a, header button';
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // not shown (hidden on purpose)
    if (getComputedStyle(el).visibility === 'hidden') continue;
    let clipped = null;
    for (let p = el.parentElement; p && p !== document.body && clipped === null;
         p = p.parentElement) {
      const s = getComputedStyle(p);
      if (['auto', 'scroll'].includes(s.overflowX)) clipped = false;
      else if (['hidden', 'clip'].includes(s.overflowX)) {
        const pr = p.getBoundingClientRect();
        if (r.right > pr.right + 0.5 || r.left < pr.left - 0.5) clipped = true;
      }
    }
    if (clipped === null) clipped = r.left < -0.5 || r.right > width + 0.5;
    if (clipped) out.push((el.textContent || el.name || el.tagName).trim().slice(0, 40));
  }
  return out;
}"""
# The event tabs must all be on screen, not hidden off to the side of a scrolling strip.
TABS_HIDDEN = """() => {
  const nav = document.querySelector('nav.tabs');
  if (!nav) return [];
  const box = nav.getBoundingClientRect();
  return [...nav.querySelectorAll('a')]
    .filter(a => { const r = a.getBoundingClientRect();
      return r.left < box.left - 0.5 || r.right > box.right + 0.5; })
    .map(a => a.textContent.trim());
}"""


@pytest.fixture(scope="module")
def shots() -> Path | None:
    kept = os.environ.get("PHONE_SHOTS")
    if not kept:
        return None
    folder = Path(kept)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.parametrize("page_row", PAGES, ids=[p.name for p in PAGES])
def test_page_fits_a_phone(page_row, live_server, new_page, shots):
    site = site_build()
    if page_row.setup:
        page_row.setup(site)
    page = open_as(new_page, live_server, site, page_row.who, PHONE)
    page.goto(live_server.url + page_row.path(site))
    page.locator(page_row.ready).first.wait_for()
    if page_row.who == ORGANISER:
        assert "/accounts/login/" not in page.url, f"{page_row.name} asked to sign in"

    if shots:
        page.screenshot(path=str(shots / f"{page_row.name}.png"), full_page=True)
    if os.environ.get("UPDATE_DOC_SCREENSHOTS") == "1" and page_row.name in DOC_SHOTS:
        page.screenshot(path=str(DOCS / DOC_SHOTS[page_row.name]), full_page=False)

    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"{page_row.name} scrolls sideways: {page.evaluate(OVERFLOW)}"
    assert page.evaluate(TABS_HIDDEN) == [], f"{page_row.name}: tabs off screen"
    assert page.evaluate(UNREACHABLE) == [], f"{page_row.name}: controls cut off"


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
