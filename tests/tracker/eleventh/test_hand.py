"""The Tactical hand: two draws per own Command phase, When Drawn, the swap, discards, CP."""

from __future__ import annotations

import copy

import pytest

from tests.tracker.eleventh.fixtures import act, next_turn, started, to_phase
from tracker.engine.eleventh import Refusal


def stacked(order, *, side="a", state=None):
    """A started game whose `side` deck is `order` on top (the rest after, as shuffled)."""
    state = copy.deepcopy(state or started())
    deck = state["sides"][side]["deck"]
    state["sides"][side]["deck"] = list(order) + [k for k in deck if k not in order]
    return state


def refused(state, kind, side=None, **fields):
    with pytest.raises(Refusal) as err:
        act(state, kind, side, **fields)
    return err.value.code


def test_draws_two_and_keeps_unscored_cards():
    state = stacked(["nomans", "might", "prisoners", "beacon"])
    state = act(state, "draw", "a")
    assert state["sides"]["a"]["active"] == ["nomans", "might"]
    assert refused(state, "draw", "a") == "already_drew"
    state = next_turn(next_turn(state))  # b's turn, then round 2, a's Command phase
    state = act(state, "draw", "a")
    assert state["sides"]["a"]["active"] == ["nomans", "might", "prisoners", "beacon"]


def test_the_command_phase_needs_the_draw_first():
    state = started()
    assert refused(state, "advance", "a") == "draw_required"
    assert refused(state, "draw", "b") == "not_your_turn"


def test_round_one_redraw_cards_go_back_and_another_is_drawn():
    state = stacked(["forward", "stronghold", "nomans", "might"])
    state = act(state, "draw", "a")
    mine = state["sides"]["a"]
    # Both went back (shuffled in), so the second card comes from a reshuffled deck.
    assert mine["active"][0] == "nomans"
    assert len(mine["active"]) == 2
    assert not {"forward", "stronghold"} & set(mine["active"])
    assert "forward" in mine["deck"]
    assert "stronghold" in mine["deck"]
    # From round 2 the same cards stay.
    state = next_turn(next_turn(state))
    state["sides"]["a"]["deck"] = ["forward", "stronghold"] + [
        k for k in state["sides"]["a"]["deck"] if k not in ("forward", "stronghold")
    ]
    state = act(state, "draw", "a")
    assert state["sides"]["a"]["active"][-2:] == ["forward", "stronghold"]


def test_a_card_that_redraws_while_its_partner_is_in_hand():
    state = act(stacked(["cleanse", "plunder", "nomans"]), "draw", "a")
    assert state["sides"]["a"]["active"] == ["cleanse", "nomans"]
    assert "plunder" in state["sides"]["a"]["deck"]


def test_replace_is_optional_and_only_in_the_phase_drawn():
    state = act(stacked(["big_game", "nomans", "might"]), "draw", "a")
    assert state["sides"]["a"]["active"] == ["big_game", "nomans"]
    assert refused(state, "replace", "a", card="nomans") == "no_replace_rule"
    replaced = act(state, "replace", "a", card="big_game")
    assert replaced["sides"]["a"]["active"] == ["nomans", "might"]
    assert replaced["sides"]["a"]["discarded"] == ["big_game"]
    later = to_phase(state, "movement")
    assert refused(later, "replace", "a", card="big_game") == "not_in_this_phase"
    later = act(next_turn(next_turn(later)), "draw", "a")  # round 2: still in hand
    assert refused(later, "replace", "a", card="big_game") == "not_just_drawn"


def test_the_swap_costs_one_cp_once_per_battle():
    state = stacked(["nomans", "might", "prisoners", "beacon", "quarters"])
    assert refused(state, "swap", "a", card="nomans") == "draw_first"
    state = act(state, "draw", "a")
    state = act(state, "swap", "a", card="nomans")
    mine = state["sides"]["a"]
    assert mine["active"] == ["might", "prisoners"]
    assert mine["cp"] == 0
    assert mine["swap_used"]
    assert mine["discarded"] == ["nomans"]
    state = next_turn(next_turn(state))
    state = act(state, "draw", "a")
    assert refused(state, "swap", "a", card="might") == "swap_used"


def test_the_swap_needs_the_cp():
    state = act(stacked(["nomans", "might"]), "draw", "a")
    state["sides"]["a"]["cp"] = 0
    assert refused(state, "swap", "a", card="nomans") == "not_enough_cp"


def test_discards_at_the_end_of_own_turn_gain_one_cp_in_total():
    state = to_phase(stacked(["nomans", "might"]), "end_of_turn")
    state = act(state, "discard", "a", cards=["nomans"])
    state = act(state, "discard", "a", cards=["might"])
    mine = state["sides"]["a"]
    assert mine["cp"] == 2
    assert mine["active"] == []
    assert mine["discarded"] == ["nomans", "might"]
    assert refused(state, "discard", "a", cards=["might"]) == "card_not_active"


def test_extra_cp_is_at_most_one_per_battle_round():
    state = to_phase(stacked(["nomans", "might"]), "movement")
    state = act(state, "gain_cp", "a", reason="an ability")
    state = to_phase(state, "end_of_turn")
    state = act(state, "discard", "a", cards=["nomans"])  # allowed, but no CP this round
    assert state["sides"]["a"]["cp"] == 2
    assert refused(state, "gain_cp", "a") == "cp_extra_used"
    state = to_phase(next_turn(state), "end_of_turn")  # b's turn: still round 1
    assert refused(state, "gain_cp", "a") == "cp_extra_used"
    state = to_phase(next_turn(state), "movement")  # round 2
    state = act(state, "gain_cp", "a")
    assert state["sides"]["a"]["cp_extra_rounds"] == [1, 2]


def test_only_tactical_players_draw_or_discard():
    state = started(a="fixed", a_cards=["kills", "hordes"])
    assert refused(state, "draw", "a") == "tactical_only"
    state = to_phase(state, "end_of_turn")
    assert refused(state, "discard", "a", cards=["kills"]) == "tactical_only"


def test_discard_only_at_the_end_of_own_turn():
    state = to_phase(stacked(["nomans", "might"]), "end_of_turn")
    assert refused(state, "discard", "b", cards=["nomans"]) == "not_your_turn"
    assert refused(state, "discard", "a", cards=[]) == "bad_cards"
