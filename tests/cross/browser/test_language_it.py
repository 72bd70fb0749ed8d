"""Italian on a phone: a player's own page and the event's public pairings, read in Italian
(chosen by the footer's cookie, or asked for by the browser), say so in <html lang>, show the
Italian catalogue's words, and still fit a 390 px wide screen: Italian runs longer than
English, so a long word or label must wrap rather than push the page sideways."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.cross.browser.conftest import PHONE
from tests.cross.browser.page_checks import OVERFLOW, UNREACHABLE
from tests.cross.browser.site_pages import PLAYER, open_as, site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _fits(page, name: str) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"{name} scrolls sideways: {page.evaluate(OVERFLOW)}"
    assert page.evaluate(UNREACHABLE) == [], f"{name}: controls cut off"


def test_a_players_page_in_italian_fits_a_phone(live_server, new_page):
    site = site_build()
    page = open_as(new_page, live_server, site, PLAYER, PHONE)
    page.context.add_cookies([{"name": "django_language", "value": "it", "url": live_server.url}])
    page.goto(live_server.url + reverse("player-home", args=[site.players["A"].private_key]))
    page.locator("main").first.wait_for()

    assert page.evaluate("document.documentElement.lang") == "it"
    text = page.locator("body").inner_text()
    for italian in (
        "Tutti gli abbinamenti",
        "Chiama un giudice",
        "Inserisci i punti vittoria finali",
        "La tua posizione",
        "Invia il risultato",
        "I tuoi risultati tra i tornei",
    ):
        assert italian in text, italian
    for english in ("All pairings", "Enter the final victory points", "Your place", "Send result"):
        assert english not in text, english
    # The footer's switcher offers both complete languages, each by its own name.
    switcher = page.locator("select[name=language]")
    assert switcher.locator("option[value=it]").inner_text() == "Italiano"
    assert switcher.locator("option[value=it]").get_attribute("selected") is not None
    _fits(page, "player page")


def test_the_public_pairings_in_italian_fit_a_phone(live_server, new_page):
    site = site_build()
    page = new_page(PHONE)
    page.set_extra_http_headers({"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"})
    page.goto(live_server.url + reverse("event-pairings", args=[site.event.pk]))
    page.locator("main").first.wait_for()

    assert page.evaluate("document.documentElement.lang") == "it"
    text = page.locator("body").inner_text()
    for italian in ("Abbinamenti", "Per tavolo", "Per nome", "Classifica"):
        assert italian in text, italian
    for english in ("By table", "By name", "Standings"):
        assert english not in text, english
    _fits(page, "pairings")
    # Both orders of the list fit: by name is the other view of the same round.
    page.get_by_role("link", name="Per nome").click()
    page.locator("main").first.wait_for()
    assert page.evaluate("document.documentElement.lang") == "it"
    _fits(page, "pairings by name")
