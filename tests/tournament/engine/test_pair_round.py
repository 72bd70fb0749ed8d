"""pair_round rules: byes, drops, late entries, forced rematches, seeds, round 1 clubs."""

import pytest

from tests.tournament.engine.factory import BYE_VP, game, players, simulate, win
from tournament.engine import EngineError, build_context, pair_round


def _partners(result) -> dict:
    out = {}
    for p in result.pairs:
        out[p.player_a] = p.player_b
        if p.player_b is not None:
            out[p.player_b] = p.player_a
    return out


def test_bye_goes_to_lowest_record_without_a_bye():
    people = players(5)
    games = [win(1, 1, 2), win(1, 3, 4), game(1, 5, None)]
    result = pair_round(people, games, round_number=2, seed=3, bye_vp=BYE_VP)
    bye = [p for p in result.pairs if p.player_b is None]
    assert len(bye) == 1
    assert bye[0].player_a in {2, 4}  # 5 has 1 mp from its bye, 2 and 4 have 0
    assert bye[0].table is None
    assert result.pairs[-1] is bye[0]
    assert bye[0].has_flag("bye")


def test_bye_choice_makes_the_rest_cheapest():
    people = players(3)
    games = [win(1, 1, 2), game(1, 3, None), win(2, 1, 3), game(2, 2, None)]
    # round 3: 1 has 2 mp, 3 has 1 mp (bye) and 2 has 1 mp (bye); all but 1 had a bye,
    # so 1 (the only one without) takes it, even though it is top of the table.
    result = pair_round(people, games, round_number=3, seed=0, bye_vp=BYE_VP)
    assert _partners(result)[1] is None


def test_bye_when_everyone_had_one_goes_to_lowest_record():
    people = players(3)
    games = [
        game(1, 1, None),
        win(1, 2, 3),
        game(2, 2, None),
        win(2, 1, 3),
        game(3, 3, None),
        win(3, 1, 2),
    ]
    # everyone had a bye; records: 1 -> 3 mp, 2 -> 2 mp, 3 -> 1 mp
    result = pair_round(people, games, round_number=4, seed=0, bye_vp=BYE_VP)
    assert _partners(result)[3] is None
    assert result.cost[0] == 1  # the remaining two have met: forced rematch


def test_bye_among_equal_records_avoids_a_rematch():
    people = players(5)
    games = [
        win(1, 1, 2),
        win(1, 3, 4),
        game(1, 5, None),
        win(2, 5, 1),
        win(2, 3, 2),
        game(2, 4, None),
    ]
    # mp: 1:1, 2:0, 3:2, 4:1 (bye), 5:2 (bye). Without a bye: 1,2,3 -> lowest is 2.
    result = pair_round(people, games, round_number=3, seed=5, bye_vp=BYE_VP)
    assert _partners(result)[2] is None


def test_dropped_players_are_never_paired():
    people = players(6, {2: {"dropped": True}, 5: {"dropped": True}})
    games = [win(1, 1, 2), win(1, 3, 4), win(1, 5, 6)]
    result = pair_round(people, games, round_number=2, seed=1, bye_vp=BYE_VP)
    paired = {p.player_a for p in result.pairs} | {p.player_b for p in result.pairs}
    assert paired == {1, 3, 4, 6}


def test_late_entry_joins_with_missed_rounds_as_losses():
    people = players(5, {5: {"first_round": 2}})
    games = [win(1, 1, 2), win(1, 3, 4)]
    assert len(pair_round(people, games[:0], round_number=1, seed=1, bye_vp=BYE_VP).pairs) == 2
    ctx = build_context(people, games, round_number=2, bye_vp=BYE_VP)
    assert ctx.mp(5) == 0
    assert ctx.v2[5] == 0
    result = pair_round(people, games, round_number=2, seed=1, bye_vp=BYE_VP)
    assert len({p for pr in result.pairs for p in (pr.player_a, pr.player_b)} - {None}) == 5


def test_rematch_only_when_forced_and_flagged():
    people = players(2)
    result = pair_round(people, [win(1, 1, 2)], round_number=2, seed=0, bye_vp=BYE_VP)
    assert result.cost[0] == 1
    assert result.pairs[0].has_flag("rematch")
    text = next(f.text for f in result.pairs[0].flags if f.code == "rematch")
    assert "round 1" in text


def test_rematch_avoided_when_possible_even_across_records():
    people = players(4)
    games = [win(1, 1, 2), win(1, 3, 4), win(2, 1, 3), win(2, 2, 4)]
    # 1 (2 mp) met 2 and 3; 4 (0 mp) met 3 and 2: only 1-4 / 2-3 is rematch free
    result = pair_round(people, games, round_number=3, seed=0, bye_vp=BYE_VP)
    assert _partners(result)[1] == 4
    assert result.cost[0] == 0
    top = next(p for p in result.pairs if p.player_a == 1)
    assert top.has_flag("floated")
    assert "2-0" in next(f.text for f in top.flags if f.code == "floated")


def test_same_seed_same_pairing_and_seeds_vary_it():
    people, games = simulate(players(16), 2, seed=4)
    first = pair_round(people, games, round_number=3, seed="abc", bye_vp=BYE_VP)
    again = pair_round(people, games, round_number=3, seed="abc", bye_vp=BYE_VP)
    assert first.pairs == again.pairs
    variants = {
        tuple(
            sorted(
                (p.player_a, p.player_b or 0)
                for p in pair_round(people, games, round_number=3, seed=s, bye_vp=BYE_VP).pairs
            )
        )
        for s in range(8)
    }
    assert len(variants) > 1


def test_round_one_keeps_clubs_apart_when_possible():
    clubs = {i: {"club": "A" if i <= 4 else "B"} for i in range(1, 9)}
    result = pair_round(players(8, clubs), [], round_number=1, seed=9, bye_vp=BYE_VP)
    for p in result.pairs:
        assert (p.player_a <= 4) != (p.player_b <= 4)
        assert not p.has_flag("same_club")


def test_round_one_same_club_forced_and_flagged():
    clubs = {i: {"club": "A" if i <= 6 else "B"} for i in range(1, 9)}
    result = pair_round(players(8, clubs), [], round_number=1, seed=2, bye_vp=BYE_VP)
    same = [p for p in result.pairs if p.has_flag("same_club")]
    assert len(same) == 2  # six club mates, two outsiders: at least two club pairs


def test_round_one_bye_relieves_an_oversized_club():
    clubs = {i: {"club": "A" if i <= 4 else f"x{i}"} for i in range(1, 8)}
    result = pair_round(players(7, clubs), [], round_number=1, seed=2, bye_vp=BYE_VP)
    assert not any(p.has_flag("same_club") for p in result.pairs)
    bye = next(p for p in result.pairs if p.player_b is None)
    assert bye.player_a <= 4


def test_unknown_player_in_games_raises():
    with pytest.raises(EngineError) as err:
        pair_round(players(2), [win(1, 1, 9)], round_number=2, seed=0, bye_vp=BYE_VP)
    assert err.value.code == "unknown_player"
