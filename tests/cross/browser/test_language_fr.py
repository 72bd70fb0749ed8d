"""The organiser's dashboard in French: chosen from the footer's switcher on a desktop, and at
390 px wide (where French words run longer than English ones) nothing overflows sideways."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import DESKTOP, PHONE
from tests.cross.browser.site_pages import ORGANISER, open_as, site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def site(db):
    return site_build()


def _speaks_french(page) -> None:
    assert page.locator("html").get_attribute("lang") == "fr"
    tabs = page.get_by_role("navigation", name="Sections du tournoi")
    for tab in ("Joueurs", "Appariement", "Résultats", "Classement", "Journal", "Réglages"):
        assert tabs.get_by_role("link", name=tab, exact=True).is_visible()
    assert page.get_by_role("heading", name="Joueurs", exact=True).is_visible()
    assert page.get_by_role("heading", name="Annonces").is_visible()
    assert page.get_by_role("button", name="Annoncer").is_visible()
    assert page.get_by_text("rondes appariées").is_visible()
    assert page.get_by_label("Trouver un joueur").is_visible()
    body = page.locator("body").inner_text()
    for english in ("Announcements", "Audit log", "Pairings", "Settings", "rounds paired"):
        assert english not in body


def test_the_footer_switcher_turns_the_dashboard_french(live_server, new_page, site):
    page = open_as(new_page, live_server, site, ORGANISER, DESKTOP)
    page.goto(f"{live_server.url}/manage/events/{site.event.pk}/")
    assert page.locator("html").get_attribute("lang") == "en-gb"
    switcher = page.locator("form.language-switch")
    switcher.get_by_label("Language").select_option("fr")
    with page.expect_navigation():
        switcher.get_by_role("button", name="Change").click()
    # Back on the same page, now in French, and the switcher says so in its own words.
    assert page.url.endswith(f"/manage/events/{site.event.pk}/")
    _speaks_french(page)
    choice = page.locator("form.language-switch").get_by_label("Langue")
    assert choice.input_value() == "fr"
    assert choice.locator("option:checked").inner_text().lower() == "français"


def test_the_french_dashboard_fits_a_phone(live_server, new_page, site, shoot):
    page = open_as(new_page, live_server, site, ORGANISER, PHONE)
    page.context.add_cookies([{"name": "django_language", "value": "fr", "url": live_server.url}])
    page.goto(f"{live_server.url}/manage/events/{site.event.pk}/")
    _speaks_french(page)
    shoot(page, "dashboard-fr")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # No single element pokes out of the page either (a long word in a button or a tab).
    wider = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter(e => e.getClientRects().length)
            .filter(e => e.getBoundingClientRect().right > innerWidth + 1)
            .filter(e => !e.closest('[hidden], .sr-only, .visually-hidden'))
            .map(e => e.tagName + '.' + e.className + ': ' + (e.innerText || '').slice(0, 40))"""
    )
    assert wider == []


def test_the_french_tabs_all_show_on_a_small_phone(live_server, new_page, site):
    # French tab names run longer than the English ones: at 320 px all still fit on screen.
    page = open_as(new_page, live_server, site, ORGANISER, {"width": 320, "height": 700})
    page.context.add_cookies([{"name": "django_language", "value": "fr", "url": live_server.url}])
    page.goto(f"{live_server.url}/manage/events/{site.event.pk}/results/")
    tabs = page.get_by_role("navigation", name="Sections du tournoi").get_by_role("link")
    assert "Inscriptions" in tabs.all_inner_texts()
    for tab in tabs.all():
        box = tab.bounding_box()
        assert box["x"] >= 0, tab.inner_text()
        assert box["x"] + box["width"] <= 320, tab.inner_text()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 320
