"""check_pairing / validate_pairing on organiser-given pairings."""

import pytest

from tests.tournament.engine.factory import BYE_VP, players, win
from tournament.engine import EngineError, check_pairing, validate_pairing


def _codes(flags):
    return sorted(f.code for f in flags)


def test_clean_pairing_has_only_explanations():
    games = [win(1, 1, 2), win(1, 3, 4)]
    flags = check_pairing(players(4), games, [(1, 3), (2, 4)], round_number=2, bye_vp=BYE_VP)
    assert flags == []


def test_rematch_and_record_gap_are_flagged():
    games = [win(1, 1, 2), win(1, 3, 4)]
    flags = check_pairing(players(4), games, [(1, 2), (3, 4)], round_number=2, bye_vp=BYE_VP)
    assert _codes(flags) == ["floated", "floated", "rematch", "rematch"]
    assert all(f.level != "error" for f in flags)


def test_structural_errors():
    people = players(5, {5: {"dropped": True}})
    flags = check_pairing(
        people, [], [(1, 5), (2, None), (3, 9), (1, None)], round_number=1, bye_vp=BYE_VP
    )
    assert _codes(flags) == [
        "dropped_player",
        "duplicate_player",
        "extra_bye",
        "missing_player",
        "unknown_player",
    ]
    assert all(f.level == "error" for f in flags)


def test_validate_pairing_raises_with_code():
    with pytest.raises(EngineError) as err:
        validate_pairing(players(4), [], [(1, 2)], round_number=1, bye_vp=BYE_VP)
    assert err.value.code == "missing_player"


def test_messages_name_players_as_shown_and_say_each_thing_once():
    people = players(5, {5: {"dropped": True}})
    # 5 (dropped) appears twice, 9 is not in the event and appears twice.
    pairs = [(1, 5), (5, 2), (3, 9), (9, 4)]
    flags = check_pairing(people, [], pairs, round_number=1, bye_vp=BYE_VP)
    texts = [f.text for f in flags]
    assert texts.count("P5 has dropped and cannot be paired") == 1
    assert "P5 is paired 2 times" in texts
    assert texts.count("no player with id 9 in this event") == 1
    assert not any("duplicate" in t or "player 9 " in t for t in texts)
    assert len(texts) == len(set(texts))
