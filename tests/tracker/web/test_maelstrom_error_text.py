"""A Maelstrom refusal as a player reads it: the side keys become the players' names, and
nothing else in the sentence changes (the letters a and b inside words stay)."""

from __future__ import annotations

from tracker.engine.errors import Refusal
from tracker.views.forms import error_text

NAMES = {"a": "Ann", "b": "Bob"}


def test_side_keys_become_names_and_words_stay_whole():
    turn = error_text(Refusal("wrong_turn", "side: it is a's turn, not b's"), NAMES)
    assert turn == "It is Ann's turn, not Bob's"
    held = error_text(Refusal("x", "number: 23 is not one of a's active objectives"), NAMES)
    assert held == "23 is not one of Ann's active objectives"
    owner = error_text(Refusal("x", "number: 41 is not an active objective of b"), NAMES)
    assert owner == "41 is not an active objective of Bob"
    article = error_text(Refusal("x", "number: roll a D6 for a marker"), NAMES)
    assert article == "Roll a D6 for a marker"
