"""On-screen QR codes carry the address phones on the venue's network can open (issue 21 item
5): the organiser's laptop opens the server at 127.0.0.1 (as `make serve` prints), yet the
player-link and sign-up-poster codes must hold the venue address (SITE_URL) with its port."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VENUE = "http://192.168.1.20:23456"


def _drawn(page) -> str:
    """The QR code's modules, as the page draws them (one SVG path)."""
    return page.locator(".qr svg path").get_attribute("d")


def _modules(url: str) -> str:
    from tournament.views.links import qr_svg

    return re.search(r' d="([^"]+)"', qr_svg(url)).group(1)


def _sign_in(page, base: str, path: str) -> None:
    page.goto(f"{base}/accounts/login/?next={path}")
    page.get_by_label("Username").fill("marshal")
    page.get_by_label("Password").fill("pw-marshal")
    page.get_by_role("button", name="Sign in").click()


def test_qr_codes_opened_on_loopback_hold_the_venue_address(live_server, new_page, settings):
    from django.contrib.auth import get_user_model

    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register

    settings.SITE_URL = VENUE
    user = get_user_model().objects.create_user("marshal", password="pw-marshal", is_staff=True)
    event = event_create(user=user, name="Venue GT", rounds=3, seed=1, registration_open=True)
    player = player_register(event=event, user=user, name="Ann Bell", faction="Orks")
    # The address the organiser's own browser uses: the loopback one the server printed.
    base = live_server.url.replace("localhost", "127.0.0.1")
    assert "127.0.0.1" in base

    page = new_page()
    _sign_in(page, base, f"/manage/events/{event.pk}/players/{player.pk}/")
    link = f"{VENUE}/p/{player.private_key}/"
    assert page.get_by_label("Private link").input_value() == link
    assert _drawn(page) == _modules(link)

    page.goto(f"{base}/manage/events/{event.pk}/signups/")
    signup = f"{VENUE}/events/{event.pk}/signup/"
    assert page.get_by_label("Sign-up link").input_value() == signup
    assert _drawn(page) == _modules(signup)
