"""Under `make run` (SITE_URL and the page both at 127.0.0.1), a QR code holds this computer's
own address, which no phone can open: the page says so beside the code and points at
`make serve` (issue 32, minor). With the venue address known, no such warning."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WARNING = "phones cannot open"


def _event(user_model):
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register

    user = user_model.objects.create_user("marshal", password="pw-marshal", is_staff=True)
    event = event_create(user=user, name="Club Night", rounds=3, seed=1, registration_open=True)
    player = player_register(event=event, user=user, name="Ann Bell", faction="Orks")
    return event, player


def _sign_in(page, base: str, path: str) -> None:
    page.goto(f"{base}/accounts/login/?next={path}")
    page.get_by_label("Username").fill("marshal")
    page.get_by_label("Password").fill("pw-marshal")
    page.get_by_role("button", name="Sign in").click()


def test_make_run_qr_codes_warn_that_phones_cannot_open_them(live_server, new_page, settings):
    from django.contrib.auth import get_user_model

    base = live_server.url.replace("localhost", "127.0.0.1")
    settings.SITE_URL = base  # as `make run` sets it: http://127.0.0.1:$PORT
    event, player = _event(get_user_model())
    page = new_page()
    _sign_in(page, base, f"/manage/events/{event.pk}/players/{player.pk}/")
    note = page.locator(".qr-card").get_by_text(WARNING)
    assert note.is_visible()
    assert "make serve" in note.inner_text()

    page.goto(f"{base}/manage/events/{event.pk}/signups/")
    assert page.locator(".qr-card").get_by_text(WARNING).is_visible()

    # Printed codes carry SITE_URL: the Print page warns before anything is printed.
    page.goto(f"{base}/events/{event.pk}/print/")
    assert page.get_by_text(WARNING).is_visible()


def test_no_warning_when_the_codes_carry_the_venue_address(live_server, new_page, settings):
    from django.contrib.auth import get_user_model

    base = live_server.url.replace("localhost", "127.0.0.1")
    settings.SITE_URL = "http://192.168.1.20:8000"  # as `make serve` finds it
    event, player = _event(get_user_model())
    page = new_page()
    _sign_in(page, base, f"/manage/events/{event.pk}/players/{player.pk}/")
    assert page.locator(".qr-card").is_visible()
    assert page.get_by_text(WARNING).count() == 0
    page.goto(f"{base}/manage/events/{event.pk}/signups/")
    assert page.get_by_text(WARNING).count() == 0
    page.goto(f"{base}/events/{event.pk}/print/")
    assert page.get_by_text(WARNING).count() == 0
