"""The ritual engine: every legal ritual pairs every player once; secrets stay secret."""

from __future__ import annotations

import copy
import itertools
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teams.engine.ritual import (
    SIDES,
    STEP_ATTACKERS,
    VARIANTS,
    RitualError,
    apply,
    is_done,
    new_ritual,
    options,
    replay,
    view,
)

CASES = [(v, n) for v in VARIANTS for n in VARIANTS[v]["sizes"]]


def teams(n):
    return [f"a{i}" for i in range(n)], [f"b{i}" for i in range(n)]


def legal_actions(state, side):
    opts = options(state, side)
    if state["step"] == STEP_ATTACKERS:
        return [
            {"step": STEP_ATTACKERS, "players": list(p)} for p in itertools.combinations(opts, 2)
        ]
    return [{"step": state["step"], "player": p} for p in opts]


def assert_perfect(state):
    a, b = state["teams"]["a"], state["teams"]["b"]
    assert sorted(g["a"] for g in state["games"]) == sorted(a)
    assert sorted(g["b"] for g in state["games"]) == sorted(b)
    assert state["pool"] == {"a": [], "b": []}


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(CASES), st.data())
def test_every_ritual_pairs_every_player_exactly_once(case, data):
    variant, n = case
    state = new_ritual(*teams(n), variant=variant)
    log = []
    while not is_done(state):
        side = data.draw(st.sampled_from([s for s in SIDES if state["pending"][s] is None]))
        before = copy.deepcopy(state)
        theirs_before = view(state, "b" if side == "a" else "a")
        action = data.draw(st.sampled_from(legal_actions(state, side)))
        state = apply(state, side, action)
        assert before == copy.deepcopy(before)  # apply never mutates its argument
        log.append({"side": side, "action": action})
        if state["pending"][side] is not None:
            # Not yet revealed: the other side's view changes only by "they have chosen";
            # its version stays, so a choice it is making at the same moment is not stale.
            theirs = view(state, "b" if side == "a" else "a")
            theirs.pop("committed"), theirs_before.pop("committed")
            assert theirs == theirs_before
        else:
            # Revealed: both sides' options moved on, and so did the version each one sees.
            for s in SIDES:
                assert view(state, s)["version"] != view(before, s)["version"]
    assert_perfect(state)
    assert len(state["games"]) == n
    # Replaying the log gives the same state, and the state survives JSON.
    assert replay(*teams(n), variant, log) == state
    assert json.loads(json.dumps(state)) == state


def test_the_other_sides_uncommitted_choice_is_never_shown():
    state = new_ritual(*teams(5))
    state = apply(state, "a", {"step": "defender", "player": "a3"})
    seen_by_b = view(state, "b")
    assert "a3" not in json.dumps(
        {k: v for k, v in seen_by_b.items() if k not in ("teams", "pool")}
    )
    assert seen_by_b["committed"] == {"a": True, "b": False}
    assert seen_by_b["my_choice"] is None
    assert "a3" not in json.dumps(view(state, None)["current"])
    assert view(state, "a")["my_choice"] == "a3"
    state = apply(state, "b", {"step": "defender", "player": "b1"})
    assert view(state, "b")["current"]["defender"] == {"a": "a3", "b": "b1"}


def walk(state, seen):
    """Every state reachable by legal actions, in either order of the sides (brute force)."""
    if is_done(state):
        seen.add(tuple(sorted((g["a"], g["b"]) for g in state["games"])))
        assert_perfect(state)
        return
    for side in SIDES:
        if state["pending"][side] is not None:
            continue
        for action in legal_actions(state, side):
            walk(apply(state, side, action), seen)
        return  # the order of commits does not change what is reachable


@pytest.mark.parametrize(("variant", "n"), [("etc", 3), ("etc", 4), ("champions", 4)])
def test_brute_force_every_outcome_is_a_perfect_matching_and_every_matching_is_reachable(
    variant, n
):
    seen = set()
    walk(new_ritual(*teams(n), variant=variant), seen)
    assert len(seen) == math.factorial(n)


@pytest.mark.parametrize(
    ("step", "action", "code", "field"),
    [
        ("defender", {"step": "attackers", "players": ["a1", "a2"]}, "wrong_step", "step"),
        ("defender", {"step": "defender", "player": "b1"}, "player_not_available", "player"),
        ("defender", {"step": "defender", "player": "zz"}, "player_not_available", "player"),
    ],
)
def test_refusals_name_the_field(step, action, code, field):
    state = new_ritual(*teams(5))
    with pytest.raises(RitualError) as err:
        apply(state, "a", action)
    assert (err.value.code, err.value.field) == (code, field)


