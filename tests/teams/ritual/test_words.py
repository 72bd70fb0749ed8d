"""The pairing ritual's refusals in the captain's language (issue 36): the engine raises an
English template with its values, read in the active language."""

from __future__ import annotations

import pytest
from django.utils import translation

from teams.engine.ritual import RitualError, apply, new_ritual


def test_a_ritual_refusal_reads_in_the_captains_language():
    with pytest.raises(RitualError) as refused:
        new_ritual([1, 2, 3, 4], [5, 6, 7])
    assert (refused.value.code, refused.value.field) == ("unequal_teams", "players")
    assert refused.value.message == "Both teams must field the same number."
    with translation.override("it"):
        assert (
            refused.value.message
            == "Le due squadre devono schierare lo stesso numero di giocatori."
        )


def test_a_ritual_refusal_keeps_its_values_in_every_language():
    state = new_ritual([1, 2, 3, 4], [5, 6, 7, 8])
    with pytest.raises(RitualError) as refused:
        apply(state, "a", {"step": "attackers", "players": [2, 3]})
    assert refused.value.code == "wrong_step"
    with translation.override("pl"):
        words = refused.value.message
    assert words.startswith("Rytuał jest na etapie ")
    assert "'attackers'" in words
