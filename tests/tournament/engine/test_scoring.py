"""The result rules: caps, whole numbers, breakdown or bare total, per-field errors."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from common.errors import Invalid
from missions.scoring.rules import clean_result, outcome


def codes(data, **kw):
    with pytest.raises(Invalid) as exc:
        clean_result(data, **kw)
    return exc.value.codes


def test_bare_total_is_accepted():
    cleaned = clean_result({"vp_a": 72, "vp_b": 55})
    assert cleaned["vp_a"] == 72
    assert cleaned["vp_b"] == 55
    assert cleaned["primary_a"] is None


def test_breakdown_fills_total_and_missing_parts_are_zero():
    cleaned = clean_result(
        {"primary_a": 40, "secondary_a": 30, "battle_ready_a": 10, "primary_b": 20, "vp_b": 20}
    )
    assert cleaned["vp_a"] == 80
    assert cleaned["gambit_a"] == 0
    assert cleaned["vp_b"] == 20


@pytest.mark.parametrize(
    ("data", "field", "code"),
    [
        ({"vp_a": 101, "vp_b": 0}, "vp_a", "max_value"),
        ({"vp_a": -1, "vp_b": 0}, "vp_a", "min_value"),
        ({"vp_a": 1.5, "vp_b": 0}, "vp_a", "invalid"),
        ({"vp_a": "ten", "vp_b": 0}, "vp_a", "invalid"),
        ({"vp_a": True, "vp_b": 0}, "vp_a", "invalid"),
        ({"vp_a": 10}, "vp_b", "required"),
        ({"vp_b": 10}, "vp_a", "required"),
        ({"primary_a": 51, "vp_b": 0}, "primary_a", "max_value"),
        ({"secondary_a": 41, "vp_b": 0}, "secondary_a", "max_value"),
        ({"primary_a": 30, "gambit_a": 30, "vp_b": 0}, "primary_a", "cap"),
        ({"battle_ready_a": 5, "vp_b": 0}, "battle_ready_a", "choice"),
        ({"gambit_a": 17, "vp_b": 0}, "gambit_a", "choice"),
        ({"vp_a": 0, "gambit_b": 29}, "gambit_b", "choice"),
        ({"vp_a": 0, "gambit_b": 50}, "gambit_b", "choice"),
        ({"battle_ready_a": 11, "vp_b": 0}, "battle_ready_a", "max_value"),
        ({"primary_a": 30, "vp_a": 31, "vp_b": 0}, "vp_a", "mismatch"),
        ({"vp_a": 1, "vp_b": 0, "bogus": 3}, "bogus", "unknown_field"),
    ],
)
def test_each_rule_names_its_field(data, field, code):
    assert code in codes(data)[field]


def test_every_bad_field_is_reported_at_once():
    found = codes({"vp_a": 200, "vp_b": -3})
    assert set(found) == {"vp_a", "vp_b"}


def test_bye_takes_no_opponent_score():
    assert clean_result({"vp_a": 60}, bye=True)["vp_b"] is None
    assert "bye" in codes({"vp_a": 60, "vp_b": 0}, bye=True)["vp_b"]


def test_gambit_is_worth_30_or_nothing():
    for gambit in (0, 30):
        cleaned = clean_result({"primary_a": 20, "gambit_a": gambit, "vp_b": 0})
        assert cleaned["vp_a"] == 20 + gambit
    with pytest.raises(Invalid) as exc:
        clean_result({"gambit_a": 17, "vp_a": 17, "vp_b": 0})
    assert exc.value.messages["gambit_a"] == ["Must be 0 or 30 (a gambit scores 30 VP or nothing)."]


def test_maximum_score_is_exactly_100():
    cleaned = clean_result({"primary_a": 50, "secondary_a": 40, "battle_ready_a": 10, "vp_b": 0})
    assert cleaned["vp_a"] == 100


def test_outcome():
    assert outcome(60, 40) == "a"
    assert outcome(40, 60) == "b"
    assert outcome(50, 50) == "draw"
    assert outcome(60, None) == "a"


part = st.integers(min_value=-5, max_value=60)


@given(p=part, s=part, g=st.one_of(part, st.sampled_from([0, 30])), b=st.sampled_from([0, 5, 10]))
def test_accepted_breakdowns_respect_every_cap(p, s, g, b):
    data = {"primary_a": p, "secondary_a": s, "gambit_a": g, "battle_ready_a": b, "vp_b": 0}
    try:
        cleaned = clean_result(data)
    except Invalid:
        assert p < 0 or s < 0 or g not in (0, 30) or p + g > 50 or s > 40 or b == 5
        return
    assert cleaned["gambit_a"] in (0, 30)
    assert cleaned["primary_a"] + cleaned["gambit_a"] <= 50
    assert cleaned["secondary_a"] <= 40
    assert cleaned["vp_a"] == p + s + g + b <= 100


def test_a_total_may_name_its_battle_ready_bonus():
    """The player's phone sends a total and whether it holds the Battle Ready bonus: the
    total stands, the bonus is recorded, the parts nobody entered stay unknown."""
    cleaned = clean_result({"vp_a": 80, "battle_ready_a": 10, "vp_b": 60, "battle_ready_b": 0})
    assert (cleaned["vp_a"], cleaned["battle_ready_a"], cleaned["primary_a"]) == (80, 10, None)
    assert (cleaned["vp_b"], cleaned["battle_ready_b"], cleaned["secondary_b"]) == (60, 0, None)
    assert codes({"vp_a": 5, "battle_ready_a": 10, "vp_b": 0}) == {"battle_ready_a": ["cap"]}
    assert codes({"vp_a": 50, "battle_ready_a": 5, "vp_b": 0}) == {"battle_ready_a": ["choice"]}


@given(vp=st.integers(min_value=0, max_value=100), b=st.sampled_from([0, 10]))
def test_a_total_with_its_bonus_keeps_the_total(vp, b):
    try:
        cleaned = clean_result({"vp_a": vp, "battle_ready_a": b, "vp_b": 0})
    except Invalid:
        assert b > vp
        return
    assert (cleaned["vp_a"], cleaned["battle_ready_a"]) == (vp, b)


def test_an_outcome_beside_a_refused_part_of_side_b_names_the_part():
    data = {"outcome": "draw", "secondary_b": 0, "tactical_b": 0, "vp_a": 0}
    with pytest.raises(Invalid) as refused:
        clean_result(data)
    assert set(refused.value.errors) == {"tactical_b"}
