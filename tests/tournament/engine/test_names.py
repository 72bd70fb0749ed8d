"""The name rules every path applies (tournament/engine/names.py): what a name may hold, when two
names are one, and how names fold for finding and sorting."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.engine.errors import EngineError
from tournament.engine.names import (
    BIDI_CONTROLS,
    EXTRA_FOLDS,
    name_clean,
    name_fold,
    name_key,
    name_neutralised,
    name_sort_key,
    names_made_distinct,
    names_replaced,
)

RLO = "\u202e"


def _code(value: str) -> str:
    with pytest.raises(EngineError) as caught:
        name_clean(value)
    assert caught.value.field == "name"
    return caught.value.code


@pytest.mark.parametrize(
    "value", ["\u200b", "\u200b\u200b\u200b", "\u2060\ufeff", "\u200d", "\u3164"]
)
def test_a_name_of_only_invisible_characters_is_refused(value):
    assert _code(value) == "blank"


@pytest.mark.parametrize("control", sorted(BIDI_CONTROLS))
def test_text_direction_controls_are_refused_by_name(control):
    with pytest.raises(EngineError) as caught:
        name_clean(f"evil{control}gpj.exe")
    assert caught.value.code == "bad_character"
    assert f"U+{ord(control):04X}" in caught.value.message
    assert "text-direction" in caught.value.message


@pytest.mark.parametrize("value", ["Ada\x00", "A\x07da", "Ada\ud800"])
def test_control_characters_and_lone_surrogates_are_refused(value):
    assert _code(value) == "bad_character"


def test_invisible_format_characters_are_dropped_and_spaces_collapsed():
    assert name_clean("  Ada\u200b   Love\u00adlace\ufeff ") == "Ada Lovelace"
    # Joiners stay: Persian names and emoji sequences need them.
    assert name_clean("می\u200cخواهم") == "می\u200cخواهم"


def test_a_name_is_stored_composed():
    assert name_clean("Zoe\u0308") == "Zoë"


def test_length_is_counted_after_cleaning():
    assert name_clean("x" * 120 + "\u200b") == "x" * 120
    assert _code("x" * 121) == "max_length"


def test_case_and_character_forms_make_one_key_but_accents_do_not():
    same = ["Zoë Ártemis", "ZOË ÁRTEMIS", "zoë ártemis", "Zoe\u0308 A\u0301rtemis", "Ｚｏë Ártemis"]
    assert len({name_key(n) for n in same}) == 1
    assert name_key("Zoe Artemis") != name_key("Zoë Ártemis")
    assert name_key("STRASSE") == name_key("Straße")
    assert name_key("Ad\u200da") == name_key("Ada")


def test_a_key_stays_short_for_names_that_expand():
    assert len(name_key("\ufdfa" * 120)) <= 300


def test_fold_drops_case_accents_and_the_extra_letters():
    assert name_fold("  Zoë   ÄRNSTRÖM ") == "zoe arnstrom"
    assert name_fold("Łukasz") == "lukasz"
    assert name_fold("Søren Ødegård") == "soren odegard"
    assert name_fold("Straße") == "strasse"
    # Each extra fold's letter is one Unicode does not decompose (else it would not be needed).
    for letter in EXTRA_FOLDS:
        assert unicodedata.normalize("NFKD", letter) == letter


def test_names_sort_as_people_read_them():
    names = ["Zoë", "Łukasz", "Émilie", "Åsa", "Adam", "bea", "Oskar", "Ørjan"]
    assert sorted(names, key=name_sort_key) == [
        "Adam", "Åsa", "bea", "Émilie", "Łukasz", "Ørjan", "Oskar", "Zoë",
    ]  # fmt: skip


def test_existing_clashes_and_unsafe_names_are_made_distinct():
    rows = [(1, "Zoë Ártemis"), (2, "ZOË ÁRTEMIS"), (3, "Zoë Ártemis (2)"), (4, f"evil{RLO}x")]
    rows += [(5, "\u200b"), (6, "zoë ártemis"), (7, "Kim")]
    assert names_made_distinct(rows, fallback="Player") == {
        2: "ZOË ÁRTEMIS (3)",
        4: "evilx",
        5: "Player 5",
        6: "zoë ártemis (4)",
    }


def test_neutralising_keeps_what_is_visible():
    assert name_neutralised(f"Ada{RLO} Lovelace\x00") == "Ada Lovelace"
    assert name_neutralised("\u200b\u202e") == ""


TRICKY = st.sampled_from([*sorted(BIDI_CONTROLS), "\u200b", "\u200d", "\x00", " "])
TEXT = st.text(alphabet=st.characters(exclude_categories=()) | TRICKY, max_size=40)
REFUSALS = {"blank", "bad_character", "max_length"}


def _cleaned(value: str) -> str | None:
    try:
        return name_clean(value)
    except EngineError as exc:
        if exc.code not in REFUSALS:
            raise
        return None


@settings(max_examples=400, deadline=None)
@given(TEXT)
def test_a_clean_name_is_safe_and_cleaning_it_again_changes_nothing(value):
    name = _cleaned(value)
    if name is None:
        return
    assert not set(name) & BIDI_CONTROLS
    assert all(unicodedata.category(c) not in ("Cc", "Cs") for c in name)
    assert name == name.strip()
    # A form shows the stored name and posts it back: saving unchanged changes nothing.
    assert name_clean(name) == name
    assert name_key(name_clean(name)) == name_key(name)


LETTERS = st.characters(categories=("Lu", "Ll"), max_codepoint=0x052F).filter(
    lambda c: c.upper().lower() == c.lower() and c.lower().upper() == c.upper()
)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=LETTERS | st.just(" "), min_size=1, max_size=30))
def test_capitals_never_make_another_name(value):
    assert name_key(value.upper()) == name_key(value.lower()) == name_key(value)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=12), max_size=12))
def test_made_distinct_leaves_no_two_rows_with_one_key(names):
    rows = list(enumerate(names, start=1))
    new = names_made_distinct(rows, fallback="Player")
    final = [new.get(pk, name) for pk, name in rows]
    assert len({name_key(n) for n in final}) == len(final)
    for name in final:
        assert name_clean(name) == name


# --- names_replaced: an erased name leaves free texts ---------------------------------------

WORDS = st.text(alphabet="abcdeyr ,.'", max_size=30)


@given(before=WORDS, after=WORDS, upper=st.booleans())
def test_a_replaced_name_is_gone_and_the_rest_stays(before, after, upper):
    name = "Dee Ray"
    said = name.upper() if upper else name
    text = f"{before} {said} {after}"
    out = names_replaced(text, {name: "Erased player 1"})
    assert re.search(r"(?<!\w)dee ray(?!\w)", out, re.IGNORECASE) is None
    # Text around the name is kept as it was (in pieces the name never touched).
    assert out.count("Erased player 1") >= 1
    assert names_replaced(before, {"Zzq": "X"}) == before


def test_only_whole_names_are_replaced_and_the_longest_first():
    names = {"Dee Ray": "T", "Dee": "T"}
    assert names_replaced("Dee Rayford met Dee Ray and dee", names) == "T Rayford met T and T"
    assert names_replaced("Deep water", names) == "Deep water"
    assert names_replaced("", names) == ""
    assert names_replaced("Dee", {}) == "Dee"
