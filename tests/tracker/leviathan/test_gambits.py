"""Rule 5: gambits dealt after battle round 3, chosen secretly, stopping primary VP."""

from __future__ import annotations

from tests.tracker.leviathan.helpers import act, end_turn, refused, start, to_phase
from tracker.engine.leviathan import view
from tracker.engine.leviathan.rules import SIDES

PAP = "proceed_as_planned"


def to_gambits(seed: str = "g") -> dict:
    state = start(seed)
    while state["phase"] != "gambits":
        state = end_turn(state)
    return state


def test_gambit_refused_before_round_three_ends() -> None:
    state = start()
    refused(state, "not_in_this_phase", "choose_gambit", "attacker", card=PAP)
    while state["round"] < 3 or state["turn"] != "defender":
        state = end_turn(state)
    refused(state, "not_in_this_phase", "choose_gambit", "attacker", card=PAP)


def test_hand_is_proceed_as_planned_plus_two_of_three() -> None:
    state = to_gambits()
    assert (state["round"], state["phase"], state["turn"]) == (3, "gambits", None)
    for side in SIDES:
        s = state["sides"][side]
        assert len(s["gambit_hand"]) == 3
        assert PAP in s["gambit_hand"]
        assert len(s["gambit_discarded"]) == 1
        assert s["gambit_discarded"][0] != PAP
        assert sorted(s["gambit_hand"] + s["gambit_discarded"]) == sorted(state["gambit_cards"])


def test_random_discard_varies_with_seed() -> None:
    gone = {to_gambits(str(n))["sides"]["attacker"]["gambit_discarded"][0] for n in range(12)}
    assert len(gone) > 1


def test_choice_is_secret_then_round_four_starts() -> None:
    state = to_gambits()
    pick = next(k for k in state["sides"]["attacker"]["gambit_hand"] if k != PAP)
    refused(
        state,
        "card_not_in_hand",
        "choose_gambit",
        "attacker",
        card=state["sides"]["attacker"]["gambit_discarded"][0],
    )
    state = act(state, "choose_gambit", "attacker", card=pick)
    seen = view(state, "defender")["sides"]["attacker"]
    assert seen["gambit"] == "hidden"
    assert seen["gambit_hand"] == 3
    assert view(state, "attacker")["sides"]["attacker"]["gambit"] == pick
    refused(state, "already_chosen", "choose_gambit", "attacker", card=PAP)
    state = act(state, "choose_gambit", "defender", card=PAP)
    assert (state["round"], state["phase"], state["turn"]) == (4, "command", "attacker")
    assert view(state, "defender")["sides"]["attacker"]["gambit"] == pick


def test_gambit_stops_primary_and_scores_thirty_at_the_end() -> None:
    state = to_gambits()
    pick = next(k for k in state["sides"]["attacker"]["gambit_hand"] if k != PAP)
    state = act(state, "choose_gambit", "attacker", card=pick)
    state = act(state, "choose_gambit", "defender", card=PAP)
    refused(state, "gambit_attempted", "score_primary", "attacker", vp=5)
    if state["turn"] == "defender":
        state = act(state, "score_primary", "defender", vp=5)
    refused(state, "not_in_this_phase", "score_gambit", "attacker", vp=30)
    state = to_phase(state, "end_of_turn")
    refused(state, "not_gambit_time", "score_gambit", "attacker", vp=30)
    while state["phase"] != "end_of_battle":
        state = end_turn(state)
    refused(state, "bad_vp", "score_gambit", "attacker", vp=12)
    refused(state, "no_gambit", "score_gambit", "defender", vp=30)
    state = act(state, "score_gambit", "attacker", vp=30)
    refused(state, "already_scored", "score_gambit", "attacker", vp=30)
    state = act(state, "finish")
    assert state["sides"]["attacker"]["scores"][-1] == {
        "round": 5,
        "category": "gambit",
        "vp": 30,
        "card": pick,
    }
