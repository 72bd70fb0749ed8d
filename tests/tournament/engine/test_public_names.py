"""The public name (issue 36): never empty, no surname beyond its initial in "initial" mode,
the nickname when there is one; Unicode names keep whole letters."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from tournament.engine.public_names import MODES, name_with_initial, public_name


def test_examples():
    assert public_name("Anna Kowalska", mode="full") == "Anna Kowalska"
    assert public_name("Anna Kowalska", mode="initial") == "Anna K."
    assert public_name("Łukasz Żółć", mode="initial") == "Łukasz Ż."
    assert public_name("Anna Maria van Dijk", mode="initial") == "Anna D."
    assert public_name("Jean-Luc Picard", mode="initial") == "Jean-Luc P."
    assert public_name("Prince", mode="initial") == "Prince"
    assert public_name("Anna Kowalska", mode="nickname", nickname="Warbossa") == "Warbossa"
    # No nickname chosen: the first name and initial, never the full name.
    assert public_name("Anna Kowalska", mode="nickname") == "Anna K."
    assert public_name("Anna Kowalska", mode="nickname", nickname="  ") == "Anna K."


def test_a_decomposed_letter_stays_whole():
    decomposed = unicodedata.normalize("NFD", "Łukasz Żółć")
    assert name_with_initial(decomposed) == unicodedata.normalize("NFD", "Łukasz Ż.")


LETTERS = st.characters(categories=("Lu", "Ll", "Lo"))
WORD = st.text(LETTERS, min_size=1, max_size=12)


@given(WORD, st.lists(WORD, max_size=2), WORD.filter(lambda w: len(w) >= 2))
def test_initial_mode_hides_the_surname(first, middle, surname):
    name = " ".join([first, *middle, surname])
    shown = public_name(name, mode="initial")
    assert shown
    assert shown == f"{first} {surname[0]}."
    if surname not in first:
        assert surname not in shown


@given(st.lists(WORD, min_size=1, max_size=4), st.sampled_from(MODES), st.text(max_size=20))
def test_never_empty(words, mode, nickname):
    name = " ".join(words)
    assert public_name(name, mode=mode, nickname=nickname).strip()


@given(st.lists(WORD, min_size=2, max_size=4), WORD)
def test_nickname_mode_shows_the_nickname(words, nickname):
    assert public_name(" ".join(words), mode="nickname", nickname=nickname) == nickname
