"""Two 390 px phones at one event table: after the roll-off only its winner's phone offers the
choice of Attacker; then both players choose their secondaries at the same moment (neither
phone has seen the other's choice yet) and both choices go through."""

from __future__ import annotations

import pytest

from tests.cross.browser.conftest import PHONE
from tests.cross.browser.test_tracker_page import Phone, _make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_roll_off_winner_chooses_then_both_choose_secondaries_at_once(
    live_server, new_page, settings
):
    from tracker.models import TrackedGame

    settings.TRACKER_POLL_MS = 60_000  # no polling: each phone keeps the screen it loaded
    game = _make_game()
    base = f"{live_server.url}/tracker/game/{game.pk}/?key="
    a = Phone(new_page(PHONE), base + game.player_a.private_key, game.player_a)
    b = Phone(new_page(PHONE), base + game.player_b.private_key, game.player_b)

    # The header names the mission (pool letter and primary), not only its code.
    from missions.services.missions import round_mission

    mission = round_mission("leviathan", "A")
    head = a.page.locator(".trk-mission").inner_text()
    assert f"Mission A: {mission.primary.name}" in head, head
    a.act(a.button("Roll off"))
    b.page.reload()
    b.app.locator(".trk-board").wait_for()
    winner_label = TrackedGame.objects.get(game=game).state["roll_offs"]["roles"]["winner"]
    winner, loser = (a, b) if winner_label == "player_a" else (b, a)
    loser.page.reload()
    loser.page.get_by_text(f"Waiting for {winner.name} to choose.").wait_for()
    assert not loser.page.get_by_role("button", name=f"{loser.name} attacks").count()
    assert not loser.page.get_by_role("button", name=f"{winner.name} attacks").count()
    winner.act(winner.button(f"{winner.name} attacks"))
    loser.page.reload()
    loser.app.locator(".trk-board").wait_for()

    # Both phones now show the secondaries step; neither reloads again before choosing.
    fixed = winner.page.locator("label.trk-pick:not(.trk-decoy)")
    fixed.nth(0).click()
    fixed.nth(1).click()
    decoys = loser.page.locator("label.trk-decoy")
    decoys.nth(0).click()
    decoys.nth(1).click()
    winner.act(winner.page.get_by_role("button", name="Play Fixed with these two"))
    loser.act(loser.page.get_by_role("button", name="Play Tactical with these two decoys"))
    assert not loser.page.get_by_role("alert").filter(has_text="moved first").count()
    loser.page.get_by_role("heading", name="Who takes the first turn?").wait_for()
    state = TrackedGame.objects.get(game=game).state
    assert state["phase"] == "first_turn"
    assert (state["sides"]["attacker"]["mode"], state["sides"]["defender"]["mode"]) == (
        "fixed",
        "tactical",
    )
