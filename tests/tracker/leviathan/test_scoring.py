"""Rule 6 and the clock: VP by round, caps, Battle Ready, final score, turn order."""

from __future__ import annotations

import pytest

from tests.tracker.leviathan.helpers import act, choose, end_turn, refused, start
from tracker.engine.leviathan import Refusal, final_score, score_sheet
from tracker.engine.leviathan.rules import SIDES


def entry(category: str, vp: int, card: str | None = None, round_: int = 2) -> dict:
    return {"round": round_, "category": category, "vp": vp, "card": card}


def finished(state: dict) -> dict:
    while state["phase"] != "end_of_battle":
        if state["phase"] == "gambits":
            for side in SIDES:
                state = act(state, "choose_gambit", side, card="proceed_as_planned")
        else:
            state = end_turn(state)
    return act(state, "finish")


def test_turn_order_through_the_battle() -> None:
    state = start(first="defender")
    seen = []
    while state["phase"] not in ("gambits", "end_of_battle"):
        seen.append((state["round"], state["turn"]))
        state = end_turn(state)
    assert seen == [(r, s) for r in (1, 2, 3) for s in ("defender", "attacker")]
    assert state["phase"] == "gambits"
    state = finished(state)
    assert state["phase"] == "over"
    refused(state, "not_in_this_phase", "score_primary", "attacker", vp=1)


def test_phases_only_move_forward() -> None:
    state = act(start(), "draw", "attacker")
    refused(state, "bad_phase_target", "advance", "attacker", to="command")
    refused(state, "bad_phase_target", "advance", "attacker", to="nowhere")
    refused(state, "not_your_turn", "advance", "defender")
    state = act(state, "advance", "attacker", to="shooting")
    assert state["phase"] == "shooting"
    refused(state, "bad_phase_target", "advance", "attacker", to="movement")


def test_caps_primary_gambit_secondary_and_fixed_cards() -> None:
    state = finished(start(attacker=choose("fixed", ["assassination", "cleanse"])))
    state["sides"]["attacker"]["scores"] = [
        entry("primary", 45),
        entry("gambit", 30, "delaying_tactics", 5),
        entry("secondary", 25, "assassination"),
        entry("secondary", 19, "cleanse"),
        entry("secondary", 3, "cleanse"),
    ]
    state["sides"]["attacker"]["battle_ready"] = True
    score = final_score(state)["attacker"]
    # The gambit keeps its 30 (it is worth 30 or nothing); the shared cap trims the primary.
    assert score == {"primary": 20, "secondary": 40, "gambit": 30, "battle_ready": 10, "total": 100}


def test_tactical_secondary_capped_at_forty_and_raw_kept() -> None:
    state = finished(start())
    state["sides"]["defender"]["scores"] = [entry("secondary", 8, "x", r) for r in range(1, 6)]
    state["sides"]["defender"]["scores"] += [entry("secondary", 5, "y", 5)]
    assert final_score(state)["defender"]["secondary"] == 40
    sheet = score_sheet(state)["defender"]
    assert sheet["raw_by_round"]["secondary"] == [8, 8, 8, 8, 13]
    assert final_score(state)["defender"]["total"] == 40


def test_primary_entries_recorded_by_round() -> None:
    state = act(end_turn(end_turn(start())), "draw", "attacker")
    state = act(state, "score_primary", "attacker", vp=10)
    refused(state, "bad_vp", "score_primary", "attacker", vp=51)
    refused(state, "bad_vp", "score_primary", "attacker", vp=-1)
    state = end_turn(end_turn(state))
    state = act(state, "score_primary", "attacker", vp=15)
    assert score_sheet(state)["attacker"]["raw_by_round"]["primary"] == [0, 10, 15, 0, 0]


def test_battle_ready_is_ten_or_nothing() -> None:
    state = act(start(), "battle_ready", "defender", value=True)
    refused(state, "bad_value", "battle_ready", "defender", value=1)
    state = finished(state)
    score = final_score(state)
    assert score["defender"]["battle_ready"] == 10
    assert score["attacker"]["battle_ready"] == 0


def test_final_score_needs_a_finished_game() -> None:
    with pytest.raises(Refusal) as err:
        final_score(start())
    assert err.value.code == "not_finished"


def test_optional_turn_and_seq_pin_an_action() -> None:
    state = act(start(), "draw", "attacker")
    refused(state, "wrong_turn", "battle_ready", "attacker", value=True, turn="defender")
    refused(state, "stale_action", "battle_ready", "attacker", value=True, seq=state["seq"] - 1)
    state = act(state, "battle_ready", "attacker", value=True, turn="attacker", seq=state["seq"])
    assert state["sides"]["attacker"]["battle_ready"] is True


def test_advance_to_null_is_refused_not_a_turn_skip() -> None:
    state = act(start(), "draw", "attacker")
    refused(state, "bad_phase_target", "advance", "attacker", to=None)
    end = act(state, "advance", "attacker", to="end_of_turn")
    refused(end, "bad_phase_target", "advance", "attacker", to="end_of_turn")


def _with_markers(primary: str, markers: list[str]) -> dict:
    from tests.tracker.leviathan.helpers import choose as pick
    from tracker.engine.leviathan import new_game

    state = new_game("m", primary=primary, nml_objectives=markers)
    state = act(state, "assign_roles", attacker="player_1")
    state = act(state, "select_secondaries", "attacker", **pick("tactical"))
    state = act(state, "select_secondaries", "defender", **pick("tactical"))
    state = act(state, "set_first_turn", first="attacker")
    while state["round"] < 2:
        state = end_turn(state)
    return act(state, "draw", "attacker")  # round 2, the attacker's Command phase


def test_supply_drop_caps_follow_the_maps_no_mans_land_markers() -> None:
    # Seed 002 around line 548 (Supply Drop): 5VP per No Man's Land objective in rounds 2-3,
    # 8VP in round 4 once Alpha is gone: with three markers at most 15 and 16, not 20 and 24.
    three = _with_markers("supply_drop", ["n1", "n2", "n3"])
    refused(three, "bad_vp", "score_primary", "attacker", vp=20)
    assert act(three, "score_primary", "attacker", vp=15)
    four = _with_markers("supply_drop", ["n1", "n2", "n3", "n4"])
    assert act(four, "score_primary", "attacker", vp=20)
    caps = {line["rounds"][0]: line["cap"] for line in three["primary"]["lines"] if line["cap"]}
    assert (caps[2], caps[4]) == (15, 16)


def test_servo_skulls_turn_cap_follows_the_number_of_skulls() -> None:
    # Seed 002, Deploy Servo-skulls: 8VP per skull at most, one skull per No Man's Land marker.
    three = _with_markers("deploy_servo_skulls", ["n1", "n2", "n3"])
    assert three["primary"]["turn_cap"] == 24
    four = _with_markers("deploy_servo_skulls", ["n1", "n2", "n3", "n4"])
    assert four["primary"]["turn_cap"] == 32
