"""Rule 4: achieving, end-of-turn discards, New Orders and the CP counters."""

from __future__ import annotations

from tests.tracker.leviathan.helpers import act, choose, end_turn, refused, stack, start, to_phase
from tracker.engine.leviathan.rules import SIDES

FIXED_PAIR = ["assassination", "storm_hostile_objective"]


def drawn(seed: str = "c", **kw: object) -> dict:
    return act(stack(start(seed, **kw), "attacker", "capture_enemy_outpost"), "draw", "attacker")


def test_achieved_tactical_card_scores_and_is_discarded() -> None:
    state = to_phase(drawn(), "end_of_turn")
    state = act(state, "achieve", "attacker", card="capture_enemy_outpost", vp=8)
    side = state["sides"]["attacker"]
    assert "capture_enemy_outpost" in side["discarded"]
    assert "capture_enemy_outpost" not in side["active"]
    assert side["scores"] == [
        {
            "round": 1,
            "category": "secondary",
            "vp": 8,
            "card": "capture_enemy_outpost",
            "phase": "end_of_turn",
            "turn": "attacker",
        }
    ]


def test_achieve_vp_checked_against_card_max() -> None:
    state = to_phase(drawn(), "end_of_turn")
    refused(state, "bad_vp", "achieve", "attacker", card="capture_enemy_outpost", vp=9)
    refused(state, "bad_vp", "achieve", "attacker", card="capture_enemy_outpost", vp=0)
    refused(state, "bad_vp", "achieve", "attacker", card="capture_enemy_outpost", vp="8")
    in_deck = state["sides"]["attacker"]["deck"][0]
    refused(state, "card_not_active", "achieve", "attacker", card=in_deck, vp=1)
    refused(state, "card_not_active", "achieve", "defender", card="capture_enemy_outpost", vp=1)


def test_opponent_may_achieve_during_my_turn() -> None:
    state = act(stack(start("c"), "attacker", "no_prisoners"), "draw", "attacker")
    state = end_turn(to_phase(state, "end_of_turn"))  # defender's Command phase
    state = act(state, "draw", "defender")
    state = act(state, "advance", "defender", to="fight")  # kills happen in any turn
    state = act(state, "achieve", "attacker", card="no_prisoners", vp=4)
    # Seed 002 around line 702: the card is achieved "at the end of that turn" (the defender's).
    assert "no_prisoners" in state["sides"]["attacker"]["active"]
    state = end_turn(state)
    assert "no_prisoners" in state["sides"]["attacker"]["discarded"]


def _kills(seed: str = "c", card: str = "no_prisoners") -> dict:
    state = act(stack(start(seed), "attacker", card), "draw", "attacker")
    return act(state, "advance", "attacker", to="shooting")


def _card_vp(state: dict, side: str, card: str) -> list[int]:
    return [e["vp"] for e in state["sides"][side]["scores"] if e["card"] == card]


def test_a_per_kill_tactical_card_scores_every_kill_of_the_turn() -> None:
    # Seed 002 around line 702 (No Prisoners): "each time an enemy unit is destroyed, you score
    # 2VP (to a maximum of 5VP) ... at the end of that turn this Secondary Mission is achieved".
    # The first kill used to discard it, refusing the second and losing up to 5VP.
    state = act(_kills(), "achieve", "attacker", card="no_prisoners", vp=2)
    assert "no_prisoners" in state["sides"]["attacker"]["active"]
    state = act(state, "achieve", "attacker", card="no_prisoners", vp=2)
    refused(state, "bad_vp", "achieve", "attacker", card="no_prisoners", vp=2)  # 5VP at most
    state = act(state, "achieve", "attacker", card="no_prisoners", vp=1)
    assert _card_vp(state, "attacker", "no_prisoners") == [2, 2, 1]
    state = to_phase(state, "end_of_turn")
    assert "no_prisoners" in state["sides"]["attacker"]["active"]  # still scoring kills
    state = end_turn(state)
    assert "no_prisoners" in state["sides"]["attacker"]["discarded"]
    assert "no_prisoners" not in state["sides"]["attacker"]["active"]


def test_overwhelming_force_scores_two_kills_in_one_turn() -> None:
    # Seed 002 around line 718: 3VP each time, to a maximum of 5VP, achieved at the turn's end.
    state = act(
        _kills(card="overwhelming_force"), "achieve", "attacker", card="overwhelming_force", vp=3
    )
    state = act(state, "achieve", "attacker", card="overwhelming_force", vp=2)
    assert _card_vp(state, "attacker", "overwhelming_force") == [3, 2]
    state = end_turn(state)
    assert "overwhelming_force" in state["sides"]["attacker"]["discarded"]


def test_bring_it_down_tactical_bonus_comes_at_the_end_of_that_turn_even_the_opponents() -> None:
    # Seed 002 around line 641: "at the end of that turn this Secondary Mission is achieved" and,
    # Tactical, "when this Secondary Mission is achieved you score an extra 1VP", at most 8VP.
    state = act(stack(start("c"), "attacker", "bring_it_down"), "draw", "attacker")
    state = end_turn(to_phase(state, "end_of_turn"))  # the defender's turn
    state = act(state, "draw", "defender")
    state = act(state, "advance", "defender", to="shooting")
    state = act(state, "achieve", "attacker", card="bring_it_down", vp=5)
    state = act(state, "achieve", "attacker", card="bring_it_down", vp=2)
    assert "bring_it_down" in state["sides"]["attacker"]["active"]
    state = end_turn(state)
    assert "bring_it_down" in state["sides"]["attacker"]["discarded"]
    assert _card_vp(state, "attacker", "bring_it_down") == [5, 2, 1]


