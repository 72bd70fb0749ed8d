"""The 18-card secondary deck: Fixed-capable cards and their values, per-card maxima, When
Drawn effects (eleventh-facts.md sections 4 and 6, written out here)."""

from __future__ import annotations

import pytest

from missions.eleventh import secondaries as sec
from missions.eleventh.secondaries import SECONDARIES, DrawEffect, Mode, get_secondary

_NAMES = {
    "assassination": "Assassination", "bring-it-down": "Bring It Down",
    "a-grievous-blow": "A Grievous Blow", "engage-on-all-fronts": "Engage on All Fronts",
    "forward-position": "Forward Position", "burden-of-trust": "Burden of Trust",
    "display-of-might": "Display of Might", "centre-ground": "Centre Ground",
    "outflank": "Outflank", "plunder": "Plunder", "cleanse": "Cleanse",
    "secure-no-mans-land": "Secure No Man's Land", "no-prisoners": "No Prisoners",
    "overwhelming-force": "Overwhelming Force", "behind-enemy-lines": "Behind Enemy Lines",
    "defend-stronghold": "Defend Stronghold", "a-tempting-target": "A Tempting Target",
    "beacon": "Beacon",
}  # fmt: skip

# Most VP one Tactical scoring gives (printed "up to" or best line).
_TACTICAL_MAX = dict.fromkeys(_NAMES, 5) | {
    "burden-of-trust": 9, "overwhelming-force": 9, "behind-enemy-lines": 9,
}  # fmt: skip
# Fixed values per line, in card order.
_FIXED_VP = {
    "assassination": [3, 1], "bring-it-down": [4], "a-grievous-blow": [4],
    "engage-on-all-fronts": [2, 4],
}  # fmt: skip


def test_eighteen_cards_with_their_printed_names():
    assert len(SECONDARIES) == sec.DECK_SIZE == 18
    assert {c.id: c.name for c in SECONDARIES} == _NAMES


def test_the_four_fixed_cards_and_their_values():
    assert set(sec.FIXED_CAPABLE_IDS) == set(_FIXED_VP)
    for card_id, values in _FIXED_VP.items():
        card = get_secondary(card_id)
        assert [a.vp for a in card.awards(Mode.FIXED)] == values
        assert card.max_vp_fixed_game == 20
    assert get_secondary("engage-on-all-fronts").max_vp_fixed_scoring == 4
    assert get_secondary("bring-it-down").max_vp_fixed_scoring is None


@pytest.mark.parametrize("card", SECONDARIES, ids=lambda c: c.id)
def test_every_card_scores_tactically_within_its_maximum(card):
    assert card.tactical
    assert card.summary
    assert card.max_vp_tactical == _TACTICAL_MAX[card.id]
    if not card.fixed_capable:
        assert card.fixed == ()
        assert card.max_vp_fixed_game is None


def test_round_one_redraws():
    redraws = {
        c.id for c in SECONDARIES
        if sec.when_drawn_effect(c.id, round_number=1) is not None
        and sec.when_drawn_effect(c.id, round_number=1).effect is DrawEffect.REDRAW
    }  # fmt: skip
    assert redraws == {"forward-position", "behind-enemy-lines", "defend-stronghold"}
    assert sec.when_drawn_effect("forward-position", round_number=2) is None


def test_plunder_and_cleanse_redraw_only_while_the_other_is_active():
    assert sec.when_drawn_effect("plunder", round_number=3) is None
    effect = sec.when_drawn_effect("plunder", round_number=3, active=("cleanse",))
    assert effect is not None
    assert effect.effect is DrawEffect.REDRAW
    assert not effect.optional
    assert sec.when_drawn_effect("cleanse", round_number=2, active=("plunder",)) is not None


def test_optional_replacement_only_when_the_opponent_lacks_a_target():
    assert sec.when_drawn_effect("bring-it-down", round_number=2) is None
    effect = sec.when_drawn_effect("a-grievous-blow", round_number=2, opponent_has=False)
    assert effect is not None
    assert effect.effect is DrawEffect.MAY_REPLACE
    assert effect.optional


def test_choices_made_when_drawn():
    chooses = {
        c.id for c in SECONDARIES if any(w.effect is DrawEffect.CHOOSE for w in c.when_drawn)
    }
    assert chooses == {"burden-of-trust", "a-tempting-target", "beacon"}


def test_deck_rules_and_caps():
    assert (sec.MAX_VP_GAME, sec.MAX_VP_ROUND, sec.MAX_VP_PER_FIXED_CARD) == (45, 15, 20)
    assert (sec.FIXED_CARDS_CHOSEN, sec.DRAWS_PER_COMMAND_PHASE) == (2, 2)
    assert (sec.SWAP_COST_CP, sec.SWAPS_PER_BATTLE, sec.DISCARD_CP_GAIN) == (1, 1, 1)
    assert sec.EXTRA_CP_PER_ROUND == 1


def test_defend_stronghold_scores_from_round_two_after_the_opponents_turn():
    card = get_secondary("defend-stronghold")
    assert all(a.rounds == (2, 3, 4, 5) for a in card.tactical)
    assert all(a.timing is sec.Timing.END_OF_OPPONENT_TURN for a in card.tactical)
    assert card.to_dict()["tactical"][1]["adds_to_previous"] is True
