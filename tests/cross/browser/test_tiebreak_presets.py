"""Tie-break presets on the settings page at 390 px (issue 32): the slots hide behind a named
order until "Custom" is chosen, choosing a preset says what it does and fills the slots, so
"Custom" starts from it; a slot changed by hand is saved."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_preset_is_chosen_then_adjusted_on_a_phone(live_server, new_page, shoot):
    from django.contrib.auth import get_user_model

    from tournament.models import Event
    from tournament.services.events.events import event_create

    user = get_user_model().objects.create_user("marshal", password="pw-marshal", is_staff=True)
    event = event_create(user=user, name="Order GT", rounds=3, seed=1)
    page = new_page()  # 390 px wide
    page.goto(f"{live_server.url}/accounts/login/?next=/manage/events/{event.pk}/settings/")
    page.get_by_label("Username").fill("marshal")
    page.get_by_label("Password").fill("pw-marshal")
    page.get_by_role("button", name="Sign in").click()

    group = page.get_by_role("group", name="Tie-breaks")
    group.wait_for()
    chooser = group.get_by_label("Tie-break order")
    first = group.get_by_label("First tie-break")
    floor = group.get_by_label("Opponents' win-rate floor")
    assert chooser.locator("option:checked").inner_text() == "Tournament Companion"
    assert not first.is_visible()
    assert not floor.is_visible()
    assert "then opponents' win rate, then total VP" in group.inner_text()
    assert "counted at no less than 0.33" not in group.inner_text()

    chooser.select_option(label="Best Coast Pairings")
    assert "counted at no less than 0.33" in group.inner_text()
    assert not first.is_visible()
    chooser.select_option(label="Custom")
    assert first.is_visible()
    assert first.input_value() == "owr_floor"  # Custom starts from the order just chosen
    assert group.get_by_label("Second tie-break").input_value() == "vp"
    assert floor.input_value() == "0.33"
    shoot(page, "settings-tiebreak-presets")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    first.select_option("sos")
    assert chooser.input_value() == "custom"
    page.get_by_role("button", name="Save settings").click()
    page.get_by_text("Settings saved.").wait_for()
    event = Event.objects.get(pk=event.pk)
    assert (event.tiebreaks, event.owr_floor) == (["sos", "vp"], "0.33")

    # Back to a preset: its order is saved, whatever the hidden slots held.
    page.get_by_label("Tie-break order").select_option(label="Tournament Companion")
    assert not page.get_by_label("First tie-break").is_visible()
    page.get_by_role("button", name="Save settings").click()
    page.get_by_text("Settings saved.").wait_for()
    assert Event.objects.get(pk=event.pk).tiebreaks == ["owr", "vp"]
