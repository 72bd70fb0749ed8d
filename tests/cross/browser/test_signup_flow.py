"""Signing up on a phone: open the event's sign-up link at 390 px, fill the form by typing and
choosing, and land on the private page that says where the sign-up stands."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _full_event():
    from django.contrib.auth import get_user_model

    from tournament.services.events.events import event_create
    from tournament.services.players.registration import registration_submit

    user = get_user_model().objects.create_user("marshal", password="pw-marshal", is_staff=True)
    event = event_create(
        user=user, name="Phone GT", rounds=3, seed=1, registration_open=True, places=2
    )
    for name in ("Ann Bell", "Bo Chan", "Cy Dee"):
        registration_submit(event=event, name=name, faction="Orks")
    return event


def test_sign_up_on_a_phone_and_land_on_the_private_page(live_server, new_page, shoot):
    from tournament.models import Player

    event = _full_event()
    page = new_page()  # 390 px wide
    page.goto(f"{live_server.url}/events/{event.pk}/")
    page.get_by_role("link", name="Sign up ›").click()
    page.get_by_role("heading", name="Sign up for Phone GT").wait_for()
    shoot(page, "signup-form")
    # Nothing sticks out sideways on the phone: the form fits the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.get_by_label("Your name").fill("Dee Evans")
    page.get_by_label("Faction").select_option("Aeldari")
    page.get_by_label("Club (optional)").fill("Lone Wolves")
    page.get_by_label("Army list (optional)").fill("++ Strike Force ++\nFarseer")
    page.get_by_label("My army is Battle Ready").check()
    page.get_by_role("button", name="Sign up").click()

    page.get_by_text("On the waiting list: 2nd", exact=True).wait_for()
    player = Player.objects.get(name="Dee Evans")
    assert player.battle_ready
    assert page.url == f"{live_server.url}/p/{player.private_key}/"
    assert (player.status, player.faction, player.club) == ("waiting", "Aeldari", "Lone Wolves")
    assert player.army_list == "++ Strike Force ++\nFarseer"
    shoot(page, "signup-private-page")

    # Withdrawing is behind a second tap, and says so at once.
    page.get_by_text("Withdraw…").click()
    page.get_by_role("button", name="Withdraw from Phone GT").click()
    page.get_by_text("You have withdrawn from this event").first.wait_for()
    assert Player.objects.get(pk=player.pk).status == "withdrawn"


def test_the_organiser_approves_a_sign_up_on_a_phone(live_server, new_page, shoot):
    from tournament.models import Player
    from tournament.services.events.events import event_update
    from tournament.services.players.registration import registration_submit

    event = _full_event()
    organiser = event.staff.get()
    event = event_update(
        event=event, user=organiser, changes={"places": 4, "registration_approval": True}
    )
    registration_submit(event=event, name="Dee Evans", faction="Necrons")
    page = new_page()
    page.goto(f"{live_server.url}/accounts/login/?next=/manage/events/{event.pk}/signups/")
    page.get_by_label("Username").fill("marshal")
    page.get_by_label("Password").fill("pw-marshal")
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("heading", name="Awaiting approval").wait_for()
    shoot(page, "signups-organiser")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    page.get_by_role("button", name="Approve Dee Evans").click()
    page.get_by_text("Dee Evans approved.").wait_for()
    assert Player.objects.get(name="Dee Evans").status == "approved"


def test_a_busy_door_gives_the_form_back_as_typed(live_server, new_page, shoot, monkeypatch):
    """Past the venue address's budget the phone shows the form as typed and why; pressing
    Sign up again a few seconds later goes through."""
    from ops import throttle
    from tournament.models import Player

    event = _full_event()
    now = [2_000_000.0]
    monkeypatch.setattr(throttle.time, "time", lambda: now[0])
    for _ in range(throttle.SIGNUPS_PER_ADDRESS.burst):  # the queue ahead, on the same wifi
        throttle.budget_take(throttle.SIGNUPS_PER_ADDRESS, f"127.0.0.1|{event.pk}")
    page = new_page()  # 390 px wide
    page.goto(f"{live_server.url}/events/{event.pk}/signup/")
    page.get_by_label("Your name").fill("Dee Evans")
    page.get_by_label("Faction").select_option("Aeldari")
    page.get_by_label("Club (optional)").fill("Lone Wolves")
    page.get_by_role("button", name="Sign up").click()

    page.get_by_text("what you typed is kept").wait_for()
    shoot(page, "signup-busy-door")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.get_by_label("Your name").input_value() == "Dee Evans"
    assert page.get_by_label("Faction").input_value() == "Aeldari"
    assert page.get_by_label("Club (optional)").input_value() == "Lone Wolves"
    assert not Player.objects.filter(name="Dee Evans").exists()

    now[0] += throttle.SIGNUPS_PER_ADDRESS.every_s
    page.get_by_role("button", name="Sign up").click()
    page.get_by_text("On the waiting list: 2nd", exact=True).wait_for()
    assert Player.objects.get(name="Dee Evans").club == "Lone Wolves"
