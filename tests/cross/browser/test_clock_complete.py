"""The round clock stops once the round is complete (issue 21 item 17): with every result
confirmed, a player's phone (390 px), the public event page and the big screen say "Round
complete" and count nothing down, however long the page stays open."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.cross.browser.conftest import DESKTOP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _complete_round():
    from django.contrib.auth import get_user_model

    from tests.conftest import add_players
    from tournament.services.events.events import event_create
    from tournament.services.live.clock import round_clock_act
    from tournament.services.results.results import result_enter
    from tournament.services.rounds.rounds import round_create

    marshal = get_user_model().objects.create_user("marshal", password="pw-marshal", is_staff=True)
    event = event_create(user=marshal, name="Finished Round GT", rounds=3, seed=1)
    add_players(event, marshal, 4)
    round_ = round_create(event_id=event.pk, user=marshal, seed=5)
    round_clock_act(event=event, round_number=1, user=marshal, action="start", minutes=90)
    for game in round_.games.all():
        result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=marshal)
    round_.refresh_from_db()
    assert round_.status == "complete"
    return event


def _still_complete(page, selector: str) -> None:
    clock = page.locator(selector)
    clock.wait_for()
    # An hour of the page's own time passes: clock.js ticks 3,600 times and must change nothing.
    page.clock.run_for(3_600_000)
    assert clock.get_attribute("data-state") == "complete"
    assert clock.locator("[data-clock-left]").inner_text() == "Round complete"
    assert "all results are in" in clock.locator(".clock-note").inner_text()


def test_a_complete_round_stops_the_clock_on_phone_and_big_screen(live_server, new_page):
    event = _complete_round()
    player = event.players.first()
    phone = new_page()  # 390 px wide
    phone.clock.install()
    phone.goto(live_server.url + reverse("player-home", args=[player.private_key]))
    _still_complete(phone, "#now [data-clock]")

    public = new_page()
    public.clock.install()
    public.goto(live_server.url + reverse("event", args=[event.pk]))
    _still_complete(public, "[data-clock]")

    screen = new_page(DESKTOP)
    screen.clock.install()
    screen.goto(live_server.url + reverse("event-screen", args=[event.pk]))
    _still_complete(screen, "[data-clock]")
