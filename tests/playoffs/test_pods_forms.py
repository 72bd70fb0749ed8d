"""The pods page's adjust form (no database): posted unchanged it gives back the very pods it
was filled with, and a move puts the player in the chosen pod and nowhere else, for any pods
(property-tested)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from playoffs.views.pods_forms import PodsAdjustForm


@st.composite
def pods_and_move(draw):
    count = draw(st.integers(2, 5))
    size = draw(st.integers(count, 30))
    ids = draw(st.permutations(range(1, size + 1)))
    cuts = sorted(draw(st.sets(st.integers(1, size - 1), min_size=count - 1, max_size=count - 1)))
    bounds = [0, *cuts, size]
    pods = [list(ids[bounds[i] : bounds[i + 1]]) for i in range(count)]
    mover = draw(st.sampled_from(list(ids)))
    target = draw(st.integers(1, count))
    return pods, mover, target


def _posted(form: PodsAdjustForm) -> dict:
    """What a browser posts from the rendered form: every field's initial value."""
    return {name: str(field.initial) for name, field in form.fields.items()}


@settings(max_examples=80, deadline=None)
@given(case=pods_and_move())
def test_adjust_form_round_trips_and_moves_one_player(case):
    pods, mover, target = case
    players = [(p, f"P{p}") for pod in pods for p in pod]
    blank = PodsAdjustForm(players=players, pods=pods, last_round=3)
    data = _posted(blank)
    same = PodsAdjustForm(data, players=players, pods=pods, last_round=3)
    assert same.is_valid(), same.errors
    assert same.pods() == pods
    assert same.cleaned_data["last_round"] == 3
    data[f"pod_{mover}"] = str(target)
    moved = PodsAdjustForm(data, players=players, pods=pods, last_round=3)
    assert moved.is_valid(), moved.errors
    out = moved.pods()
    assert [i for i, pod in enumerate(out) if mover in pod] == [target - 1]
    assert sorted(p for pod in out for p in pod) == sorted(p for pod in pods for p in pod)
