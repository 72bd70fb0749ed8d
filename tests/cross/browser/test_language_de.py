"""A German player's phone: the page answers in German and German's long words fit 390 px.

German compounds ("Schiedsrichterruf", "Missionsziel-Marker", "Aufstellungszonen") are far
longer than their English originals, so a layout that fits in English may scroll sideways in
German. The browser asks for German the two ways a player's phone does: its own language
(Accept-Language) or the footer's choice (Django's language cookie).
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from tests.cross.browser.conftest import PHONE
from tests.cross.browser.page_checks import OVERFLOW, UNREACHABLE
from tests.cross.browser.site_pages import PAGES, PLAYER, site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def german_phone(chromium):
    """A fresh 390 px page whose browser speaks German (Accept-Language: de-DE)."""
    contexts = []

    def make():
        context = chromium.new_context(viewport=PHONE, device_scale_factor=1, locale="de-DE")
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def fits(page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"scrolls sideways: {page.evaluate(OVERFLOW)}"
    assert page.evaluate(UNREACHABLE) == [], "controls cut off"


def test_a_german_players_own_page_speaks_german_and_fits_a_phone(live_server, german_phone):
    site = site_build()
    page = german_phone()
    page.goto(live_server.url + reverse("player-home", args=[site.players["A"].private_key]))
    page.locator("main").first.wait_for()

    assert page.evaluate("document.documentElement.lang") == "de"
    text = page.locator("body").inner_text()
    # The player's table, opponent and result form, in the words of docs/glossary-de.md.
    for words in ("Runde 1", "Tisch", "Meine VP", "Ergebnis senden", "Dein Platz", "Sprache"):
        assert words in text, words
    for english in ("My VP", "Send result", "Your place", "in play", "Language"):
        assert english not in text, english
    # Names and the game's own names stay as they are.
    assert "Bram Okoro" in text
    fits(page)


def test_the_footer_choice_gives_german_without_the_browser_asking(live_server, new_page):
    site = site_build()
    page = new_page(PHONE)  # a browser that asks for no German
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "de", "url": live_server.url}]
    )
    page.goto(live_server.url + reverse("player-home", args=[site.players["A"].private_key]))
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator('select[name="language"] option[selected]').inner_text() == "Deutsch"
    fits(page)


@pytest.mark.parametrize(
    "page_row",
    [p for p in PAGES if p.who == PLAYER],
    ids=[p.name for p in PAGES if p.who == PLAYER],
)
def test_every_player_page_fits_a_phone_in_german(page_row, live_server, german_phone):
    site = site_build()
    if page_row.setup:
        page_row.setup(site)
    page = german_phone()
    page.goto(live_server.url + page_row.path(site))
    page.locator(page_row.ready).first.wait_for()
    assert page.evaluate("document.documentElement.lang") == "de"
    fits(page)
