"""Issue 26 item 7: the Leviathan tracker page spends Command points on a named core
Stratagem (seed 004 around line 1739: Command Re-roll 1CP) and gains one from another source."""

from __future__ import annotations

import pytest

from tests.cross.browser.test_tracker_page import POLL_MS, Phone, _make_game, _roles, _secondaries

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_cp_spent_on_a_named_stratagem_from_the_page(live_server, new_page, shoot, settings):
    settings.TRACKER_POLL_MS = POLL_MS
    game = _make_game()
    base = f"{live_server.url}/tracker/game/{game.pk}/?key="
    a = Phone(new_page(), base + game.player_a.private_key, game.player_a)
    b = Phone(new_page(), base + game.player_b.private_key, game.player_b)
    attacker, defender = _roles(a, b)
    _secondaries(attacker, defender, shoot)
    phone = attacker if defender.attr("turn") == "attacker" else defender
    phone.catch_up(max(attacker.seq(), defender.seq()))
    page = phone.page
    assert page.get_by_test_id(f"cp-{phone.side}").inner_text() == "1"
    page.get_by_label("Stratagem").select_option("command_reroll")
    phone.act(phone.button("Spend CP"))
    assert page.get_by_test_id(f"cp-{phone.side}").inner_text() == "0"
    phone.act(phone.button("Gain 1CP (Supply Lines or another source)"))
    assert page.get_by_test_id(f"cp-{phone.side}").inner_text() == "1"