def test_attackers_refusals():
    state = new_ritual(*teams(5))
    state = apply(state, "a", {"step": "defender", "player": "a0"})
    with pytest.raises(RitualError) as err:
        apply(state, "a", {"step": "defender", "player": "a1"})
    assert err.value.code == "already_chosen"
    state = apply(state, "b", {"step": "defender", "player": "b0"})
    for players, code in [
        (["a1", "a1"], "same_player_twice"),
        (["a0", "a1"], "same_player_twice"),
        (["a1", "b2"], "player_not_available"),
        (["a1"], "two_attackers"),
    ]:
        with pytest.raises(RitualError) as err:
            apply(state, "a", {"step": "attackers", "players": players})
        assert (err.value.code, err.value.field) == (code, "players")
    state = apply(state, "a", {"step": "attackers", "players": ["a1", "a2"]})
    state = apply(state, "b", {"step": "attackers", "players": ["b1", "b2"]})
    with pytest.raises(RitualError) as err:
        apply(state, "a", {"step": "choice", "player": "b3"})
    assert err.value.code == "not_an_attacker"


def test_five_player_etc_ending_refused_attackers_meet():
    state = new_ritual(*teams(5))
    for side, action in [
        ("a", {"step": "defender", "player": "a0"}),
        ("b", {"step": "defender", "player": "b0"}),
        ("a", {"step": "attackers", "players": ["a1", "a2"]}),
        ("b", {"step": "attackers", "players": ["b1", "b2"]}),
        ("a", {"step": "choice", "player": "b1"}),
        ("b", {"step": "choice", "player": "a2"}),
        # Three left each: a1 a3 a4 / b2 b3 b4. Attackers are forced.
        ("a", {"step": "defender", "player": "a3"}),
        ("b", {"step": "defender", "player": "b4"}),
    ]:
        state = apply(state, side, action)
    assert state["step"] == "choice"
    assert state["current"]["attackers"] == {"a": ["a1", "a4"], "b": ["b2", "b3"]}
    state = apply(state, "a", {"step": "choice", "player": "b3"})
    state = apply(state, "b", {"step": "choice", "player": "a4"})
    assert is_done(state)
    assert [(g["a"], g["b"], g["how"]) for g in state["games"]] == [
        ("a0", "b1", "defender_a"),
        ("a2", "b0", "defender_b"),
        ("a3", "b3", "defender_a"),
        ("a4", "b4", "defender_b"),
        ("a1", "b2", "refused"),
    ]


def test_sizes_outside_the_variant_are_refused():
    with pytest.raises(RitualError) as err:
        new_ritual(*teams(3), variant="champions")
    assert err.value.code == "team_size"
    with pytest.raises(RitualError) as err:
        new_ritual(*teams(9))
    assert err.value.code == "team_size"
    with pytest.raises(RitualError) as err:
        new_ritual(*teams(5), variant="nope")
    assert err.value.code == "unknown_variant"


ENDINGS = {
    ("etc", 3): "D R",
    ("etc", 4): "D R L",
    ("etc", 5): "D D R",
    ("etc", 6): "D D R L",
    ("etc", 7): "D D D R",
    ("etc", 8): "D D D R L",
    ("champions", 4): "C D R",
    ("champions", 5): "C D R L",
    ("champions", 6): "C D D R",
    ("champions", 7): "C D D R L",
    ("champions", 8): "C D D D R",
}
SHORT = {"defender_a": "D", "champions": "C", "refused": "R", "last": "L"}


@pytest.mark.parametrize(("variant", "n"), list(ENDINGS))
def test_each_size_runs_the_documented_rounds_and_ending(variant, n):
    """D: a round's two defender games; R: the refused attackers meet; L: the last two meet."""
    state = new_ritual(*teams(n), variant=variant)
    while not is_done(state):
        for side in SIDES:
            state = apply(state, side, legal_actions(state, side)[0])
    hows = [SHORT[g["how"]] for g in state["games"] if g["how"] != "defender_b"]
    assert " ".join(hows) == ENDINGS[(variant, n)]
    assert len(state["games"]) == n
