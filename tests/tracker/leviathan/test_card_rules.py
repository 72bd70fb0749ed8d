"""Issue 12: every score entry is checked against the card's data (timing, rounds, maxima);
when-drawn effects come from the pack; decoys and New Orders follow the seed."""

from __future__ import annotations

from missions.pack.registry import get_pack
from missions.pack.scoring import Timing, WhenDrawn
from tests.tracker.leviathan.helpers import act, choose, end_turn, refused, stack, start, to_phase
from tracker.engine.leviathan import new_game
from tracker.engine.leviathan.rules import SIDES

PACK = get_pack("leviathan")
CARDS = {c.key: c for c in (*PACK.primaries, *PACK.secondaries)}
FIXED_PAIR = ["behind_enemy_lines", "assassination"]


def to_round(state: dict, round_: int) -> dict:
    """Play on (no scoring) to the first Command phase of `round_`."""
    while state["round"] < round_ or state["phase"] not in ("command",):
        if state["phase"] == "gambits":
            for side in SIDES:
                state = act(state, "choose_gambit", side, card="proceed_as_planned")
        else:
            state = end_turn(state)
    return state


# Primary


def test_primary_does_not_score_in_round_one_of_take_and_hold() -> None:
    state = act(start(), "draw", "attacker")
    refused(state, "primary_not_now", "score_primary", "attacker", vp=15)


def test_primary_refused_for_the_side_whose_turn_it_is_not() -> None:
    state = to_round(start(), 2)
    refused(state, "primary_not_now", "score_primary", "defender", vp=50)
    refused(state, "primary_not_now", "score_primary", "defender", vp=5)


def test_primary_per_turn_maximum_counts_every_entry_of_the_moment() -> None:
    state = to_round(start(), 2)
    refused(state, "bad_vp", "score_primary", "attacker", vp=40)
    refused(state, "bad_vp", "score_primary", "attacker", vp=16)
    state = act(state, "score_primary", "attacker", vp=10)
    refused(state, "bad_vp", "score_primary", "attacker", vp=6)
    state = act(state, "score_primary", "attacker", vp=5)
    end = to_phase(state, "end_of_turn")
    refused(end, "primary_not_now", "score_primary", "attacker", vp=1)  # Command phase only


def test_round_five_second_player_scores_at_end_of_turn() -> None:
    state = to_round(start(first="defender"), 5)
    assert state["turn"] == "defender"  # first player: end of Command phase as usual
    state = act(state, "score_primary", "defender", vp=15)
    state = to_phase(state, "end_of_turn")
    refused(state, "primary_not_now", "score_primary", "defender", vp=5)
    state = end_turn(state)
    assert state["turn"] == "attacker"
    refused(state, "primary_not_now", "score_primary", "attacker", vp=5)  # not at Command
    state = to_phase(state, "end_of_turn")
    refused(state, "bad_vp", "score_primary", "attacker", vp=16)
    state = act(state, "score_primary", "attacker", vp=15)
    assert state["sides"]["attacker"]["scores"][-1]["phase"] == "end_of_turn"


def test_end_of_battle_round_and_end_of_battle_lines() -> None:
    purge = to_round(start(primary="purge_the_foe"), 1)
    # Purge the Foe scores at the end of every battle round, round 1 included: both sides,
    # in the second turn's end-of-turn step, up to 4 + 4.
    refused(purge, "primary_not_now", "score_primary", "attacker", vp=4)
    purge = end_turn(purge)
    purge = to_phase(purge, "end_of_turn")
    purge = act(purge, "score_primary", "attacker", vp=8)
    refused(purge, "bad_vp", "score_primary", "defender", vp=9)
    purge = act(purge, "score_primary", "defender", vp=4)
    priority = to_round(start(primary="priority_targets"), 5)
    while priority["phase"] != "end_of_battle":
        priority = end_turn(priority)
    refused(priority, "bad_vp", "score_primary", "attacker", vp=16)
    priority = act(priority, "score_primary", "attacker", vp=15)


def test_primary_unknown_means_no_primary_entries() -> None:
    state = new_game("x")
    state = act(state, "assign_roles", attacker="player_1")
    state = act(state, "select_secondaries", "attacker", **choose("tactical"))
    state = act(state, "select_secondaries", "defender", **choose("tactical"))
    state = to_round(act(state, "set_first_turn", first="attacker"), 2)
    refused(state, "no_primary", "score_primary", "attacker", vp=5)


