"""A Spanish-speaking player's phone: a browser that asks for Spanish gets the public standings
and the player's own page in Spanish (<html lang="es">, the words of the Spanish catalogue),
and on a 390 px wide screen the longer Spanish words make nothing scroll sideways.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.cross.browser.conftest import PHONE
from tests.cross.browser.page_checks import OVERFLOW
from tests.cross.browser.site_pages import ANYONE, PLAYER, open_as, site_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SPANISH = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}


def _open_in_spanish(new_page, live_server, site, who, path):
    page = open_as(new_page, live_server, site, who, PHONE)
    page.set_extra_http_headers(SPANISH)
    page.goto(live_server.url + path)
    page.locator("main").first.wait_for()
    return page


def _fits_the_phone(page, name):
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"{name} scrolls sideways: {page.evaluate(OVERFLOW)}"


def test_public_standings_in_spanish_on_a_phone(live_server, new_page):
    site = site_build()
    path = reverse("event-standings", args=[site.event.pk])
    page = _open_in_spanish(new_page, live_server, site, ANYONE, path)

    assert page.evaluate("document.documentElement.lang") == "es"
    tabs = page.get_by_role("navigation", name="Secciones del torneo")
    assert "Clasificación" in tabs.inner_text()
    assert "Emparejamientos" in tabs.inner_text()
    assert page.get_by_role("heading", name="Clasificación").count() >= 1
    text = page.locator("body").inner_text()
    assert "Ronda 1 en juego: 1 de 4 resultados confirmados" in text
    assert "Clasificados por resultados y luego por OWR" in text
    assert "Standings" not in text
    assert "Pairings" not in text
    # The footer offers the languages by their own names.
    assert page.locator('select[name="language"] option[value="es"]').inner_text() == "Español"
    _fits_the_phone(page, "standings")


def test_a_players_page_in_spanish_on_a_phone(live_server, new_page):
    site = site_build()
    player = site.players["A"]
    path = reverse("player-home", args=[player.private_key])
    page = _open_in_spanish(new_page, live_server, site, PLAYER, path)

    assert page.evaluate("document.documentElement.lang") == "es"
    text = page.locator("main").text_content()  # as written, before CSS capitals
    assert "Mesa" in text
    assert "Todos los emparejamientos" in text
    assert "Esta página es tu enlace privado" in text
    assert "Enviar resultado" in text
    assert "Tu puesto" in text
    assert "All pairings" not in text
    assert "private link" not in text
    _fits_the_phone(page, "player page")
