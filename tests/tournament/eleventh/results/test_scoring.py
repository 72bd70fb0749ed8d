"""The 11th-edition scoring rules, pure: caps, Battle Ready, the per-round breakdown and the
game record (Attacker, first turn, secondary modes), and other packs refusing the record."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from common.errors import Invalid
from missions.scoring.eleventh import RECORD_FIELDS
from missions.scoring.rules import clean_result, scoring_rules
from tests.tournament.eleventh.results.conftest import rounds

ELEVENTH = scoring_rules("eleventh")
R_A = rounds((10, 5), (8, 7), (15, 15), (0, 3), (7, 10))  # primary 40, secondary 40


def errors(data, **kw):
    with pytest.raises(Invalid) as exc:
        clean_result(data, rules=kw.pop("rules", ELEVENTH), **kw)
    return exc.value.codes


def test_parts_and_total_are_capped_naming_the_field():
    assert errors({"primary_a": 46, "vp_b": 0}) == {"primary_a": ["max_value"]}
    assert errors({"secondary_b": 46, "vp_a": 0}) == {"secondary_b": ["max_value"]}
    assert errors({"vp_a": 101, "vp_b": 0}) == {"vp_a": ["max_value"]}
    assert errors({"battle_ready_a": 5, "primary_a": 10, "vp_b": 0}) == {
        "battle_ready_a": ["choice"]
    }
    best = clean_result(
        {"primary_a": 45, "secondary_a": 45, "battle_ready_a": 10, "vp_b": 0}, rules=ELEVENTH
    )
    assert best["vp_a"] == 100


def test_a_bare_total_leaves_the_record_empty():
    cleaned = clean_result({"vp_a": 70, "vp_b": 55}, rules=ELEVENTH)
    assert {f: cleaned[f] for f in RECORD_FIELDS} == dict.fromkeys(RECORD_FIELDS)


def test_rounds_supply_the_parts_they_add_up_to():
    cleaned = clean_result({"rounds_a": R_A, "battle_ready_a": 10, "vp_b": 30}, rules=ELEVENTH)
    assert (cleaned["primary_a"], cleaned["secondary_a"], cleaned["vp_a"]) == (40, 40, 90)
    assert cleaned["rounds_a"] == R_A
    assert cleaned["rounds_b"] is None


def test_rounds_must_add_up_to_the_parts_given():
    data = {"rounds_a": R_A, "primary_a": 40, "secondary_a": 41, "vp_b": 0}
    with pytest.raises(Invalid) as exc:
        clean_result(data, rules=ELEVENTH)
    assert exc.value.codes == {"rounds_a": ["mismatch"]}
    assert "secondary VP add up to 40" in exc.value.messages["rounds_a"][0]
    ok = clean_result({**data, "secondary_a": 40}, rules=ELEVENTH)
    assert ok["vp_a"] == 80


def test_rounds_and_a_total_that_disagree_name_the_total():
    assert errors({"rounds_a": R_A, "vp_a": 85, "vp_b": 0}) == {"vp_a": ["mismatch"]}


@pytest.mark.parametrize(
    ("value", "field", "code"),
    [
        (R_A[:4], "rounds_b", "rounds"),
        ([*R_A, {"primary": 0, "secondary": 0}], "rounds_b", "rounds"),
        ({"primary": 1}, "rounds_b", "rounds"),
        ([*R_A[:2], {"primary": 16, "secondary": 0}, *R_A[3:]], "rounds_b[2].primary", "max_value"),
        ([*R_A[:1], {"primary": -1, "secondary": 0}, *R_A[2:]], "rounds_b[1].primary", "min_value"),
        ([*R_A[:4], {"primary": 1, "secondary": "2"}], "rounds_b[4].secondary", "invalid"),
        ([*R_A[:4], {"primary": 1, "secondary": True}], "rounds_b[4].secondary", "invalid"),
        ([*R_A[:4], {"primary": 1}], "rounds_b[4].secondary", "required"),
        ([*R_A[:4], {"primary": 1, "secondary": 0, "cp": 2}], "rounds_b[4].cp", "unknown_field"),
        ([*R_A[:4], 7], "rounds_b[4]", "invalid"),
    ],
)
def test_a_bad_breakdown_names_its_entry(value, field, code):
    assert errors({"vp_a": 10, "vp_b": 50, "rounds_b": value}) == {field: [code]}


@pytest.mark.parametrize(
    ("field", "good", "bad"),
    [
        ("attacker", "b", "c"),
        ("first_turn", "a", "A"),
        ("secondaries_a", "fixed", "both"),
        ("secondaries_b", "tactical", 1),
    ],
)
def test_sides_and_modes_are_checked(field, good, bad):
    cleaned = clean_result({"vp_a": 10, "vp_b": 5, field: good}, rules=ELEVENTH)
    assert cleaned[field] == good
    assert clean_result({"vp_a": 10, "vp_b": 5, field: None}, rules=ELEVENTH)[field] is None
    assert errors({"vp_a": 10, "vp_b": 5, field: bad}) == {field: ["choice"]}


def test_a_bye_records_nothing_of_side_b():
    cleaned = clean_result({"rounds_a": R_A, "secondaries_a": "fixed"}, rules=ELEVENTH, bye=True)
    assert (cleaned["vp_a"], cleaned["secondaries_a"], cleaned["rounds_b"]) == (80, "fixed", None)
    for field in ("rounds_b", "attacker", "first_turn", "secondaries_b"):
        value = (
            R_A if field == "rounds_b" else "a" if field in ("attacker", "first_turn") else "fixed"
        )
        assert errors({"vp_a": 20, field: value}, bye=True) == {field: ["bye"]}


@pytest.mark.parametrize("pack", ["leviathan", "eighth", "seventh", "only_war"])
@pytest.mark.parametrize("field", RECORD_FIELDS)
def test_other_packs_refuse_the_record(pack, field):
    value = R_A if field.startswith("rounds") else "a"
    assert errors({"vp_a": 10, "vp_b": 5, field: value}, rules=scoring_rules(pack)) == {
        field: ["not_in_pack"]
    }
    # Null says nothing was recorded: the same as leaving it out.
    cleaned = clean_result({"vp_a": 10, "vp_b": 5, field: None}, rules=scoring_rules(pack))
    assert cleaned[field] is None


ROUND = st.fixed_dictionaries({"primary": st.integers(0, 15), "secondary": st.integers(0, 15)})


# At most 9 a round: five of them stay within the game's cap of 45.
WITHIN = st.fixed_dictionaries({"primary": st.integers(0, 9), "secondary": st.integers(0, 9)})


@given(
    st.lists(WITHIN, min_size=5, max_size=5),
    st.lists(WITHIN, min_size=5, max_size=5),
    st.sampled_from([0, 10]),
)
def test_every_breakdown_within_the_round_caps_is_a_valid_result(ra, rb, bonus):
    cleaned = clean_result(
        {"rounds_a": ra, "rounds_b": rb, "battle_ready_b": bonus}, rules=ELEVENTH
    )
    for side, rs, extra in (("a", ra, 0), ("b", rb, bonus)):
        primary = sum(r["primary"] for r in rs)
        secondary = sum(r["secondary"] for r in rs)
        assert (cleaned[f"primary_{side}"], cleaned[f"secondary_{side}"]) == (primary, secondary)
        assert cleaned[f"vp_{side}"] == primary + secondary + extra


@given(st.lists(ROUND, min_size=5, max_size=5))
def test_a_breakdown_over_the_game_cap_is_refused_on_the_part(ra):
    primary = sum(r["primary"] for r in ra)
    data = {"rounds_a": ra, "vp_b": 0}
    if primary <= 45 and sum(r["secondary"] for r in ra) <= 45:
        assert clean_result(data, rules=ELEVENTH)["vp_a"] <= 90
    else:
        found = errors(data)
        assert set(found) <= {"primary_a", "secondary_a"}
        assert all(codes == ["max_value"] for codes in found.values())
