"""The 5x5 matrix, cell by cell, against the table written out here (eleventh-facts.md
section 2; K and W agree on all 25 cells)."""

from __future__ import annotations

import pytest

from missions.eleventh import matrix

_DISPOSITIONS = (
    "take-and-hold",
    "disruption",
    "purge-the-foe",
    "priority-assets",
    "reconnaissance",
)

# Row = own disposition, columns in the order above; printed names.
_TABLE = {
    "take-and-hold": ("Battlefield Dominance", "Determined Acquisition", "Immovable Object",
                      "Inescapable Dominion", "Purge and Secure"),
    "disruption": ("Death Trap", "Outmanoeuvre", "Delaying Action", "Locate and Deny",
                   "Smoke and Mirrors"),
    "purge-the-foe": ("Unstoppable Force", "Punishment", "Meatgrinder", "Destroyer's Wrath",
                      "Consecrate"),
    "priority-assets": ("Secure Asset", "Extract Relic", "Vital Link", "Sabotage",
                        "Vanguard Operation"),
    "reconnaissance": ("Reconnaissance Sweep", "Surveil the Foe", "Triangulation",
                       "Search and Scour", "Gather Intel"),
}  # fmt: skip

_CELLS = [
    (own, opp, _TABLE[own][col]) for own in _DISPOSITIONS for col, opp in enumerate(_DISPOSITIONS)
]


def test_dispositions_are_the_five_in_order():
    assert matrix.DISPOSITION_IDS == _DISPOSITIONS


@pytest.mark.parametrize(("own", "opp", "name"), _CELLS)
def test_matrix_cell(own, opp, name):
    assert matrix.primary_name(matrix.primary_for(own, opp)) == name


def test_twenty_five_different_missions_and_five_mirrors():
    assert len(set(matrix.MATRIX.values())) == 25
    mirrors = {matrix.primary_name(matrix.MATRIX[(d, d)]) for d in _DISPOSITIONS}
    assert mirrors == {"Battlefield Dominance", "Outmanoeuvre", "Meatgrinder", "Sabotage",
                       "Gather Intel"}  # fmt: skip


def test_fifteen_unordered_pairings_with_ids_in_data_order():
    ids = {matrix.pairing_id(a, b) for a in _DISPOSITIONS for b in _DISPOSITIONS}
    assert len(ids) == 15
    assert matrix.pairing_id("purge-the-foe", "disruption") == "disruption-vs-purge-the-foe"


def test_thirty_layouts_in_the_data():
    assert len(matrix.LAYOUT_MAPS) == 30
    assert not matrix.layout_available("priority-assets", "disruption", "B")
    assert matrix.layout_map("disruption", "take-and-hold", "C") == "hammer-and-anvil"
