"""Table numbers: top pair on table 1, byes last without a table, fixed tables, repeat avoidance."""

import pytest

from tests.tournament.engine.factory import BYE_VP, game, players, win
from tournament.engine import EngineError, pair_round


def _history():
    # after round 1: 1, 3, 5 won (1 mp), 2, 4, 6 lost; no tables recorded
    return [win(1, 1, 2), win(1, 3, 4), win(1, 5, 6)]


def _table_of(result, pid):
    return next(p.table for p in result.pairs if pid in (p.player_a, p.player_b))


def test_top_pair_gets_table_one_and_bye_comes_last():
    people = players(7)
    games = [*_history(), game(1, 7, None)]
    result = pair_round(people, games, round_number=2, seed=1, tables=range(1, 10), bye_vp=BYE_VP)
    pairs = [p for p in result.pairs if p.player_b is not None]
    # winners (and the bye player 7) are on the top tables
    top_mp = {1, 3, 5, 7}
    assert {pairs[0].player_a, pairs[0].player_b} <= top_mp
    assert result.pairs[-1].player_b is None
    assert result.pairs[-1].table is None
    assert sorted(p.table for p in pairs) == [1, 2, 3]


def test_fixed_table_is_kept():
    people = players(6, {6: {"fixed_table": 1}})
    result = pair_round(people, _history(), round_number=2, seed=1, bye_vp=BYE_VP)
    assert _table_of(result, 6) == 1
    pair = next(p for p in result.pairs if 6 in (p.player_a, p.player_b))
    assert pair.has_flag("fixed_table")
    assert sorted(p.table for p in result.pairs) == [1, 2, 3]


def test_fixed_table_clash_raises():
    people = players(4, {1: {"fixed_table": 2}, 4: {"fixed_table": 2}})
    with pytest.raises(EngineError) as err:
        pair_round(people, [win(1, 1, 2), win(1, 3, 4)], round_number=2, seed=1, bye_vp=BYE_VP)
    assert err.value.code == "fixed_table_clash"


def test_repeat_table_avoided_within_lookahead():
    people = players(4)
    games = [win(1, 1, 2, table=1), win(1, 3, 4, table=3)]
    # round 2: top pair 1-3 used tables 1 and 3, so it takes 2; 2-4 then skips 1 and 3 for 4
    result = pair_round(people, games, round_number=2, seed=1, tables=[1, 2, 3, 4], bye_vp=BYE_VP)
    assert _table_of(result, 1) == 2
    assert _table_of(result, 2) == 4
    assert not any(p.has_flag("repeat_table") for p in result.pairs)


def test_repeat_table_flagged_when_unavoidable():
    people = players(2)
    result = pair_round(
        people, [win(1, 1, 2, table=1)], round_number=2, seed=1, tables=[1], bye_vp=BYE_VP
    )
    assert result.pairs[0].table == 1
    assert result.pairs[0].has_flag("repeat_table")


def test_not_enough_tables_raises():
    with pytest.raises(EngineError) as err:
        pair_round(players(6), [], round_number=1, seed=1, tables=[1, 2], bye_vp=BYE_VP)
    assert err.value.code == "not_enough_tables"


def test_table_messages_name_the_player():
    people = players(2)
    result = pair_round(
        people, [win(1, 1, 2, table=1)], round_number=2, seed=1, tables=[1], bye_vp=BYE_VP
    )
    (flag,) = [f for f in result.pairs[0].flags if f.code == "repeat_table"]
    assert flag.text.startswith("table 1 is already taken by P")
    assert "player " not in flag.text
    fixed = pair_round(players(2, {2: {"fixed_table": 3}}), [], round_number=1, seed=1, bye_vp=0)
    (flag,) = [f for f in fixed.pairs[0].flags if f.code == "fixed_table"]
    assert flag.text == "table 3 is fixed for P2"
