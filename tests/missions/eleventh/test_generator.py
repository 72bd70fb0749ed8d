"""The matchup generator: reproducible from a seed, codes that give the same matchup back,
rolled values only from the allowed sets, every pairing reachable."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from missions.eleventh.generator import (
    generate_matchup,
    is_matchup_code,
    matchup_from_code,
    roll,
)
from missions.eleventh.matrix import (
    DISPOSITION_IDS,
    LAYOUT_LETTERS,
    MAP_NAMES,
    MATRIX,
    PRIMARY_NAMES,
    layout_available,
    pairing_id,
)
from missions.pack.errors import MissionError

seeds = st.integers(min_value=0, max_value=2**63 - 1)
maybe_disposition = st.none() | st.sampled_from(DISPOSITION_IDS)
maybe_layout = st.none() | st.sampled_from(LAYOUT_LETTERS)


@given(seeds, maybe_disposition, maybe_disposition, maybe_layout)
def test_same_seed_and_choices_give_the_same_matchup(seed, a, b, layout):
    first = generate_matchup(seed, a=a, b=b, layout=layout)
    assert generate_matchup(seed, a=a, b=b, layout=layout).to_dict() == first.to_dict()


@given(seeds, maybe_disposition, maybe_disposition, maybe_layout)
def test_code_round_trips(seed, a, b, layout):
    made = generate_matchup(seed, a=a, b=b, layout=layout)
    assert is_matchup_code(made.code)
    assert made.code.startswith("XI-")
    assert matchup_from_code(made.code) == made
    assert matchup_from_code(made.code.lower()).to_dict() == made.to_dict()


@given(seeds)
def test_rolled_values_come_from_the_allowed_sets(seed):
    made = generate_matchup(seed)
    assert made.a in DISPOSITION_IDS
    assert made.b in DISPOSITION_IDS
    assert made.layout in LAYOUT_LETTERS
    assert (made.a, made.b, made.layout) == roll(seed)


@given(seeds, maybe_disposition, maybe_disposition, maybe_layout)
def test_choosing_one_value_keeps_the_others_as_rolled(seed, a, b, layout):
    rolled = generate_matchup(seed)
    made = generate_matchup(seed, a=a, b=b, layout=layout)
    assert made.a == (a or rolled.a)
    assert made.b == (b or rolled.b)
    assert made.layout == (layout or rolled.layout)


@given(seeds, maybe_disposition, maybe_disposition, maybe_layout)
def test_each_side_gets_its_own_cell_and_the_layout_facts(seed, a, b, layout):
    made = generate_matchup(seed, a=a, b=b, layout=layout)
    data = made.to_dict()
    assert data["primary_a"] == PRIMARY_NAMES[MATRIX[(made.a, made.b)]]
    assert data["primary_b"] == PRIMARY_NAMES[MATRIX[(made.b, made.a)]]
    assert data["pairing"] == pairing_id(made.a, made.b)
    assert data["dispositions"] == [made.a, made.b]
    assert data["layout_available"] is layout_available(made.a, made.b, made.layout)
    assert (data["deployment"] is None) is (not data["layout_available"])
    assert data["deployment"] is None or data["deployment"] in MAP_NAMES.values()
    assert data["mirror"] is (made.a == made.b)
    assert [s["primary"]["name"] for s in data["sides"]] == [data["primary_a"], data["primary_b"]]


def test_rolls_cover_every_pairing_and_letter():
    rolled = [roll(seed) for seed in range(2000)]
    assert {pairing_id(a, b) for a, b, _ in rolled} == {
        pairing_id(a, b) for a in DISPOSITION_IDS for b in DISPOSITION_IDS
    }
    assert len({pairing_id(a, b) for a, b, _ in rolled}) == 15
    assert {letter for *_, letter in rolled} == set(LAYOUT_LETTERS)


def test_a_known_matchup():
    made = generate_matchup(7, a="take-and-hold", b="purge-the-foe", layout="B")
    assert (made.primary_a.name, made.primary_b.name) == ("Immovable Object", "Unstoppable Force")
    assert made.layout == "B"
    assert made.deployment == "Search and Destroy"
    missing = generate_matchup(7, a="priority-assets", b="reconnaissance", layout="A")
    assert missing.layout_available is False
    assert missing.deployment is None


@pytest.mark.parametrize(
    ("kwargs", "field", "code"),
    [
        ({"a": "take-the-hill"}, "a", "unknown_disposition"),
        ({"b": "Disruption"}, "b", "unknown_disposition"),
        ({"layout": "D"}, "layout", "unknown_layout"),
        ({"layout": "b"}, "layout", "unknown_layout"),
    ],
)
def test_unknown_values_name_their_field(kwargs, field, code):
    with pytest.raises(MissionError) as err:
        generate_matchup(1, **kwargs)
    assert (err.value.field, err.value.code) == (field, code)


@pytest.mark.parametrize("code", ["XI-A", "XI-1-2", "LEV-1-1", "XI-ZZ"])
def test_bad_codes_are_refused(code):
    with pytest.raises(MissionError) as err:
        matchup_from_code(code)
    assert err.value.code == "bad_code"


def test_negative_seed_refused():
    with pytest.raises(MissionError) as err:
        generate_matchup(-1)
    assert err.value.field == "seed"