def test_bring_it_down_tactical_stops_at_eight_vp_bonus_included() -> None:
    state = act(_kills(card="bring_it_down"), "achieve", "attacker", card="bring_it_down", vp=5)
    state = act(state, "achieve", "attacker", card="bring_it_down", vp=3)
    refused(state, "bad_vp", "achieve", "attacker", card="bring_it_down", vp=1)
    state = end_turn(state)
    assert _card_vp(state, "attacker", "bring_it_down") == [5, 3]  # no room left for the +1


def test_fixed_cards_score_every_round_and_stay() -> None:
    state = start(attacker=choose("fixed", FIXED_PAIR))
    refused(
        state, "not_in_first_round", "achieve", "attacker", card="storm_hostile_objective", vp=4
    )
    state = act(state, "achieve", "attacker", card="assassination", vp=4)
    state = act(state, "achieve", "attacker", card="assassination", vp=4)
    side = state["sides"]["attacker"]
    assert side["fixed"] == FIXED_PAIR
    assert side["discarded"] == []
    assert sum(e["vp"] for e in side["scores"]) == 8
    refused(state, "bad_vp", "achieve", "attacker", card="assassination", vp=21)


def test_end_of_turn_discard_gains_one_cp_per_turn() -> None:
    state = to_phase(drawn(), "end_of_turn")
    first, second = state["sides"]["attacker"]["active"]
    state = act(state, "discard", "attacker", cards=[first])
    state = act(state, "discard", "attacker", cards=[second])
    side = state["sides"]["attacker"]
    assert [e["reason"] for e in side["cp_log"]] == ["Command phase", "end-of-turn discard"]
    assert side["cp"] == 2
    assert side["discarded"] == [first, second]


def test_end_of_turn_discard_rules() -> None:
    state = drawn()
    card = state["sides"]["attacker"]["active"][0]
    refused(state, "not_in_this_phase", "discard", "attacker", cards=[card])
    state = to_phase(state, "end_of_turn")
    refused(state, "not_your_turn", "discard", "defender", cards=[card])
    refused(state, "bad_cards", "discard", "attacker", cards=[])
    refused(state, "bad_cards", "discard", "attacker", cards=[card, card])
    refused(state, "card_not_active", "discard", "attacker", cards=["nope"])
    fixed = to_phase(start(attacker=choose("fixed", FIXED_PAIR)), "end_of_turn")
    refused(fixed, "tactical_only", "discard", "attacker", cards=["assassination"])


def test_no_cp_for_discards_in_round_five() -> None:
    state = start()
    while state["round"] < 5:
        if state["phase"] == "gambits":
            for side in SIDES:
                state = act(state, "choose_gambit", side, card="proceed_as_planned")
        else:
            state = end_turn(state)
    state = to_phase(state, "end_of_turn")
    cards = state["sides"]["attacker"]["active"]
    assert cards
    state = act(state, "discard", "attacker", cards=cards)
    log = state["sides"]["attacker"]["cp_log"]
    assert "end-of-turn discard" not in [e["reason"] for e in log]


def test_new_orders_once_per_battle_for_one_cp() -> None:
    state = start()
    refused(state, "draw_first", "new_orders", "attacker", card="area_denial")
    state = act(state, "draw", "attacker")
    old = state["sides"]["attacker"]["active"][0]
    state = act(state, "new_orders", "attacker", card=old)
    side = state["sides"]["attacker"]
    assert side["cp_spent"] == 1
    assert old in side["discarded"]
    assert len(side["active"]) == 2
    refused(state, "new_orders_used", "new_orders", "attacker", card=side["active"][0])


def test_new_orders_costs_two_under_vox_static() -> None:
    state = act(start(rules=("vox_static",)), "draw", "attacker")
    card = state["sides"]["attacker"]["active"][0]
    refused(state, "not_enough_cp", "new_orders", "attacker", card=card)  # 1CP in round 1
    state = act(end_turn(end_turn(state)), "draw", "attacker")
    assert state["sides"]["attacker"]["cp"] == 3
    state = act(state, "new_orders", "attacker", card=state["sides"]["attacker"]["active"][0])
    assert state["sides"]["attacker"]["cp_spent"] == 2
    assert state["sides"]["attacker"]["cp"] == 1


def test_new_orders_cannot_touch_fixed_cards() -> None:
    state = start(rules=("targets_of_opportunity",), attacker=choose("fixed", FIXED_PAIR))
    state = act(state, "draw", "attacker")
    refused(state, "fixed_card", "new_orders", "attacker", card="assassination")
    plain = start(attacker=choose("fixed", FIXED_PAIR))
    refused(plain, "does_not_draw", "new_orders", "attacker", card="assassination")


def test_new_orders_ends_the_command_phase_so_secret_intel_comes_before_it() -> None:
    # Seed 002 around line 100 (New Orders): "WHEN: End of your Command phase", so nothing of
    # the Command phase (Secret Intel's extra draw, line 447) comes after it.
    state = act(start(rules=("secret_intel",)), "draw", "attacker")
    assert state["sides"]["attacker"]["turn"]["intel"] == "available"
    state = act(state, "new_orders", "attacker", card=state["sides"]["attacker"]["active"][0])
    refused(state, "after_new_orders", "intel_draw", "attacker")
