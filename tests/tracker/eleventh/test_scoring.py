"""Primary windows, secondaries, the caps (15 per round, 45 per game, 20 per Fixed card),
Battle Ready, exactly five rounds and the per-round breakdown."""

from __future__ import annotations

import pytest

from tests.tracker.eleventh.fixtures import act, next_turn, started, to_phase
from tracker.engine.eleventh import Refusal, final_score, options, score_sheet


def refused(state, kind, side=None, **fields):
    with pytest.raises(Refusal) as err:
        act(state, kind, side, **fields)
    return err.value.code


def at_round(state, round_, phase="command", turn="a"):
    while (state["round"], state["turn"]) != (round_, turn):
        state = next_turn(state)
    return to_phase(state, phase)


def test_primary_scores_only_in_its_windows_up_to_their_values():
    state = started(a="fixed", a_cards=["kills", "hordes"], b="fixed", b_cards=["kills", "hordes"])
    assert refused(state, "score_primary", "a", vp=3) == "primary_not_now"  # R1 Command
    state = to_phase(state, "end_of_turn")
    assert refused(state, "score_primary", "a", vp=4) == "bad_vp"
    state = act(state, "score_primary", "a", vp=2)
    state = act(state, "score_primary", "a", vp=1)
    assert refused(state, "score_primary", "a", vp=1) == "bad_vp"  # 3 at this moment
    state = at_round(state, 2)
    state = act(state, "score_primary", "a", vp=10)  # R2-4 end of Command phase
    state = at_round(state, 5)
    assert refused(state, "score_primary", "a", vp=1) == "primary_not_now"  # moved to EoT
    assert score_sheet(state)["a"]["rounds"][:2] == [
        {"primary": 3, "secondary": 0},
        {"primary": 10, "secondary": 0},
    ]


def test_primary_vp_over_fifteen_in_a_round_are_lost():
    state = started(a="fixed", a_cards=["kills", "hordes"], b="fixed", b_cards=["kills", "hordes"])
    state = at_round(state, 2, "command")
    state = act(state, "score_primary", "a", vp=10)
    state = to_phase(state, "end_of_turn")
    state = act(state, "score_primary", "a", vp=3)
    state = to_phase(next_turn(state), "end_of_turn")  # b's turn, still round 2
    state = at_round(state, 3, "command")
    sheet = score_sheet(state)["a"]
    assert sheet["rounds"][1]["primary"] == 13
    # Side b's primary: per kill at the end of its turn, plus 5 at the end of either turn.
    state = at_round(state, 3, "end_of_turn", turn="b")
    state = act(state, "score_primary", "b", vp=20)
    sheet = score_sheet(state)["b"]
    assert sheet["rounds"][2]["primary"] == 15
    assert sheet["lost"] == 5


def test_tactical_card_scores_then_is_achieved():
    state = started()
    state["sides"]["a"]["deck"] = ["nomans", "might", *state["sides"]["a"]["deck"][2:]]
    state["sides"]["a"]["deck"] = list(dict.fromkeys(state["sides"]["a"]["deck"]))
    state = to_phase(act(state, "draw", "a"), "end_of_turn")
    assert options(state)["a"]["cards"] == {"nomans": 5, "might": 2}
    assert refused(state, "score_secondary", "a", card="might", vp=3) == "bad_vp"
    state = act(state, "score_secondary", "a", card="nomans", vp=5)
    mine = state["sides"]["a"]
    assert mine["achieved"] == ["nomans"]
    assert mine["active"] == ["might"]
    assert refused(state, "score_secondary", "a", card="nomans", vp=5) == "card_not_active"
    state = to_phase(next_turn(state), "end_of_turn")  # b's turn: might gives 5 now
    assert options(state)["a"]["cards"] == {"might": 5}
    state = act(state, "score_secondary", "a", card="might", vp=5)
    assert score_sheet(state)["a"]["rounds"][0] == {"primary": 0, "secondary": 10}


