"""Rules 1-2: roles, first turn, secret Fixed/Tactical choice and its reveal."""

from __future__ import annotations

import pytest

from tests.tracker.leviathan.helpers import act, choose, frozen, start, zones
from tracker.engine.leviathan import Refusal, new_game, view

FIXED_PAIR = ["assassination", "bring_it_down"]


def test_roles_roll_off_is_seeded_and_winner_chooses() -> None:
    a = act(new_game("seed-1"), "roll_off")
    b = act(new_game("seed-1"), "roll_off")
    assert a["roll_offs"]["roles"] == b["roll_offs"]["roles"]
    result = a["roll_offs"]["roles"]
    last = result["rolls"][-1]
    assert last[0] != last[1]
    assert result["winner"] == ("player_1" if last[0] > last[1] else "player_2")
    assert all(x == y for x, y in result["rolls"][:-1])  # earlier rolls were ties
    with pytest.raises(Refusal) as err:
        act(a, "roll_off")
    assert err.value.code == "already_rolled"
    chosen = act(a, "assign_roles", attacker="player_2")
    assert chosen["roles"] == {"attacker": "player_2", "defender": "player_1"}
    assert chosen["phase"] == "secondaries"


def test_roll_offs_differ_across_seeds() -> None:
    winners = {act(new_game(n), "roll_off")["roll_offs"]["roles"]["winner"] for n in range(20)}
    assert winners == {"player_1", "player_2"}


def test_side_actions_refused_before_roles() -> None:
    with pytest.raises(Refusal) as err:
        act(new_game(1), "select_secondaries", "attacker", **choose("tactical"))
    assert err.value.code in {"not_in_this_phase", "roles_not_assigned"}


def test_first_turn_roll_off_starts_battle() -> None:
    state = act(new_game(3), "assign_roles", attacker="player_1")
    state = act(state, "select_secondaries", "attacker", **choose("tactical"))
    state = act(state, "select_secondaries", "defender", **choose("tactical"))
    assert state["phase"] == "first_turn"
    state = act(state, "roll_off")
    winner = state["roll_offs"]["first_turn"]["winner"]
    assert (state["round"], state["phase"], state["turn"]) == (1, "command", winner)
    assert state["first_turn"] == winner


def test_selection_hidden_until_both_chose() -> None:
    state = act(new_game(4), "assign_roles", attacker="player_1")
    state = act(state, "select_secondaries", "attacker", **choose("fixed", FIXED_PAIR))
    assert view(state, "defender")["sides"]["attacker"]["selection"] == "hidden"
    assert view(state, None)["sides"]["attacker"]["selection"] == "hidden"
    assert view(state, "attacker")["sides"]["attacker"]["selection"]["cards"] == FIXED_PAIR
    assert state["sides"]["attacker"]["mode"] is None  # not revealed yet
    state = act(state, "select_secondaries", "defender", **choose("tactical"))
    seen = view(state, "defender")["sides"]["attacker"]
    assert seen["selection"] == {"mode": "fixed", "cards": FIXED_PAIR}
    assert seen["mode"] == "fixed"


def test_view_hides_seed_and_deck_order() -> None:
    state = start("v")
    for who in ("attacker", "defender", None):
        seen = view(state, who)
        assert "seed" not in seen
        assert "rng_uses" not in seen
        assert "deck" not in seen["sides"]["attacker"]
        assert seen["sides"]["attacker"]["deck_size"] == 16


def test_fixed_choice_keeps_two_and_sets_rest_aside() -> None:
    state = start(attacker=choose("fixed", FIXED_PAIR))
    z = zones(state, "attacker")
    assert z["fixed"] == FIXED_PAIR
    assert z["deck"] == []
    assert len(z["set_aside"]) == 14


def test_tactical_decoys_go_back_and_deck_is_shuffled() -> None:
    decoys = ["area_denial", "no_prisoners"]
    state = start("t", attacker=choose("tactical", decoys))
    z = zones(state, "attacker")
    assert sorted(z["deck"]) == sorted(state["cards"])
    assert z["deck"] != list(state["cards"])  # reshuffled (fixed seed: not the pack order)


@pytest.mark.parametrize(
    ("mode", "cards", "code"),
    [
        ("fixed", ["assassination"], "bad_cards"),
        ("fixed", ["assassination", "assassination"], "bad_cards"),
        ("fixed", ["assassination", "area_denial"], "not_fixed_capable"),
        ("tactical", ["assassination", "area_denial"], "fixed_capable_decoy"),
        ("fixed", ["assassination", "nope"], "unknown_card"),
        ("both", [], "bad_mode"),
    ],
)
def test_bad_selections_refused(mode: str, cards: list[str], code: str) -> None:
    state = act(new_game(5), "assign_roles", attacker="player_1")
    before = frozen(state)
    with pytest.raises(Refusal) as err:
        act(state, "select_secondaries", "attacker", mode=mode, cards=cards)
    assert err.value.code == code
    assert frozen(state) == before


def test_choice_cannot_be_changed() -> None:
    state = act(new_game(6), "assign_roles", attacker="player_1")
    state = act(state, "select_secondaries", "attacker", **choose("tactical"))
    with pytest.raises(Refusal) as err:
        act(state, "select_secondaries", "attacker", **choose("fixed", FIXED_PAIR))
    assert err.value.code == "already_chosen"


def test_unknown_mission_rule_refused() -> None:
    with pytest.raises(Refusal) as err:
        new_game(1, mission_rules=["not_a_rule"])
    assert err.value.code == "unknown_mission_rule"
