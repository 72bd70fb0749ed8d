"""The venue's one address: a prankster's bogus links and failed sign-ins on the hall's wifi do
not lock out the players' phones or a judge's first sign-in there (390 px)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_bogus_links_and_guesses_at_the_hall_do_not_lock_out_the_honest(live_server, new_page):
    from django.contrib.auth import get_user_model
    from django.test import Client

    from ops import throttle
    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register

    users = get_user_model().objects
    organiser = users.create_user("marshal", password="pw-marshal", is_staff=True)
    users.create_user("judge", password="pw-judge")
    event = event_create(user=organiser, name="Hall GT", rounds=3, seed=1)
    player = player_register(event=event, user=organiser, name="Ann Bell", faction="Orks")
    prankster = Client(REMOTE_ADDR="127.0.0.1")  # the live server's phones share this address
    for i in range(throttle.KEYS_PER_CLIENT.limit):
        prankster.get(f"/p/bogus-{i}/")
    for i in range(throttle.LOGIN_PER_CLIENT.limit):
        prankster.post("/accounts/login/", {"username": f"guess{i}", "password": "x"})
    assert prankster.get("/p/bogus-again/").status_code == 429

    page = new_page()  # 390 px wide
    page.goto(f"{live_server.url}/p/{player.private_key}/")
    page.get_by_text("Ann Bell").first.wait_for()
    assert "Too many" not in page.content()

    judge = new_page()
    judge.goto(f"{live_server.url}/accounts/login/")
    judge.get_by_label("Username").fill("judge")
    judge.get_by_label("Password").fill("pw-judge")
    judge.get_by_role("button", name="Sign in").click()
    judge.wait_for_load_state()
    assert "/accounts/login/" not in judge.url
    assert "Too many" not in judge.content()
