"""The public name (issue 36): never empty, no surname beyond its initial in "initial" mode,
the nickname when there is one; Unicode names keep whole letters."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from tournament.engine.names import name_key
from tournament.engine.public_names import (
    FULL,
    INITIAL,
    MODES,
    NICKNAME,
    name_with_initial,
    public_name,
    public_names_distinct,
)


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


# --- public_names_distinct: no two players of an event read alike ---------------------------

FIRST = st.sampled_from(["Anna", "Jan", "Łukasz", "Zoë"])
SURNAME = st.text(alphabet="KkoOważ", min_size=1, max_size=5)


@st.composite
def _fields(draw):
    """An event's players, names unique as the event keeps them (by name_key), some with
    nicknames unique among themselves."""
    rows, keys, nicks = [], set(), set()
    for pk in range(1, draw(st.integers(1, 12)) + 1):
        name = f"{draw(FIRST)} {draw(SURNAME)}"
        if name_key(name) in keys:
            continue
        keys.add(name_key(name))
        nick = draw(st.sampled_from(["", "", "Anna K.", "Ace", "Jan Ko."]))
        if nick and nick.casefold() in nicks:
            nick = ""
        nicks.add(nick.casefold())
        rows.append((pk, name, nick))
    return rows


@given(rows=_fields(), mode=st.sampled_from([INITIAL, NICKNAME]))
def test_public_names_are_distinct_keep_nicknames_and_never_show_a_whole_surname(rows, mode):
    shown = public_names_distinct(rows, mode=mode)
    assert set(shown) == {pk for pk, _, _ in rows}
    folded = [unicodedata.normalize("NFKC", s).casefold() for s in shown.values()]
    assert len(set(folded)) == len(folded)
    for pk, name, nick in rows:
        if mode == NICKNAME and nick:
            assert shown[pk] == nick
            continue
        first, surname = name.split()
        said = shown[pk].split(" (")[0]
        assert said.startswith(f"{first} ")
        start = said[len(first) + 1 :].removesuffix(".")
        assert surname.startswith(start)
        assert len(start) < len(surname) or len(surname) == 1


def test_two_anna_ks_are_told_apart_by_a_letter_more_then_by_number():
    rows = [(1, "Anna Kowalska", ""), (2, "Anna Kaczmarek", ""), (3, "Anna Kowalski", "")]
    assert public_names_distinct(rows, mode=INITIAL) == {
        1: "Anna Ko.",
        2: "Anna Ka.",
        3: "Anna Ko. (2)",
    }
    # A letter more that tells nobody apart is not shown.
    alike = [(1, "Player 001", ""), (2, "Player 002", "")]
    assert public_names_distinct(alike, mode=INITIAL) == {1: "Player 0.", 2: "Player 0. (2)"}
    assert public_names_distinct(rows, mode=FULL) == {pk: name for pk, name, _ in rows}
    # A nickname is kept; the name that clashes with it gives way.
    chosen = [(1, "Anna Kowalska", ""), (2, "Bob Smith", "Anna K.")]
    assert public_names_distinct(chosen, mode=NICKNAME) == {1: "Anna Ko.", 2: "Anna K."}
