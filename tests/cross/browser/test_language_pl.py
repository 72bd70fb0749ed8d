"""A Polish player's own page on a 390 px phone: the page is in Polish and fits the screen.

Polish words run long ("międzyturniejowego", "niezaznaczone"), so a layout that only fits
English text would push the page sideways here first. The phone asks for Polish the way a
Polish player's phone does (its Accept-Language); the footer's switcher is checked too.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.cross.browser.conftest import PHONE
from tests.cross.browser.page_checks import OVERFLOW, UNREACHABLE
from tests.cross.browser.site_pages import site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Player label (site_build) -> what their own page must say in Polish, by their game's state.
EXPECTED = {
    "A": ["Wezwij sędziego", "Po zakończeniu gry wpisz końcowe punkty zwycięstwa", "Moje VP"],
    "F": ["Potwierdź ten wynik", "To się nie zgadza"],
    "G": ["Sporny", "Dwa wpisy się różnią"],
    "C": ["Potwierdzony", "Wynik jest ostateczny. Dobra gra!"],
}
# On every player's page, whatever the game's state.
EVERYWHERE = ["Twoje miejsce", "Moja rozpiska", "Zapisz moją rozpiskę", "Sportowa postawa"]


def test_a_polish_players_page_is_in_polish_and_fits_a_phone(live_server, chromium):
    site = site_build()
    context = chromium.new_context(viewport=PHONE, device_scale_factor=1, locale="pl-PL")
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        for label, words in EXPECTED.items():
            key = site.players[label].private_key
            page.goto(live_server.url + reverse("player-home", args=[key]))
            page.locator("main").wait_for()
            assert page.evaluate("document.documentElement.lang") == "pl", label
            text = page.inner_text("main")
            for word in [*words, *EVERYWHERE]:
                assert word in text, f"player {label}: no “{word}”"
            # English that the Polish catalogue replaces must be gone.
            for english in ("Call a judge", "Your place"):
                assert english not in text, f"player {label}: “{english}”"
            width = page.evaluate("document.scrollingElement.scrollWidth")
            assert width <= PHONE["width"], f"player {label}: {page.evaluate(OVERFLOW)}"
            assert page.evaluate(UNREACHABLE) == [], f"player {label}: controls cut off"
        # The mission pool's one-word Polish headings ("ROZSTAWIENIE") must wrap even on the
        # narrowest phones rather than push the page sideways.
        page.set_viewport_size({"width": 320, "height": PHONE["height"]})
        page.goto(live_server.url + reverse("missions"))
        page.get_by_role("heading", name="Pula misji turniejowych Leviathan").wait_for()
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 320, page.evaluate(
            OVERFLOW
        )
    finally:
        context.close()


def test_the_footer_switches_an_english_phone_to_polish(live_server, chromium):
    site = site_build()
    context = chromium.new_context(viewport=PHONE, device_scale_factor=1, locale="en-GB")
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        page.goto(live_server.url + reverse("player-home", args=[site.players["A"].private_key]))
        assert page.evaluate("document.documentElement.lang") == "en-gb"
        assert "Call a judge" in page.inner_text("main")
        page.select_option("#language-choice", "pl")
        page.locator(".language-switch button").click()
        page.wait_for_function("() => document.documentElement.lang === 'pl'")
        assert "Wezwij sędziego" in page.inner_text("main")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()
