"""A disputed game on each player's 390 px phone shows both claims, each said as its player
entered it, never the opponent's claim dressed as the result."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def disputed(organiser):
    from tests.conftest import add_players
    from tournament.services.events.events import event_create
    from tournament.services.results.results import result_enter
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=organiser, name="Dispute GT", rounds=3, seed=1)
    a, b = add_players(event, organiser, 2)
    round_ = round_create(
        event_id=event.pk, user=organiser, pairings=[{"player_a": a.pk, "player_b": b.pk}]
    )
    game = round_.games.get()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, player=game.player_a)
    result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 60}, player=game.player_b)
    return game


def test_each_phone_shows_both_claims_of_a_dispute(live_server, new_page, disputed):
    a, b = disputed.player_a, disputed.player_b
    for me, them, mine, theirs in ((a, b, "70–50", "60–60"), (b, a, "60–60", "50–70")):
        page = new_page(PHONE)
        page.goto(f"{live_server.url}/p/{me.private_key}/")
        card = page.locator("#my-result")
        card.get_by_text("Disputed").wait_for()
        text = " ".join(card.inner_text().split())
        assert f"You entered {mine}" in text, text
        assert f"{them.name} entered {theirs}" in text, text
        assert "your VP first" in text
        # No single score is shown as if it were the result.
        assert not card.locator(".big-score").count()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"]
