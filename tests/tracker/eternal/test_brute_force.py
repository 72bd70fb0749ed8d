"""Small cases checked against every possibility: every way the end markers can be held,
every Superior/Inferior pair, every game-length roll pair, every Only War ending."""

from __future__ import annotations

import itertools

from missions.classic.primaries import MISSIONS
from tests.tracker.eternal.test_rules import act, start, to_end
from tracker.engine import eternal

P1, P2 = eternal.PLAYERS
HOLDERS = (P1, P2, None)


def test_every_holding_of_the_end_markers_scores_what_the_mission_says():
    """Oracle: each side scores the VP of the markers it holds (seed 000 lines 2207, 2297,
    2391; seed 003 lines 1734, 1741; the facts file's 7th edition table)."""
    for spec in MISSIONS:
        if not (spec.markers or spec.markers_dice) or spec.per_turn_markers:
            continue
        state = to_end(start(spec.pack_key, spec.key, roll=1, superior=1, inferior=2))
        values = state["markers"]
        for holding in itertools.product(HOLDERS, repeat=len(values)):
            held = state
            for marker, holder in enumerate(holding, 1):
                held = act(held, "hold", marker=marker, holder=holder)
            sheet = eternal.score_sheet(held)
            for side in (P1, P2):
                want = sum(v for v, h in zip(values, holding, strict=True) if h == side)
                assert sheet[side]["markers"] == want, (spec.key, holding)


def test_every_superior_and_inferior_pair_gives_4_1_and_2s():
    # seed 000 lines 2283 and 2297.
    for superior, inferior in itertools.permutations(range(1, 7), 2):
        state = start("eighth", "the_scouring", superior=superior, inferior=inferior)
        want = [4 if i == superior else 1 if i == inferior else 2 for i in range(1, 7)]
        assert state["markers"] == want


def test_every_game_length_roll_pair_ends_after_the_right_round():
    # seed 000 line 1166: 3+ goes on after round 5, 4+ after round 6, never past 7.
    for first, second in itertools.product(range(1, 7), repeat=2):
        state = to_end(start("seventh", "the_emperors_will"), rolls=(first, second))
        want = 5 if first < 3 else 6 if second < 4 else 7
        assert state["round"] == want, (first, second)


def test_every_small_only_war_ending_follows_the_victory_conditions():
    """Oracle (seed 003 lines 1701-1727): more VP is a major victory; equal VP a minor one for
    the lower Power Level, or on equal ones for the player who assigned the zones."""
    for power_1, power_2, assigned in itertools.product((10, 25), (10, 31), (P1, P2)):
        state = eternal.new_game("b", pack_key="only_war", mission_key="slay_and_secure")
        state = act(state, "power_levels", power_1=power_1, power_2=power_2, assigned_by=assigned)
        ended = to_end(act(state, "set_first_turn", first=P1))
        for holding in itertools.product(HOLDERS, repeat=4):
            state = ended
            for marker, holder in enumerate(holding, 1):
                state = act(state, "hold", marker=marker, holder=holder)
            vp = eternal.final_score(state)
            found = eternal.winner(state)
            if vp[P1] != vp[P2]:
                side = P1 if vp[P1] > vp[P2] else P2
                assert found == {"side": side, "kind": "major", "why": "vp"}
                continue
            lower = P1 if power_1 < power_2 else P2
            underdog = assigned if power_1 == power_2 else lower
            assert found == {"side": underdog, "kind": "minor", "why": "underdog"}
