"""A judge call on 390 px phones: a player calls from their private page, the floor page
(an organiser signed in on another phone) shows it without a reload, claims and resolves it
with a ruling, and the player's page follows: waiting, a judge on the way, the ruling."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def quick_polls(monkeypatch):
    from floor.views import pages

    monkeypatch.setattr(pages, "POLL_S", 1)  # the floor's 5 s
    monkeypatch.setattr(pages, "PLAYER_POLL_S", 1)  # the player's card's 10 s


def _no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.usefixtures("quick_polls")
def test_a_call_from_a_phone_is_claimed_and_resolved_on_the_floor(
    live_server, new_page, event, organiser
):
    from django.conf import settings
    from django.test import Client

    from tests.conftest import add_players
    from tournament.services.rounds.rounds import round_create

    add_players(event, organiser, 4)
    game = round_create(event_id=event.pk, user=organiser, seed=1).games.order_by("pk").first()

    desk = new_page(PHONE)
    client = Client()
    client.force_login(organiser)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    desk.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    desk.goto(f"{live_server.url}/manage/events/{event.pk}/floor/")
    desk.get_by_text("No call is waiting.").wait_for()

    phone = new_page(PHONE)
    phone.goto(f"{live_server.url}/p/{game.player_a.private_key}/")
    card = phone.get_by_test_id("judge-call")
    card.get_by_label("Note for the judge").fill("Can my tank see through the ruin?")
    card.get_by_role("button", name="Call a judge").click()
    card = phone.get_by_test_id("judge-call")
    card.get_by_text("— waiting").wait_for()
    assert "Judge called at" in card.inner_text()
    _no_sideways_scroll(phone)

    # No reload on the floor: the call arrives by itself, table and players named.
    row = desk.get_by_test_id("floor-call")
    row.get_by_text("Can my tank see through the ruin?").wait_for()
    assert f"{game.player_a.name} v {game.player_b.name}" in row.inner_text()
    assert desk.locator(".floor-table.is-called").count() == 1
    _no_sideways_scroll(desk)
    row.get_by_role("button", name="Claim").click()
    row = desk.get_by_test_id("floor-call")
    row.get_by_text("on the way").wait_for()

    phone.get_by_text("A judge is on the way").wait_for()

    row.locator("summary", has_text="Resolve").click()
    row.get_by_label("Ruling").fill("True line of sight: the tank sees the target.")
    row.get_by_label("Category").select_option("rules")
    row.get_by_label("Minutes added to the table").fill("5")
    row.get_by_role("button", name="Resolve").click()
    desk.get_by_text("No call is waiting.").wait_for()
    assert desk.locator(".floor-table .tag", has_text="+5 min").count() == 1

    phone.get_by_text("True line of sight: the tank sees the target.").wait_for()
    assert "5 more minutes" in phone.get_by_test_id("judge-call").inner_text()


def test_a_call_made_offline_waits_on_the_phone_and_is_sent_once(live_server, chromium, game):
    from floor.models import JudgeCall

    context = chromium.new_context(viewport=PHONE, device_scale_factor=1, service_workers="block")
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/p/{game.player_b.private_key}/")
        context.set_offline(True)
        card = page.get_by_test_id("judge-call")
        card.get_by_label("Note for the judge").fill("Dispute over a charge")
        card.get_by_role("button", name="Call a judge").click()
        page.get_by_text("1 judge call waiting to be sent").wait_for()
        assert not JudgeCall.objects.exists()
        context.set_offline(False)
        page.get_by_test_id("judge-call").get_by_text("— waiting").wait_for()
        page.wait_for_timeout(1_000)  # nothing is sent twice
        assert [c.note for c in JudgeCall.objects.all()] == ["Dispute over a charge"]
    finally:
        context.close()


@pytest.fixture
def game(event, organiser):
    from tests.conftest import add_players
    from tournament.services.rounds.rounds import round_create

    a, b = add_players(event, organiser, 2)
    round_ = round_create(
        event_id=event.pk, user=organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}]
    )
    return round_.games.get()
