"""The settings page explains sign-up and the event's status in one place (issue 21 item 1):
pairing round 1 has closed sign-up, the status follows the event ("Automatic (now: Running)")
until the organiser picks one, and the event list shows it, at 390 px."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _paired_event():
    from django.contrib.auth import get_user_model

    from tests.conftest import add_players
    from tournament.services.events.events import event_create
    from tournament.services.rounds.rounds import round_create

    user = get_user_model().objects.create_user("marshal", password="pw-marshal", is_staff=True)
    event = event_create(user=user, name="Door GT", rounds=3, seed=1, registration_open=True)
    add_players(event, user, 4)
    round_create(event_id=event.pk, user=user, seed=1)
    return event


def test_sign_up_and_status_explained_and_set_on_a_phone(live_server, new_page, shoot):
    from tournament.models import Event

    event = _paired_event()
    page = new_page()  # 390 px wide
    page.goto(f"{live_server.url}/accounts/login/?next=/manage/events/{event.pk}/settings/")
    page.get_by_label("Username").fill("marshal")
    page.get_by_label("Password").fill("pw-marshal")
    page.get_by_role("button", name="Sign in").click()

    group = page.get_by_role("group", name="Sign-up and event status")
    group.wait_for()
    assert "Pairing round 1 closes sign-up" in group.inner_text()
    assert not group.get_by_label("Sign-up open").is_checked()
    status = group.get_by_label("Event status")
    assert status.locator("option:checked").inner_text() == "Automatic (now: Running)"
    shoot(page, "settings-signup-status")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    status.select_option(label="Finished")
    page.get_by_role("button", name="Save settings").click()
    page.get_by_text("Settings saved.").wait_for()
    event.refresh_from_db()
    assert (event.status, event.status_auto) == ("finished", False)
    page.goto(f"{live_server.url}/")
    card = page.locator(".event-card", has_text="Door GT")
    assert card.locator(".tag").inner_text() == "Finished"

    page.goto(f"{live_server.url}/manage/events/{event.pk}/settings/")
    page.get_by_label("Event status").select_option(label="Automatic (now: Running)")
    page.get_by_role("button", name="Save settings").click()
    page.get_by_text("Settings saved.").wait_for()
    event = Event.objects.get(pk=event.pk)
    assert (event.status, event.status_auto) == ("running", True)
