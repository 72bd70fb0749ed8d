"""Scoring rules per mission pack: Leviathan's caps, the classic packs' uncapped VP."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from common.errors import Invalid
from missions.pack.registry import pack_keys
from missions.scoring.rules import SCORING, VP_CEILING, clean_result, outcome, scoring_rules

EIGHTH = scoring_rules("eighth")
SEVENTH = scoring_rules("seventh")
ONLY_WAR = scoring_rules("only_war")


def codes(data, **kw):
    with pytest.raises(Invalid) as exc:
        clean_result(data, **kw)
    return exc.value.codes


def test_every_pack_has_scoring_rules():
    assert set(pack_keys()) <= set(SCORING)
    assert {"leviathan", "eighth", "seventh", "only_war"} <= set(SCORING)


def test_unknown_pack_names_the_field():
    with pytest.raises(Invalid) as exc:
        scoring_rules("ninth")
    assert exc.value.codes == {"mission_pack": ["unknown_pack"]}


def test_leviathan_is_the_default_and_keeps_its_caps():
    assert scoring_rules("leviathan").total_cap == 100
    assert "max_value" in codes({"vp_a": 120, "vp_b": 0})["vp_a"]
    assert "max_value" in codes({"vp_a": 120, "vp_b": 0}, rules=scoring_rules("leviathan"))["vp_a"]


@pytest.mark.parametrize("rules", [EIGHTH, SEVENTH, ONLY_WAR])
def test_classic_packs_have_no_100_vp_cap(rules):
    cleaned = clean_result({"vp_a": 140, "vp_b": 101}, rules=rules)
    assert (cleaned["vp_a"], cleaned["vp_b"]) == (140, 101)
    assert "max_value" in codes({"vp_a": VP_CEILING + 1, "vp_b": 0}, rules=rules)["vp_a"]


def test_eighth_breakdown_sums_primary_bonuses_and_tactical():
    cleaned = clean_result(
        {"primary_a": 9, "secondary_a": 3, "tactical_b": 17, "secondary_b": 1}, rules=EIGHTH
    )
    assert cleaned["vp_a"] == 12
    assert cleaned["tactical_a"] == 0
    assert cleaned["vp_b"] == 18
    assert cleaned["gambit_a"] is None
    assert cleaned["battle_ready_b"] is None


@pytest.mark.parametrize(
    ("data", "field", "code"),
    [
        ({"secondary_a": 4, "vp_b": 0}, "secondary_a", "max_value"),
        ({"gambit_a": 30, "vp_b": 0}, "gambit_a", "not_in_pack"),
        ({"battle_ready_a": 10, "vp_b": 0}, "battle_ready_a", "not_in_pack"),
        ({"primary_a": 5, "tactical_a": 5, "vp_a": 11, "vp_b": 0}, "vp_a", "mismatch"),
        ({"tactical_a": -1, "vp_b": 0}, "tactical_a", "min_value"),
        ({"vp_a": 3}, "vp_b", "required"),
    ],
)
def test_eighth_rules_name_field_and_code(data, field, code):
    assert code in codes(data, rules=EIGHTH)[field]


def test_leviathan_refuses_tactical_objectives():
    assert codes({"tactical_a": 3, "vp_b": 0})["tactical_a"] == ["not_in_pack"]


def test_only_war_has_only_a_primary():
    assert clean_result({"primary_a": 11, "primary_b": 6}, rules=ONLY_WAR)["vp_a"] == 11
    assert codes({"secondary_a": 1, "vp_b": 0}, rules=ONLY_WAR)["secondary_a"] == ["not_in_pack"]


part = st.integers(min_value=-2, max_value=1100)


@given(p=part, s=st.integers(min_value=-1, max_value=5), t=part)
def test_accepted_classic_breakdowns_follow_the_rules(p, s, t):
    data = {"primary_a": p, "secondary_a": s, "tactical_a": t, "vp_b": 0}
    try:
        cleaned = clean_result(data, rules=EIGHTH)
    except Invalid:
        assert min(p, s, t) < 0 or s > 3 or max(p, t) > VP_CEILING or p + s + t > VP_CEILING
        return
    assert 0 <= cleaned["secondary_a"] <= 3
    assert cleaned["vp_a"] == p + s + t <= VP_CEILING


# Issue 26 item 5, seed 003 around line 1723: "If one army has slain all of its foes, it
# immediately wins a major victory. Otherwise ... the player who has the most victory points wins
# a major victory. If both players have the same number of victory points ... the Underdog wins
# a minor victory" (a win in the record). The Underdog has the lower Power Level (line 1700).
def test_only_war_equal_vp_is_won_by_the_underdog_from_the_power_levels():
    got = clean_result({"vp_a": 6, "vp_b": 6, "power_a": 50, "power_b": 41}, rules=ONLY_WAR)
    assert (got["decided"], got["power_a"], got["power_b"]) == ("b_wins", 50, 41)
    assert outcome(got["vp_a"], got["vp_b"], got["decided"]) == "b"
    more = clean_result({"vp_a": 8, "vp_b": 6, "power_a": 50, "power_b": 41}, rules=ONLY_WAR)
    assert more["decided"] == ""  # most VP wins, whatever the Power Levels


def test_only_war_equal_power_names_the_underdog_by_outcome():
    # Equal Power Levels: the Underdog is the player who assigned the halves (around line
    # 1705), which only the players know: the result says it with `outcome`.
    data = {"vp_a": 6, "vp_b": 6, "power_a": 50, "power_b": 50, "outcome": "a_wins"}
    assert clean_result(data, rules=ONLY_WAR)["decided"] == "a_wins"
    plain = clean_result({"vp_a": 6, "vp_b": 6, "power_a": 50, "power_b": 50}, rules=ONLY_WAR)
    assert plain["decided"] == ""  # not said: a draw, as before


def test_only_war_refuses_an_outcome_against_the_underdog_and_power_elsewhere():
    data = {"vp_a": 6, "vp_b": 6, "power_a": 50, "power_b": 41, "outcome": "a_wins"}
    assert "mismatch" in codes(data, rules=ONLY_WAR)["outcome"]
    assert "min_value" in codes({"vp_a": 1, "vp_b": 1, "power_a": -1}, rules=ONLY_WAR)["power_a"]
    assert "not_in_pack" in codes({"vp_a": 1, "vp_b": 1, "power_a": 5}, rules=EIGHTH)["power_a"]
    tabled = {"vp_a": 0, "vp_b": 3, "outcome": "a_wins", "ended": "tabled"}
    assert clean_result(tabled, rules=ONLY_WAR)["decided"] == "a_wins"


# Issue 26 item 8, seed 000 around line 2439 (8th, The Relic): carrying the Relic is a major
# victory, closest to it a minor one, equally close a draw; no Slay the Warlord, First Blood or
# Linebreaker. The result says who won; VP may be 0 and bonus points are refused.
RELIC = scoring_rules("eighth", "the_relic")


def test_the_relic_is_decided_by_its_outcome_not_vp():
    got = clean_result({"vp_a": 0, "vp_b": 0, "outcome": "b_wins"}, rules=RELIC)
    assert (got["vp_a"], got["decided"]) == (0, "b_wins")
    assert "required" in codes({"vp_a": 0, "vp_b": 0}, rules=RELIC)["outcome"]
    assert (
        "not_in_pack"
        in codes({"secondary_a": 1, "vp_b": 0, "outcome": "a_wins"}, rules=RELIC)["secondary_a"]
    )
    assert clean_result({"vp_a": 0, "vp_b": 0, "outcome": "draw"}, rules=RELIC)["decided"] == "draw"
    # Every other mission keeps its pack's rules.
    assert scoring_rules("eighth", "the_scouring") is EIGHTH
