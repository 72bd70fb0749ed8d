"""The pure rules behind layouts and dispositions: rolled letters are fixed by the seed and the
table, the settings form's per-table text reads back what it shows, and a spreadsheet's
disposition is read by id or name."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from common.errors import Invalid
from missions.eleventh import matrix
from tournament.services.rounds.eleventh import (
    disposition_from_text,
    layout_rolled,
    table_layouts_clean,
    table_layouts_parse,
    table_layouts_text,
)

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
TABLES = st.integers(min_value=1, max_value=32767)
LAYOUTS = st.dictionaries(TABLES.map(str), st.sampled_from(matrix.LAYOUT_LETTERS), max_size=20)


@given(SEEDS, TABLES)
def test_a_rolled_layout_is_a_letter_fixed_by_seed_and_table(seed, table):
    letter = layout_rolled(seed, table)
    assert letter in matrix.LAYOUT_LETTERS
    assert layout_rolled(seed, table) == letter


def test_rolled_layouts_vary_across_tables():
    assert len({layout_rolled(7, table) for table in range(1, 40)}) == 3


@given(LAYOUTS)
def test_the_per_table_text_reads_back_what_it_shows(layouts):
    clean = table_layouts_clean(layouts)
    assert table_layouts_parse(table_layouts_text(clean)) == clean


@pytest.mark.parametrize("text", ["1: D", "x: A", "0: A", "1 A B"])
def test_a_wrong_per_table_entry_is_refused(text):
    with pytest.raises(Invalid) as refused:
        table_layouts_parse(text)
    assert list(refused.value.codes) == ["table_layouts"]


@pytest.mark.parametrize(("key", "name"), matrix.DISPOSITIONS)
def test_a_disposition_reads_by_id_or_name_in_any_case(key, name):
    assert disposition_from_text(key) == key
    assert disposition_from_text(f"  {name.upper()} ") == key
    assert disposition_from_text("") == ""
