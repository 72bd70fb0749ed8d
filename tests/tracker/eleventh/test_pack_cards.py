"""The engine on the pack's real cards: every primary of the matrix and the 18-card deck."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from missions.eleventh.matrix import DISPOSITION_IDS, MATRIX, primary_for
from tests.tracker.eleventh.fixtures import act
from tests.tracker.eleventh.test_properties import play
from tracker.engine.eleventh import new_game, options
from tracker.engine.eleventh.pack_cards import primary_card, secondary_cards


def real_game(seed, a="take-and-hold", b="purge-the-foe"):
    return new_game(
        seed,
        primaries={"a": primary_card(primary_for(a, b)), "b": primary_card(primary_for(b, a))},
        secondaries=secondary_cards(),
        dispositions=(a, b),
    )


def test_the_deck_is_eighteen_cards_four_of_them_fixed():
    cards = secondary_cards()
    assert len(cards) == 18
    assert sorted(c["key"] for c in cards if c["fixed_capable"]) == [
        "a-grievous-blow",
        "assassination",
        "bring-it-down",
        "engage-on-all-fronts",
    ]
    redraw_r1 = sorted(c["key"] for c in cards if (c["when_drawn"] or {}).get("rounds") == [1])
    assert redraw_r1 == ["behind-enemy-lines", "defend-stronghold", "forward-position"]
    replace = sorted(c["key"] for c in cards if (c["when_drawn"] or {}).get("op") == "replace")
    assert replace == ["a-grievous-blow", "bring-it-down"]


@pytest.mark.parametrize("cell", sorted(MATRIX))
def test_every_cell_of_the_matrix_makes_a_game(cell):
    state = real_game(1, *cell)
    assert state["sides"]["a"]["primary"]["key"] == MATRIX[cell]
    assert state["sides"]["b"]["primary"]["key"] == MATRIX[cell[::-1]]


def test_immovable_object_scores_at_the_end_of_the_turn_in_round_five():
    state = real_game(3, "take-and-hold", "purge-the-foe")  # a: Immovable Object
    assert state["sides"]["a"]["primary"]["name"] == "Immovable Object"
    state = act(state, "assign_roles", attacker="a")
    state = act(
        state, "choose_secondaries", "a", mode="fixed", cards=["assassination", "bring-it-down"]
    )
    state = act(
        state, "choose_secondaries", "b", mode="fixed", cards=["assassination", "bring-it-down"]
    )
    state = act(state, "set_first_turn", first="a")
    while state["round"] < 5:
        state = act(state, "advance", state["turn"], to="end_of_turn")
        state = act(state, "advance", state["turn"])
    assert options(state)["a"]["primary_now"] is False  # round 5's Command phase
    state = act(state, "advance", "a", to="end_of_turn")
    assert options(state)["a"]["primary_now"] is True


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    driver=st.integers(0, 2**32),
    a=st.sampled_from(DISPOSITION_IDS),
    b=st.sampled_from(DISPOSITION_IDS),
)
def test_random_games_on_real_cards_keep_every_cap_and_replay(seed, driver, a, b):
    play(seed, random.Random(driver), 0.5, make=lambda s: real_game(s, a, b))
