"""The player's result form on a 390 px phone pre-ticks Battle Ready from registration and
says why; a player not registered as Battle Ready sees it unticked, with the reason."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_form_ticks_battle_ready_from_registration(live_server, new_page, shoot, organiser):
    from tests.conftest import add_players
    from tournament.models import Result
    from tournament.services.events.events import event_create
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=organiser, name="Painted GT", rounds=3, seed=1)
    ready, unpainted = add_players(event, organiser, 2)
    ready.battle_ready = True
    ready.save(update_fields=["battle_ready"])
    game = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": ready.pk, "player_b": unpainted.pk}],
    ).games.get()

    page = new_page(PHONE)
    page.goto(f"{live_server.url}/p/{unpainted.private_key}/")
    box = page.get_by_label("My army is Battle Ready", exact=False)
    assert not box.is_checked()
    page.get_by_text("you are not registered as Battle Ready").wait_for()

    page = new_page(PHONE)
    page.goto(f"{live_server.url}/p/{ready.private_key}/")
    box = page.get_by_label("My army is Battle Ready", exact=False)
    assert box.is_checked()
    page.get_by_text("Ticked because you registered as Battle Ready.").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "result-form-battle-ready")
    page.get_by_role("spinbutton", name="My VP").fill("80")
    page.get_by_label(f"{unpainted.name}'s VP").fill("60")
    page.get_by_role("button", name="Send result").click()
    page.get_by_text("Awaiting confirmation").wait_for()
    result = Result.objects.get(game=game, is_current=True)
    assert (result.vp_a, result.vp_b, result.battle_ready_a) == (80, 60, 10)
