"""Issue 12: each side's Command point pool, filled by the game and spent on New Orders."""

from __future__ import annotations

from tests.tracker.leviathan.helpers import act, end_turn, refused, start, to_phase
from tracker.engine.leviathan import new_game


def cp(state: dict) -> dict[str, int]:
    return {s: state["sides"][s]["cp"] for s in ("attacker", "defender")}


def test_pool_starts_empty_and_every_command_phase_gives_both_sides_one() -> None:
    assert new_game("c")["sides"]["attacker"]["cp"] == 0
    state = start()
    assert cp(state) == {"attacker": 1, "defender": 1}  # the attacker's first Command phase
    state = end_turn(state)
    assert cp(state) == {"attacker": 2, "defender": 2}  # the defender's
    state = end_turn(state)
    assert cp(state) == {"attacker": 3, "defender": 3}  # round 2


def test_one_extra_cp_per_battle_round_from_other_sources() -> None:
    state = act(start(), "gain_cp", "defender", reason="Supply Lines")
    assert cp(state)["defender"] == 2
    refused(state, "cp_extra_used", "gain_cp", "defender", reason="Supply Lines")
    refused(state, "bad_reason", "gain_cp", "attacker", reason="")
    state = end_turn(end_turn(state))  # a new battle round: the allowance is back
    state = act(state, "gain_cp", "defender")
    assert state["sides"]["defender"]["cp_log"][-1] == {
        "round": 2,
        "delta": 1,
        "reason": "other source",
    }


def test_discard_cp_counts_against_the_extra_allowance() -> None:
    state = act(start(), "draw", "attacker")
    state = act(state, "gain_cp", "attacker", reason="ability")
    state = to_phase(state, "end_of_turn")
    state = act(state, "discard", "attacker", cards=state["sides"]["attacker"]["active"][:1])
    assert cp(state)["attacker"] == 2  # 1 Command phase + 1 extra, no more for the discard


def test_new_orders_spends_and_is_refused_when_the_pool_is_short() -> None:
    state = act(start(), "draw", "attacker")
    state = act(state, "spend_cp", "attacker", cp=1, reason="Command Re-roll")
    assert cp(state)["attacker"] == 0
    card = state["sides"]["attacker"]["active"][0]
    refused(state, "not_enough_cp", "new_orders", "attacker", card=card)
    refused(state, "not_enough_cp", "spend_cp", "attacker", cp=1)
    refused(state, "bad_cp", "spend_cp", "attacker", cp=0)
    fresh = act(start(), "draw", "attacker")
    fresh = act(fresh, "new_orders", "attacker", card=fresh["sides"]["attacker"]["active"][0])
    assert fresh["sides"]["attacker"]["cp"] == 0
    assert fresh["sides"]["attacker"]["cp_log"][-1]["reason"] == "New Orders"


def test_gambit_round_and_round_four_command_phase_still_give_cp() -> None:
    state = start()
    while state["phase"] != "gambits":
        state = end_turn(state)
    assert cp(state) == {"attacker": 6, "defender": 6}
    for side in ("attacker", "defender"):
        state = act(state, "choose_gambit", side, card="proceed_as_planned")
    assert cp(state) == {"attacker": 7, "defender": 7}


def test_core_stratagems_are_named_with_their_cost_and_vox_static_doubles_command_reroll() -> None:
    # Seed 002 around line 453 (Vox Static): "the Command Re-roll Stratagem and New Orders
    # Stratagem both cost 2CP"; core Stratagem costs from seed 004 (around line 1739 on).
    from tracker.engine.leviathan.view import options

    state = end_turn(start())  # 2CP each
    stratagems = {s["key"]: s["cp"] for s in options(state)["defender"]["stratagems"]}
    assert stratagems["command_reroll"] == 1
    assert stratagems["heroic_intervention"] == 2
    state = act(state, "spend_cp", "defender", stratagem="heroic_intervention")
    assert state["sides"]["defender"]["cp"] == 0
    assert state["sides"]["defender"]["cp_log"][-1]["reason"] == "Heroic Intervention"
    vox = end_turn(start(rules=("vox_static",)))
    assert {s["key"]: s["cp"] for s in options(vox)["defender"]["stratagems"]}[
        "command_reroll"
    ] == 2
    vox = act(vox, "spend_cp", "defender", stratagem="command_reroll")
    assert vox["sides"]["defender"]["cp"] == 0
    refused(end_turn(start()), "bad_stratagem", "spend_cp", "defender", stratagem="nope")
    refused(end_turn(start()), "bad_cp", "spend_cp", "defender", stratagem="grenade", cp=2)
