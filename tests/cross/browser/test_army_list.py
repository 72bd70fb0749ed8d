"""Army lists on a phone: a player pastes their list at 390 px and sees its status; the
organiser marks it as needing a fix and the player reads why."""

from __future__ import annotations

import datetime

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIST = (
    "My Waaagh! (2050 Points)\nOrks\nStrike Force (2000 Points)\n\nCHARACTERS\nWarboss (80 Points)"
)


def _event():
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from tournament.services.events.events import event_create
    from tournament.services.players.players import player_register

    user = get_user_model().objects.create_user("marshal", password="pw-marshal", is_staff=True)
    event = event_create(
        user=user,
        name="Phone GT",
        rounds=3,
        seed=1,
        list_deadline=timezone.now() + datetime.timedelta(days=2),
    )
    player = player_register(event=event, user=user, name="Ann Bell", faction="Orks")
    return event, user, player


def test_submit_a_list_on_a_phone_and_see_its_status(live_server, new_page, shoot):
    from rosters.services.armylists import army_list_review
    from tournament.models import Player

    _, organiser, player = _event()
    page = new_page()  # 390 px wide
    page.goto(f"{live_server.url}/p/{player.private_key}/")
    page.get_by_text("no list yet").wait_for()
    page.get_by_label("Army list (paste it as your army builder app exports it)").fill(LIST)
    page.get_by_role("button", name="Save my list").click()
    page.get_by_text("Army list saved.").wait_for()
    page.get_by_text("submitted, not checked yet").wait_for()
    # Over the limit: a warning, not a refusal.
    page.locator(".army-warning").get_by_text("50 over").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "army-list-sent")
    stored = Player.objects.get(pk=player.pk)
    assert stored.army_list == LIST
    assert stored.list_status == "submitted"

    army_list_review(
        player=stored, user=organiser, status="needs_fix", comment="Cut 50 points, please."
    )
    page.reload()
    page.get_by_text("needs a fix").first.wait_for()
    page.get_by_text("Cut 50 points, please.").wait_for()
    shoot(page, "army-list-needs-fix")
