"""Tie-break presets: each names an order of metrics the registry knows (and, for Best Coast
Pairings, the OWR floor), and an event's settings are recognised as the preset that gives them."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.engine import EngineError
from tournament.engine.standings.metrics import DEFAULT_OWR_FLOOR_TEXT, REGISTRY
from tournament.engine.standings.presets import (
    CUSTOM,
    PRESETS,
    preset_info,
    preset_matching,
    preset_settings,
)


def test_the_presets_are_companion_bcp_and_custom_and_no_itc():
    assert [p.name for p in PRESETS] == ["companion", "bcp", CUSTOM]
    assert "itc" not in {p.name for p in PRESETS}  # no source gives ITC's order


def test_every_preset_orders_metrics_the_registry_knows():
    for preset in PRESETS:
        assert all(name in REGISTRY for name in preset.tiebreaks), preset.name
        assert len(set(preset.tiebreaks)) == len(preset.tiebreaks), preset.name
        assert preset.label, preset.name
        assert preset.description, preset.name


def test_companion_is_record_then_opponents_win_rate_then_vp_and_keeps_the_floor():
    assert preset_settings("companion") == {"tiebreaks": ["owr", "vp"]}


def test_bcp_floors_opponents_win_rate_at_0_33_then_vp():
    # The floor is read by the owr_floor metric only; plain owr would ignore it.
    assert preset_settings("bcp") == {"tiebreaks": ["owr_floor", "vp"], "owr_floor": "0.33"}
    assert REGISTRY["owr_floor"].from_options is not None
    assert "0.33" in preset_info("bcp").description


def test_custom_sets_nothing_and_an_unknown_name_is_refused_naming_the_field():
    assert preset_settings(CUSTOM) == {}
    with pytest.raises(EngineError) as caught:
        preset_settings("itc")
    assert caught.value.field == "tiebreak_preset"
    assert caught.value.code == "unknown_preset"


@pytest.mark.parametrize(
    ("tiebreaks", "floor", "expected"),
    [
        (["owr", "vp"], DEFAULT_OWR_FLOOR_TEXT, "companion"),  # the default event
        (["owr", "vp"], "1/3", "companion"),  # owr reads no floor
        (["owr_floor", "vp"], "0.33", "bcp"),
        (["owr_floor", "vp"], "33/100", "bcp"),  # the same floor written as a fraction
        (["owr_floor", "vp"], "1/3", CUSTOM),  # BCP's order with another floor
        (["vp", "owr"], "0.33", CUSTOM),
        (["owr"], "0.33", CUSTOM),
        ([], "0.33", CUSTOM),
    ],
)
def test_an_events_settings_are_recognised(tiebreaks, floor, expected):
    assert preset_matching(tiebreaks, floor) == expected


names = st.sampled_from(sorted(REGISTRY))
floors = st.fractions(min_value=0, max_value=1, max_denominator=100).map(str)


@given(
    tiebreaks=st.lists(names, unique=True, max_size=4),
    floor=st.one_of(floors, st.sampled_from(["0.33", "33/100", "0"])),
)
@settings(max_examples=200, deadline=None)
def test_a_recognised_preset_gives_exactly_those_settings(tiebreaks, floor):
    name = preset_matching(tiebreaks, floor)
    if name == CUSTOM:
        for preset in PRESETS:
            if preset.name == CUSTOM:
                continue
            chosen = preset_settings(preset.name)
            same_floor = Fraction(chosen.get("owr_floor", floor)) == Fraction(floor)
            assert not (chosen["tiebreaks"] == tiebreaks and same_floor), preset.name
        return
    chosen = preset_settings(name)
    assert chosen["tiebreaks"] == tiebreaks
    if "owr_floor" in chosen:
        assert Fraction(chosen["owr_floor"]) == Fraction(floor)


@given(floor=floors, name=st.sampled_from(["companion", "bcp"]))
@settings(max_examples=100, deadline=None)
def test_choosing_a_preset_makes_the_event_that_preset(floor, name):
    chosen = preset_settings(name)
    assert preset_matching(chosen["tiebreaks"], chosen.get("owr_floor", floor)) == name
