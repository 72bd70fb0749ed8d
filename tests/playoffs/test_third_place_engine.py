"""The third-place match: the losing semi-finalists play for 3rd beside the final, and its
result (not the seed) orders them in the placings. Property-tested on every size, and every
outcome of the small brackets checked by brute force."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playoffs.engine import (
    THIRD_PLACE,
    bracket_build,
    bracket_state,
    champion,
    placings,
    single_elimination,
)
from tests.playoffs.test_engine import check_finished, higher_seed, play


def semi_losers(states) -> set[int]:
    finals = [s for s in states if s.match.label == "Final"]
    final = finals[0].match
    semis = {src for _, src in (final.a, final.b)}
    return {s.loser for s in states if s.match.id in semis}


@settings(max_examples=150, deadline=None)
@given(n=st.integers(4, 64), coin=st.randoms(use_true_random=False))
def test_third_place_any_results(n, coin):
    matches = single_elimination(n, third_place=True)
    states, _ = play(matches, n, lambda s: coin.choice("ab"))
    order = check_finished(matches, n, states, range(1, n + 1))
    third = next(s for s in states if s.match.id == THIRD_PLACE)
    final = next(s for s in states if s.match.label == "Final")
    assert third.round == final.round, "played beside the final"
    assert {third.seed_a, third.seed_b} == semi_losers(states)
    assert order[2:4] == [third.winner, third.loser]
    assert champion(states) == final.winner


@pytest.mark.parametrize("n", range(4, 65))
def test_third_place_chalk_and_the_upset(n):
    matches = single_elimination(n, third_place=True)
    states, results = play(matches, n, higher_seed)
    assert placings(states, n) == list(range(1, n + 1))
    # The lower seed wins the third-place match: it is 3rd, not the seed rule's 4th.
    flipped = {**results, THIRD_PLACE: "b" if results[THIRD_PLACE] == "a" else "a"}
    order = placings(bracket_state(matches, n, flipped), n)
    assert order[:4] == [1, 2, 4, 3]
    assert order[4:] == list(range(5, n + 1))


@pytest.mark.parametrize(
    ("n", "kwargs"),
    [*((n, {}) for n in range(4, 9)), (4, {"qualifier": (3, 6)}), (8, {"shadow": (9, 10)})],
)
def test_brute_force_every_outcome_with_a_third_place_match(n, kwargs):
    matches = bracket_build("single", n, third_place=True, **kwargs)
    bracket = kwargs["qualifier"][1] if "qualifier" in kwargs else n
    field = kwargs["shadow"][1] if "shadow" in kwargs else bracket
    thirds = set()

    def explore(results):
        states = bracket_state(matches, field, results)
        ready = [s for s in states if s.ready]
        if not ready:
            order = check_finished(matches, field, states, range(1, field + 1))
            third = next(s for s in states if s.match.id == THIRD_PLACE)
            assert order[2] == third.winner
            thirds.add(order[2])
            return
        for sides in itertools.product("ab", repeat=len(ready)):
            explore({**results, **{s.match.id: x for s, x in zip(ready, sides, strict=False)}})

    explore({})
    assert thirds == set(range(1, bracket + 1)), "anyone in the bracket can take 3rd"


def test_third_place_shapes_refused():
    for bad in (
        lambda: single_elimination(3, third_place=True),
        lambda: bracket_build("double", 8, third_place=True),
        lambda: bracket_build("shadow", 2, shadow=(1, 4), third_place=True),
    ):
        with pytest.raises(ValueError, match="third-place"):
            bad()