def test_sites_of_power_caps_both_lines_together_at_fifteen() -> None:
    card = CARDS["sites_of_power"]
    assert card.turn_cap == 15
    assert sum({line.condition: line.cap for line in card.scoring}.values()) > 15
    state = to_round(start(primary="sites_of_power"), 2)
    refused(state, "bad_vp", "score_primary", "attacker", vp=18)
    state = act(state, "score_primary", "attacker", vp=9)  # 3 objectives
    refused(state, "bad_vp", "score_primary", "attacker", vp=9)  # + 3 sites would be 18
    state = act(state, "score_primary", "attacker", vp=6)


def test_every_per_objective_primary_line_has_a_ceiling() -> None:
    for card in PACK.primaries:
        for line in card.scoring:
            if "(each)" in line.condition:
                assert line.cap is not None or card.turn_cap is not None, (card.key, line)


# Secondaries


def test_area_denial_refused_in_the_opponents_command_phase() -> None:
    state = act(stack(start(), "attacker", "area_denial"), "draw", "attacker")
    state = end_turn(to_phase(state, "end_of_turn"))
    assert (state["turn"], state["phase"]) == ("defender", "command")
    refused(state, "not_scoring_now", "achieve", "attacker", card="area_denial", vp=5)
    refused(state, "not_scoring_now", "achieve", "attacker", card="area_denial", vp=3)


def hand_emptied(state: dict) -> dict:
    """Round 1: the attacker draws and discards both cards, so round 2 starts with a draw."""
    state = to_phase(act(state, "draw", "attacker"), "end_of_turn")
    state = act(state, "discard", "attacker", cards=list(state["sides"]["attacker"]["active"]))
    return to_round(state, 2)


def test_defend_stronghold_scores_in_the_opponents_turn_or_at_the_end_of_battle() -> None:
    state = hand_emptied(start())
    state = act(stack(state, "attacker", "defend_stronghold"), "draw", "attacker")
    assert "defend_stronghold" in state["sides"]["attacker"]["active"]
    mine_end = to_phase(state, "end_of_turn")
    refused(mine_end, "not_scoring_now", "achieve", "attacker", card="defend_stronghold", vp=3)
    theirs = to_phase(act(end_turn(mine_end), "draw", "defender"), "end_of_turn")
    refused(theirs, "bad_vp", "achieve", "attacker", card="defend_stronghold", vp=4)
    done = act(theirs, "achieve", "attacker", card="defend_stronghold", vp=3)
    assert "defend_stronghold" in done["sides"]["attacker"]["discarded"]
    timings = {line.timing for line in CARDS["defend_stronghold"].scoring}
    assert Timing.END_OF_BATTLE in timings


def test_defend_stronghold_at_the_end_of_the_battle() -> None:
    state = to_round(start(), 5)
    side = state["sides"]["attacker"]
    for zone in ("deck", "active", "discarded", "set_aside"):  # arrange: it is active now
        if "defend_stronghold" in side[zone]:
            side[zone].remove("defend_stronghold")
    side["active"].append("defend_stronghold")
    while state["phase"] != "end_of_battle":
        state = end_turn(state)
    refused(state, "bad_vp", "achieve", "attacker", card="defend_stronghold", vp=4)
    state = act(state, "achieve", "attacker", card="defend_stronghold", vp=3)
    assert state["sides"]["attacker"]["scores"][-1]["phase"] == "end_of_battle"


def test_behind_enemy_lines_fixed_gives_at_most_four_per_turn() -> None:
    state = start(attacker=choose("fixed", FIXED_PAIR))
    refused(state, "not_scoring_now", "achieve", "attacker", card="behind_enemy_lines", vp=4)
    state = to_phase(state, "end_of_turn")
    refused(state, "bad_vp", "achieve", "attacker", card="behind_enemy_lines", vp=20)
    refused(state, "bad_vp", "achieve", "attacker", card="behind_enemy_lines", vp=5)
    state = act(state, "achieve", "attacker", card="behind_enemy_lines", vp=3)
    refused(state, "bad_vp", "achieve", "attacker", card="behind_enemy_lines", vp=3)
    state = act(state, "achieve", "attacker", card="behind_enemy_lines", vp=1)
    refused(state, "bad_vp", "achieve", "attacker", card="behind_enemy_lines", vp=1)


def test_fixed_card_stops_at_its_twenty_vp() -> None:
    state = start(attacker=choose("fixed", FIXED_PAIR))
    state = to_phase(state, "movement")
    for _ in range(5):  # five enemy CHARACTER models, 4VP each
        state = act(state, "achieve", "attacker", card="assassination", vp=4)
    refused(state, "bad_vp", "achieve", "attacker", card="assassination", vp=4)
    assert sum(e["vp"] for e in state["sides"]["attacker"]["scores"]) == 20


def test_behind_enemy_lines_tactical_gives_five() -> None:
    state = start()
    state = act(stack(state, "attacker", "behind_enemy_lines"), "draw", "attacker")
    state = to_phase(state, "end_of_turn")
    refused(state, "bad_vp", "achieve", "attacker", card="behind_enemy_lines", vp=6)
    state = act(state, "achieve", "attacker", card="behind_enemy_lines", vp=5)


