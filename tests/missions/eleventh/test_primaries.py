"""The 25 primaries: every card has windows, the 45/15 caps, and the windows the facts give
(eleventh-facts.md section 5, written out here as a literal table)."""

from __future__ import annotations

import pytest

from missions.eleventh import matrix
from missions.eleventh.primaries import (
    PRIMARIES,
    PRIMARY_BY_ID,
    Moment,
    get_primary,
    primary_for_matchup,
)

C, T, E, B = "C", "T", "E", "B"
_CODE = {
    Moment.END_OF_YOUR_COMMAND_PHASE: C,
    Moment.END_OF_YOUR_TURN: T,
    Moment.END_OF_EITHER_TURN: E,
    Moment.END_OF_BATTLE: B,
}
# (moment, first round, last round, vp, counted?) per window, in card order.
_WINDOWS = {
    "battlefield-dominance": [(T, 1, 2, 2, 0), (C, 2, 5, 3, 1), (C, 2, 5, 2, 1)],
    "determined-acquisition": [(T, 1, 5, 2, 1), (C, 2, 5, 3, 1), (C, 2, 5, 3, 1)],
    "immovable-object": [(T, 1, 5, 3, 0), (C, 2, 4, 5, 1), (T, 5, 5, 5, 1)],
    "inescapable-dominion": [(T, 1, 5, 4, 0), (C, 2, 5, 5, 0), (C, 2, 5, 4, 0), (B, 5, 5, 5, 0)],
    "purge-and-secure": [(T, 1, 5, 3, 0), (T, 1, 5, 3, 0), (C, 2, 5, 4, 1), (T, 2, 5, 3, 0)],
    "death-trap": [(T, 1, 5, 2, 1), (T, 1, 5, 3, 1), (T, 1, 5, 3, 0), (C, 2, 5, 4, 0)],
    "outmanoeuvre": [(T, 1, 5, 10, 0), (T, 1, 1, 4, 1), (C, 2, 3, 5, 1), (T, 4, 5, 6, 1)],
    "delaying-action": [(T, 1, 5, 2, 1), (C, 2, 5, 4, 0), (T, 2, 5, 3, 0)],
    "locate-and-deny": [(T, 1, 5, 4, 0), (T, 1, 5, 4, 0), (C, 2, 5, 4, 0), (B, 5, 5, 5, 0)],
    "smoke-and-mirrors": [(T, 1, 5, 2, 1), (T, 1, 5, 2, 1), (C, 2, 5, 4, 0), (B, 5, 5, 10, 0)],
    "unstoppable-force": [(T, 1, 5, 3, 0), (C, 2, 5, 4, 1), (T, 2, 5, 3, 0), (B, 5, 5, 5, 0)],
    "punishment": [(E, 1, 5, 5, 0), (C, 2, 5, 4, 0), (C, 2, 5, 5, 0), (B, 5, 5, 8, 0)],
    "meatgrinder": [(T, 1, 5, 3, 0), (C, 2, 5, 4, 0), (T, 2, 5, 5, 0), (T, 2, 5, 5, 0)],
    "destroyers-wrath": [(T, 1, 5, 3, 0), (C, 2, 5, 4, 0), (C, 2, 5, 6, 0), (T, 2, 5, 4, 0)],
    "consecrate": [(T, 1, 5, 3, 0), (T, 1, 5, 6, 0), (C, 2, 5, 4, 0), (C, 2, 5, 4, 0),
                   (B, 5, 5, 5, 0)],
    "secure-asset": [(T, 1, 5, 4, 0), (T, 1, 5, 2, 0), (C, 2, 5, 4, 0), (C, 2, 5, 4, 0)],
    "extract-relic": [(T, 1, 5, 4, 0), (T, 1, 5, 3, 0), (T, 1, 5, 4, 0), (C, 2, 5, 4, 0),
                      (B, 5, 5, 5, 0)],
    "vital-link": [(T, 1, 5, 2, 0), (T, 1, 5, 1, 1), (C, 2, 5, 4, 0), (C, 2, 5, 4, 0),
                   (B, 5, 5, 10, 0)],
    "sabotage": [(T, 1, 5, 3, 1), (T, 1, 5, 2, 1), (C, 2, 5, 4, 0)],
    "vanguard-operation": [(T, 1, 5, 4, 0), (T, 1, 5, 2, 0), (C, 2, 5, 4, 0), (B, 5, 5, 10, 0)],
    "reconnaissance-sweep": [(T, 1, 5, 3, 0), (T, 1, 5, 6, 0), (T, 1, 5, 1, 1), (C, 2, 5, 3, 0)],
    "surveil-the-foe": [(T, 1, 5, 4, 0), (C, 2, 5, 4, 0), (C, 2, 5, 4, 0), (T, 2, 5, 5, 0)],
    "triangulation": [(C, 2, 5, 4, 0), (T, 2, 5, 3, 0), (T, 2, 5, 6, 0), (T, 2, 5, 10, 0),
                      (B, 5, 5, 10, 0)],
    "search-and-scour": [(T, 1, 5, 3, 0), (T, 1, 5, 2, 0), (C, 2, 5, 4, 1), (B, 5, 5, 5, 0)],
    "gather-intel": [(T, 1, 1, 6, 0), (C, 2, 5, 4, 0), (T, 2, 5, 7, 1), (B, 5, 5, 5, 0),
                     (B, 5, 5, 5, 0)],
}  # fmt: skip


