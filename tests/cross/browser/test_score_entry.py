"""Score entry on 390 px phones: a score the server refuses stays typed on the player's page;
the results board labels its two boxes A and B, and a dispute's "Enter another score" starts
empty rather than holding the latest claim."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def paired(organiser):
    from tests.conftest import add_players
    from tournament.services.events.events import event_create
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=organiser, name="Phone GT", rounds=3, seed=1)
    a, b = add_players(event, organiser, 2)
    round_ = round_create(
        event_id=event.pk, user=organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}]
    )
    return round_.games.get()


def test_a_refused_result_keeps_the_typed_scores(live_server, new_page, paired):
    page = new_page(PHONE)
    page.goto(f"{live_server.url}/p/{paired.player_a.private_key}/")
    form = page.locator("#my-result form.score-form")
    # An older page (or a changed scale) lets through a score the server refuses.
    form.evaluate("f => f.querySelectorAll('input[type=number]').forEach(i => i.max = '')")
    form.locator("input[name=vp_a]").fill("150")
    form.locator("input[name=vp_b]").fill("47")
    form.get_by_role("button", name="Send result").click()
    page.locator(".messages, .message, [role=alert]").first.wait_for()
    form = page.locator("#my-result form.score-form")
    assert form.locator("input[name=vp_a]").input_value() == "150"
    assert form.locator("input[name=vp_b]").input_value() == "47"
    assert not paired.results.exists()


def test_the_board_labels_a_and_b_and_another_score_starts_empty(
    live_server, new_page, paired, organiser
):
    from django.conf import settings
    from django.test import Client

    from tournament.services.results.results import result_enter

    result_enter(game_id=paired.pk, data={"vp_a": 70, "vp_b": 50}, player=paired.player_a)
    result_enter(game_id=paired.pk, data={"vp_a": 60, "vp_b": 60}, player=paired.player_b)
    client = Client()
    client.force_login(organiser)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page = new_page(PHONE)
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/manage/events/{paired.round.event_id}/results/")
    row = page.locator(f"#game-{paired.pk}")
    form = row.locator("form.score-inline")
    assert form.get_by_role("button", name="Enter another score").is_visible()
    for side in ("a", "b"):
        box = form.locator(f"input[name=vp_{side}]")
        assert box.input_value() == ""
        label = form.locator(f"label:has(input[name=vp_{side}])")
        assert label.locator(".side").inner_text().strip() == side.upper()
        assert label.locator(".side").is_visible()
    # The names say which side is A and which is B.
    names = " ".join(row.locator("td").nth(1).inner_text().split())
    assert f"A {paired.player_a.name}" in names
    assert f"B {paired.player_b.name}" in names
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