def test_secondary_data_gives_per_entry_maxima_for_both_modes() -> None:
    for card in PACK.secondaries:
        assert 1 <= (card.max_vp_tactical or 0) <= 8, card.key
        if card.fixed_capable:
            assert 1 <= (card.entry_max_fixed or 0) <= 5, card.key
        assert all(line.timing for line in card.scoring)
    assert CARDS["behind_enemy_lines"].entry_max_fixed == 4
    assert CARDS["behind_enemy_lines"].max_vp_tactical == 5


# Selection and New Orders


def test_tactical_players_must_place_two_decoys() -> None:
    state = act(new_game("d"), "assign_roles", attacker="player_1")
    for cards in (None, [], ["area_denial"]):
        fields = {"mode": "tactical"} if cards is None else {"mode": "tactical", "cards": cards}
        refused(state, "bad_cards", "select_secondaries", "attacker", **fields)
    state = act(state, "select_secondaries", "attacker", **choose("tactical"))
    assert state["sides"]["attacker"]["selection"]["cards"] == [
        "area_denial",
        "capture_enemy_outpost",
    ]


def test_new_orders_with_a_full_hand_needs_no_empty_draw() -> None:
    state = act(start(), "draw", "attacker")
    state = end_turn(end_turn(state))  # round 2: the attacker still holds two cards
    side = state["sides"]["attacker"]
    assert len(side["active"]) == 2
    assert not side["turn"]["drew"]
    state = act(state, "new_orders", "attacker", card=side["active"][0])
    assert len(state["sides"]["attacker"]["active"]) == 2
    assert state["sides"]["attacker"]["new_orders_used"]


# When drawn


def test_when_drawn_effects_are_pack_data() -> None:
    assert CARDS["engage_on_all_fronts"].when_drawn == WhenDrawn.MAY_REDRAW_IF_FEW_UNITS
    assert CARDS["a_tempting_target"].when_drawn == WhenDrawn.OPPONENT_PICKS_NML_OBJECTIVE
    others = [c.key for c in PACK.secondaries if c.when_drawn]
    assert sorted(others) == ["a_tempting_target", "engage_on_all_fronts"]
    state = new_game("w", primary="take_and_hold")
    assert state["cards"]["engage_on_all_fronts"]["when_drawn"] == "may_redraw_if_few_units"


def test_redraw_follows_the_card_data() -> None:
    state = act(stack(start(), "attacker", "area_denial"), "draw", "attacker")
    refused(state, "no_redraw_rule", "redraw", "attacker", card="area_denial", qualifying_units=1)
    # The same rule on another card is only a data change.
    state = start()
    state["cards"]["area_denial"]["when_drawn"] = "may_redraw_if_few_units"
    state = act(stack(state, "attacker", "area_denial"), "draw", "attacker")
    state = act(state, "redraw", "attacker", card="area_denial", qualifying_units=2)
    assert "area_denial" in state["sides"]["attacker"]["discarded"]


def test_a_tempting_target_waits_for_the_opponents_objective() -> None:
    state = new_game("t", primary="take_and_hold", nml_objectives=["centre", "nml_1", "nml_2"])
    state = act(state, "assign_roles", attacker="player_1")
    state = act(state, "select_secondaries", "attacker", **choose("tactical"))
    state = act(state, "select_secondaries", "defender", **choose("tactical"))
    state = act(state, "set_first_turn", first="attacker")
    state = act(stack(state, "attacker", "a_tempting_target"), "draw", "attacker")
    assert state["sides"]["attacker"]["objectives"] == {"a_tempting_target": None}
    end = to_phase(state, "end_of_turn")
    refused(end, "objective_not_picked", "achieve", "attacker", card="a_tempting_target", vp=5)
    refused(
        state, "nothing_to_pick", "pick_objective", "attacker", card="a_tempting_target",
        objective="nml_1",
    )  # fmt: skip
    refused(
        state, "bad_objective", "pick_objective", "defender", card="a_tempting_target",
        objective="attacker_home",
    )  # fmt: skip
    state = act(state, "pick_objective", "defender", card="a_tempting_target", objective="nml_2")
    assert state["sides"]["attacker"]["objectives"] == {"a_tempting_target": "nml_2"}
    refused(
        state, "already_picked", "pick_objective", "defender", card="a_tempting_target",
        objective="nml_1",
    )  # fmt: skip
    state = to_phase(state, "end_of_turn")
    state = act(state, "achieve", "attacker", card="a_tempting_target", vp=5)
    assert state["sides"]["attacker"]["objectives"] == {}
