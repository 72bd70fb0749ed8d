"""Pre-battle: roles, the secret Fixed/Tactical choice revealed together, the first turn."""

from __future__ import annotations

import pytest

from tests.tracker.eleventh.fixtures import act, fresh, started
from tracker.engine.eleventh import Refusal, apply, view


def choosing():
    return act(fresh(), "assign_roles", attacker="b")


def test_roles_then_secondaries_then_first_turn():
    state = choosing()
    assert state["attacker"] == "b"
    assert state["phase"] == "secondaries"
    state = act(state, "choose_secondaries", "a", mode="fixed", cards=["kills", "hordes"])
    assert state["phase"] == "secondaries"  # waits for the other side
    state = act(state, "choose_secondaries", "b", mode="tactical")
    assert state["revealed"]
    assert state["phase"] == "first_turn"
    assert state["sides"]["a"]["fixed"] == ["kills", "hordes"]
    assert state["sides"]["a"]["deck"] == []
    assert sorted(state["sides"]["b"]["deck"]) == sorted(state["cards"])
    state = act(state, "set_first_turn", first="b")
    assert (state["round"], state["phase"], state["turn"]) == (1, "command", "b")
    assert state["sides"]["a"]["cp"] == state["sides"]["b"]["cp"] == 1


@pytest.mark.parametrize(
    ("mode", "cards", "code"),
    [
        ("fixed", ["kills"], "bad_cards"),
        ("fixed", ["kills", "kills"], "bad_cards"),
        ("fixed", ["kills", "nomans"], "not_fixed_capable"),
        ("fixed", ["kills", "nope"], "unknown_card"),
        ("tactical", ["kills"], "bad_cards"),
        ("both", [], "bad_mode"),
    ],
)
def test_bad_choices_are_refused_with_codes(mode, cards, code):
    state = choosing()
    with pytest.raises(Refusal) as err:
        act(state, "choose_secondaries", "a", mode=mode, cards=cards)
    assert err.value.code == code


def test_a_side_chooses_once():
    state = act(choosing(), "choose_secondaries", "a", mode="tactical")
    with pytest.raises(Refusal) as err:
        act(state, "choose_secondaries", "a", mode="fixed", cards=["kills", "hordes"])
    assert err.value.code == "already_chosen"


@pytest.mark.parametrize(
    "choice", [{"mode": "tactical"}, {"mode": "fixed", "cards": ["kills", "quarters"]}]
)
def test_the_other_side_sees_only_that_a_choice_was_made(choice):
    state = act(choosing(), "choose_secondaries", "b", **choice)
    seen = view(state, "a")["sides"]["b"]
    assert seen["selection"] == "hidden"
    assert seen["mode"] is None
    assert seen["fixed"] == []
    assert view(state, "b")["sides"]["b"]["selection"]["mode"] == choice["mode"]
    assert view(state, None)["sides"]["b"]["selection"] == "hidden"
    # Before the reveal the other side's view is the same whatever was chosen.
    other = act(choosing(), "choose_secondaries", "b", mode="fixed", cards=["big_game", "hordes"])
    assert view(state, "a") == view(other, "a")


def test_views_hide_the_seed_and_the_deck_order():
    state = started()
    seen = view(state, "a")
    assert "seed" not in seen
    assert "rng_uses" not in seen
    assert "deck" not in seen["sides"]["a"]
    assert seen["sides"]["a"]["deck_size"] == 13


def test_roll_off_is_seeded_and_the_winner_goes_first():
    state = act(choosing(), "choose_secondaries", "a", mode="tactical")
    state = act(state, "choose_secondaries", "b", mode="tactical")
    one = act(state, "roll_off")
    assert one == act(state, "roll_off")
    assert one["turn"] == one["roll_offs"]["first_turn"]["winner"] == one["first_turn"]


def test_the_state_given_is_never_changed_by_a_refusal():
    state = choosing()
    before = repr(state)
    with pytest.raises(Refusal):
        apply(state, {"type": "draw", "round": 0, "phase": "secondaries", "side": "a"})
    assert repr(state) == before


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"type": "warp"}, "unknown_action"),
        ({"type": "assign_roles", "round": 1, "phase": "roles"}, "wrong_round"),
        ({"type": "assign_roles", "round": 0, "phase": "command"}, "wrong_phase"),
        ({"type": "assign_roles", "round": 0, "phase": "roles", "seq": 4}, "stale_action"),
        ({"type": "assign_roles", "round": 0, "phase": "roles", "attacker": "c"}, "bad_side"),
        ({"type": "draw", "round": 0, "phase": "roles", "side": "a"}, "not_in_this_phase"),
    ],
)
def test_refusals_carry_machine_codes(body, code):
    with pytest.raises(Refusal) as err:
        apply(fresh(), body)
    assert err.value.code == code
