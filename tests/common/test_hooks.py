"""Extension points register each entry once, keep the order apps registered them in, and a
second, different entry under a taken name is refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from common.hooks import Hook, KeyedHook


@given(st.lists(st.integers(min_value=0, max_value=9)))
def test_a_hook_holds_each_entry_once_in_first_registration_order(entries):
    hook = Hook("numbers")
    for entry in entries:
        assert hook.register(entry) == entry
    assert list(hook) == list(dict.fromkeys(entries))


def test_registering_again_as_a_second_ready_would_changes_nothing():
    def check():
        return None

    hook = Hook("checks", "(player, data) -> None")
    hook.register(check)
    hook.register(check)
    assert list(hook) == [check]
    assert "checks" in repr(hook)


def test_a_keyed_hook_takes_the_same_entry_twice_and_refuses_another():
    def undo(entry):
        return entry

    def other(entry):
        return entry

    hook = KeyedHook("undo handlers")
    hook.register("player_add", undo)
    hook.register("player_add", undo)
    assert hook == {"player_add": undo}
    with pytest.raises(ValueError, match="player_add"):
        hook.register("player_add", other)
    assert hook["player_add"] is undo


def test_a_keyed_hook_decorates():
    hook = KeyedHook("describers")

    @hook.registering("swap")
    def describe(batch, entry):
        return "swapped"

    assert hook["swap"] is describe
    assert describe(None, None) == "swapped"
