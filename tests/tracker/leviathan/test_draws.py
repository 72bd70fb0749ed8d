"""Rule 3: Command-phase draws, round-1 set-asides, Engage on All Fronts, Secret Intel."""

from __future__ import annotations

import pytest

from tests.tracker.leviathan.helpers import (
    act,
    choose,
    end_turn,
    frozen,
    refused,
    stack,
    start,
    to_phase,
    zones,
)
from tracker.engine.leviathan import Refusal

FIXED_PAIR = ["assassination", "bring_it_down"]


def test_tactical_draws_two() -> None:
    state = act(start(), "draw", "attacker")
    assert len(state["sides"]["attacker"]["active"]) == 2
    assert len(state["sides"]["attacker"]["deck"]) == 14


def test_targets_of_opportunity_draws_three() -> None:
    state = act(start(rules=("targets_of_opportunity",)), "draw", "attacker")
    assert len(state["sides"]["attacker"]["active"]) == 3


def test_fixed_player_does_not_draw() -> None:
    state = start(attacker=choose("fixed", FIXED_PAIR))
    refused(state, "does_not_draw", "draw", "attacker")
    state = act(state, "advance", "attacker")  # no draw owed
    assert state["phase"] == "movement"


def test_fixed_player_draws_one_under_targets_of_opportunity() -> None:
    state = start(rules=("targets_of_opportunity",), attacker=choose("fixed", FIXED_PAIR))
    z = zones(state, "attacker")
    assert len(z["deck"]) == 9  # the other five Fixed-capable cards are out of the battle
    assert all(not state["cards"][k]["fixed_capable"] for k in z["deck"])
    assert len(z["set_aside"]) == 5
    state = act(state, "draw", "attacker")
    assert len(state["sides"]["attacker"]["active"]) == 1
    assert state["sides"]["attacker"]["fixed"] == FIXED_PAIR


def test_draw_order_is_enforced() -> None:
    state = start()
    refused(state, "not_your_turn", "draw", "defender")
    refused(state, "draw_required", "advance", "attacker")
    refused(state, "wrong_phase", "draw", "attacker", phase="movement")
    drawn = act(state, "draw", "attacker")
    refused(drawn, "already_drew", "draw", "attacker")
    moved = act(drawn, "advance", "attacker")
    refused(moved, "not_in_this_phase", "draw", "attacker")


def test_stale_round_refused() -> None:
    state = start()
    before = frozen(state)
    with pytest.raises(Refusal) as err:
        act(state, "draw", "attacker", round=2)
    assert err.value.code == "wrong_round"
    assert frozen(state) == before


@pytest.mark.parametrize("card", ["storm_hostile_objective", "defend_stronghold"])
def test_round_one_set_aside_and_shuffled_back(card: str) -> None:
    state = stack(start(), "attacker", card)
    state = act(state, "draw", "attacker")
    side = state["sides"]["attacker"]
    assert card not in side["active"]
    assert card in side["deck"]
    assert len(side["active"]) == 2
    assert card in side["turn"]["set_aside"]


def test_round_two_keeps_storm_hostile_objective() -> None:
    state = to_phase(start(), "end_of_turn")
    state = act(state, "discard", "attacker", cards=state["sides"]["attacker"]["active"])
    state = end_turn(end_turn(state))
    assert (state["round"], state["turn"]) == (2, "attacker")
    state = stack(state, "attacker", "storm_hostile_objective")
    state = act(state, "draw", "attacker")
    assert "storm_hostile_objective" in state["sides"]["attacker"]["active"]


def test_engage_on_all_fronts_may_be_swapped_when_drawn() -> None:
    state = stack(start(), "attacker", "engage_on_all_fronts", "area_denial", "no_prisoners")
    state = act(state, "draw", "attacker")
    refused(state, "no_redraw_rule", "redraw", "attacker", card="area_denial", qualifying_units=1)
    refused(
        state,
        "bad_declaration",
        "redraw",
        "attacker",
        card="engage_on_all_fronts",
        qualifying_units=3,
    )
    state = act(state, "redraw", "attacker", card="engage_on_all_fronts", qualifying_units=2)
    side = state["sides"]["attacker"]
    assert side["active"] == ["area_denial", "no_prisoners"]
    assert side["discarded"] == ["engage_on_all_fronts"]


def test_engage_on_all_fronts_swap_only_in_phase_drawn() -> None:
    state = stack(start(), "attacker", "engage_on_all_fronts", "area_denial")
    state = end_turn(end_turn(state))
    state = act(state, "draw", "attacker")  # already holds two: draws nothing
    refused(
        state,
        "not_just_drawn",
        "redraw",
        "attacker",
        card="engage_on_all_fronts",
        qualifying_units=1,
    )


def test_secret_intel_draws_one_then_discards_one() -> None:
    state = act(start(rules=("secret_intel",)), "draw", "attacker")
    state = act(state, "intel_draw", "attacker")
    assert len(state["sides"]["attacker"]["active"]) == 3
    refused(state, "intel_discard_pending", "advance", "attacker")
    victim = state["sides"]["attacker"]["active"][0]
    state = act(state, "intel_discard", "attacker", card=victim)
    side = state["sides"]["attacker"]
    assert len(side["active"]) == 2
    assert side["discarded"] == [victim]
    assert [e["reason"] for e in side["cp_log"]] == ["Command phase"]  # no CP for the intel
    refused(state, "intel_used", "intel_draw", "attacker")


def test_secret_intel_needs_rule_and_a_real_draw() -> None:
    refused(act(start(), "draw", "attacker"), "rule_not_in_play", "intel_draw", "attacker")
    state = start(rules=("secret_intel",))
    refused(state, "intel_needs_draw", "intel_draw", "attacker")
    state = end_turn(end_turn(state))  # round 2: attacker still holds two cards
    state = act(state, "draw", "attacker")
    assert state["sides"]["attacker"]["turn"]["drawn"] == []
    refused(state, "intel_needs_draw", "intel_draw", "attacker")


def test_empty_deck_stops_drawing() -> None:
    state = start()
    keep = state["sides"]["attacker"]["deck"][:1]
    state["sides"]["attacker"]["set_aside"] = state["sides"]["attacker"]["deck"][1:]
    state["sides"]["attacker"]["deck"] = keep
    state = act(state, "draw", "attacker")
    assert state["sides"]["attacker"]["active"] == keep
    state = act(state, "advance", "attacker")
    assert state["phase"] == "movement"
