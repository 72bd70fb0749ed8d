"""The day of the event in a real browser: the organiser starts the round's clock, a player's
phone counts it down, and the hall's big screen shows the pairings and a new announcement
without anyone reloading it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.cross.browser.conftest import DESKTOP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Alice Varn", "Bram Okoro", "Cass Ironhand", "Dita Moreau"]
COUNTDOWN = re.compile(r"^(\d+):(\d\d):(\d\d)$")


def _seconds(text: str) -> int:
    match = COUNTDOWN.match(text.strip())
    assert match, text
    hours, minutes, seconds = (int(g) for g in match.groups())
    return hours * 3600 + minutes * 60 + seconds


@pytest.fixture
def paired_event(db):
    from django.contrib.auth import get_user_model

    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register
    from tournament.services.rounds.rounds import round_create

    marshal = get_user_model().objects.create_user("marshal", password="pw-marshal", is_staff=True)
    event = event_create(user=marshal, name="Clockwork GT", rounds=3, seed=1)
    for name in NAMES:
        player_register(event=event, user=marshal, name=name, faction="Orks")
    round_create(event_id=event.pk, user=marshal, seed=5)
    return event


def _sign_in(page, base: str) -> None:
    page.goto(base + reverse("login"))
    page.get_by_label("Username").fill("marshal")
    page.get_by_label("Password").fill("pw-marshal")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r".*/$"))


def test_clock_ticks_on_the_phone_and_the_big_screen_follows(
    live_server, new_page, shoot, paired_event
):
    event = paired_event
    base = live_server.url
    org = new_page(DESKTOP)
    _sign_in(org, base)
    org.goto(base + reverse("manage-rounds", args=[event.pk]))
    org.get_by_label("Length (minutes)").fill("90")
    org.get_by_role("button", name="Start the clock").click()
    org.get_by_text("Round 1's clock started: 1 h 30 min to play.").wait_for()
    org.get_by_role("button", name="Pause").wait_for()
    shoot(org, "organiser-clock")

    player = event.players.get(name="Alice Varn")
    phone = new_page()
    phone.goto(base + reverse("player-home", args=[player.private_key]))
    left = phone.locator("#now [data-clock-left]")
    # clock.js replaces the server's "1 h 30 min left" with a countdown, each second.
    phone.wait_for_function(
        "() => /^\\d+:\\d\\d:\\d\\d$/.test("
        "document.querySelector('#now [data-clock-left]').textContent.trim())"
    )
    first = _seconds(left.text_content())
    assert 89 * 60 - 5 <= first <= 90 * 60
    phone.wait_for_timeout(2200)
    second = _seconds(left.text_content())
    assert 1 <= first - second <= 4
    assert "ends at" in phone.locator("#now .clock-note").text_content()
    shoot(phone, "player-clock")

    # The organiser announces from the dashboard; the big screen picks it up by itself.
    screen = new_page(DESKTOP)
    screen.goto(base + reverse("event-screen", args=[event.pk]))
    for game in event.rounds.get(number=1).games.select_related("player_a", "player_b"):
        screen.locator(".screen-table").get_by_text(game.player_a.name).wait_for()
        if game.player_b:
            screen.locator(".screen-table").get_by_text(game.player_b.name).wait_for()
    screen.wait_for_function(
        "() => /^\\d+:\\d\\d:\\d\\d$/.test("
        "document.querySelector('.screen [data-clock-left]').textContent.trim())"
    )
    org.goto(base + reverse("manage-event", args=[event.pk]))
    org.get_by_label("Announcement").fill("Lunch is served in the bar")
    org.get_by_role("button", name="Announce").click()
    org.get_by_text("Announced: players and the big screen show it now.").wait_for()
    screen.locator(".screen-announcements").get_by_text("Lunch is served in the bar").wait_for(
        timeout=25_000
    )
    shoot(screen, "big-screen", full_page=False)
    # The phone's strip refreshes too, and its clock keeps counting.
    phone.locator("#now").get_by_text("Lunch is served in the bar").wait_for(timeout=30_000)
    assert _seconds(left.text_content()) < second


def test_the_big_screen_scrolls_pairings_that_do_not_fit(live_server, new_page, paired_event):
    from tournament.services.players.players import player_register
    from tournament.services.rounds.rounds import round_create, round_delete_latest

    event = paired_event
    marshal = event.staff.get()
    round_delete_latest(event_id=event.pk, user=marshal)
    for i in range(56):
        player_register(event=event, user=marshal, name=f"Player {i:02d}", faction="Tau")
    round_create(event_id=event.pk, user=marshal, seed=9)
    screen = new_page(DESKTOP)
    screen.goto(live_server.url + reverse("event-screen", args=[event.pk]))
    box = screen.locator("#screen-scroll")
    box.wait_for()
    room = box.evaluate("el => el.scrollHeight - el.clientHeight")
    assert room > 100  # 30 tables do not fit on one screen
    assert box.evaluate("el => el.scrollTop") == 0  # it waits at the top first
    # After the pause at the top it glides down by itself.
    screen.wait_for_function(
        "() => document.getElementById('screen-scroll').scrollTop > 40", timeout=15_000
    )