def test_secondary_round_cap_covers_both_turns():
    state = started(a="fixed", a_cards=["kills", "big_game"])
    state = to_phase(state, "end_of_turn")
    state = act(state, "score_secondary", "a", card="kills", vp=9)
    state = to_phase(next_turn(state), "end_of_turn")
    state = act(state, "score_secondary", "a", card="big_game", vp=9)
    sheet = score_sheet(state)["a"]
    assert sheet["rounds"][0]["secondary"] == 15
    assert sheet["lost"] == 3


def test_a_fixed_card_gives_at_most_twenty_and_stays():
    state = started(a="fixed", a_cards=["kills", "hordes"])
    for _ in range(3):
        state = to_phase(state, "end_of_turn")
        state = act(state, "score_secondary", "a", card="kills", vp=9)
        assert refused(state, "score_secondary", "a", card="kills", vp=7) == "bad_vp"
        state = next_turn(next_turn(state))
    mine = state["sides"]["a"]
    assert mine["fixed"] == ["kills", "hordes"]
    assert sum(e["vp"] for e in mine["scores"]) == 20
    assert [e["vp"] for e in mine["scores"]] == [9, 9, 2]


def test_held_opponent_turn_cards_score_at_the_end_of_round_five_when_going_second():
    state = started(first="a")
    state = at_round(state, 5, "command", turn="b")
    mine = state["sides"]["b"]
    for zone in ("deck", "active", "achieved", "discarded"):
        mine[zone] = [k for k in mine[zone] if k != "beacon"]
    mine["active"].append("beacon")  # held since an earlier round
    state = to_phase(state, "end_of_turn")
    assert "beacon" in options(state)["b"]["cards"]
    state = act(state, "score_secondary", "b", card="beacon", vp=5)
    assert score_sheet(state)["b"]["rounds"][4]["secondary"] == 5


def test_exactly_five_rounds_then_end_of_battle_scores_and_finish():
    state = started(a="fixed", a_cards=["kills", "hordes"], b="tactical", first="b")
    state = act(state, "battle_ready", "a", value=True)
    for _ in range(10):
        state = next_turn(state)
    assert (state["round"], state["phase"], state["turn"]) == (5, "end_of_battle", None)
    assert refused(state, "advance", "a") == "not_in_this_phase"
    state = act(state, "score_primary", "a", vp=5)
    assert refused(state, "score_primary", "b", vp=1) == "primary_not_now"
    assert refused(state, "score_secondary", "a", card="kills", vp=1) == "not_scoring_now"
    with pytest.raises(Refusal) as err:
        final_score(state)
    assert err.value.code == "not_finished"
    state = act(state, "finish")
    final = final_score(state)
    assert final["a"]["rounds"] == [{"primary": 0, "secondary": 0}] * 4 + [
        {"primary": 5, "secondary": 0}
    ]
    assert final["a"]["battle_ready"] == 10
    assert final["a"]["total"] == 15
    assert final["a"]["mode"] == "fixed"
    assert final["b"]["mode"] == "tactical"
    assert (final["attacker"], final["first_turn"]) == ("a", "b")
    assert refused(state, "finish") == "not_in_this_phase"


def test_of_a_best_of_group_only_the_best_line_pays():
    state = started()
    deck = state["sides"]["a"]["deck"]
    state["sides"]["a"]["deck"] = ["centre", "might"] + [
        k for k in deck if k not in ("centre", "might")
    ]
    state = to_phase(act(state, "draw", "a"), "end_of_turn")
    assert options(state)["a"]["cards"]["centre"] == 5
    assert refused(state, "score_secondary", "a", card="centre", vp=8) == "bad_vp"


def test_held_opponent_turn_cards_of_the_player_going_first_wait_for_the_opponents_turn():
    state = started(first="a")
    state = at_round(state, 5, "command", turn="a")
    mine = state["sides"]["a"]
    for zone in ("deck", "active", "achieved", "discarded"):
        mine[zone] = [k for k in mine[zone] if k != "beacon"]
    mine["active"].append("beacon")
    state = to_phase(state, "end_of_turn")
    assert "beacon" not in options(state)["a"]["cards"]
    state = to_phase(next_turn(state), "end_of_turn")  # B's round 5 turn: the last one
    assert options(state)["a"]["cards"]["beacon"] == 5