def test_twenty_five_primaries_one_per_matrix_cell():
    assert len(PRIMARIES) == 25
    assert set(PRIMARY_BY_ID) == set(matrix.MATRIX.values()) == set(_WINDOWS)
    for (own, opp), pid in matrix.MATRIX.items():
        card = primary_for_matchup(own, opp)
        assert card.id == pid
        assert card.name == matrix.PRIMARY_NAMES[pid]
        assert card.dispositions == (own, opp)
        assert card.mirror is (own == opp)


@pytest.mark.parametrize("card", PRIMARIES, ids=lambda c: c.id)
def test_every_primary_has_windows_summary_and_the_caps(card):
    assert card.windows
    assert card.summary
    assert (card.max_vp_game, card.max_vp_round) == (45, 15)
    for window in card.windows:
        assert window.vp > 0
        assert set(window.rounds) <= {1, 2, 3, 4, 5}
        assert window.rounds == tuple(range(window.rounds[0], window.rounds[-1] + 1))
        # A flat line pays exactly its value; a counted one has no printed ceiling.
        assert window.max_vp == (None if window.per else window.vp)


@pytest.mark.parametrize("primary_id", sorted(_WINDOWS))
def test_windows_match_the_facts(primary_id):
    got = [
        (_CODE[w.moment], w.rounds[0], w.rounds[-1], w.vp, int(w.per is not None))
        for w in get_primary(primary_id).windows
    ]
    assert got == _WINDOWS[primary_id]


def test_bonus_lines_and_best_of_groups():
    bd = get_primary("battlefield-dominance").windows
    assert [w.adds_to_previous for w in bd] == [False, False, True]
    consecrate = get_primary("consecrate").windows
    assert consecrate[0].best_of == consecrate[1].best_of == "consecrated"
    tri = [w.best_of for w in get_primary("triangulation").windows]
    assert tri.count("triangulated") == 3
    assert [w.best_of for w in get_primary("purge-and-secure").windows][:2] == ["purge-kill"] * 2


def test_only_immovable_object_moves_to_end_of_turn_in_round_5():
    # The choice written in the module docstring: Battlefield Dominance keeps its Command phase.
    bd_round5 = {w.moment for w in get_primary("battlefield-dominance").windows if 5 in w.rounds}
    assert Moment.END_OF_YOUR_COMMAND_PHASE in bd_round5
    io = get_primary("immovable-object").windows
    assert [w.moment for w in io if w.per and 5 in w.rounds] == [Moment.END_OF_YOUR_TURN]


def test_actions_carry_their_round_and_turn_limits():
    gather = get_primary("gather-intel").actions[0]
    assert (gather.name, gather.from_round, gather.per_turn) == ("Extract Intelligence", 2, None)
    assert get_primary("secure-asset").actions[0].per_turn == 1


def test_to_dict_describes_windows_in_words():
    data = get_primary("immovable-object").to_dict()
    assert data["name"] == "Immovable Object"
    assert (data["disposition"], data["opponent_disposition"]) == ("take-and-hold", "purge-the-foe")
    assert data["windows"][1]["text"].startswith("rounds 2-4, end of your Command phase: 5 VP per")
    assert data["windows"][0]["max_vp"] == 3
