"""Win path values, pair cost and the cost of whole pairings."""

from tests.tournament.engine.factory import BYE_VP, draw, game, players, win
from tournament.engine import build_context, pair_cost, pair_round, pairing_cost
from tournament.engine.records import PlayerEntry

PATHS = {1: "LWWW", 2: "WLWW", 3: "WWWL", 4: "WWLW"}


def _path_history():
    """Players 1-4 follow PATHS against one-off opponents (ids 100+, dropped afterwards)."""
    people = players(4)
    games = []
    filler = 100
    for pid, path in PATHS.items():
        for rnd, result in enumerate(path, start=1):
            people.append(PlayerEntry(filler, f"F{filler}", dropped=True))
            games.append(win(rnd, pid, filler) if result == "W" else win(rnd, filler, pid))
            filler += 1
    return people, games


def test_win_path_values_match_the_seed_example():
    people, games = _path_history()
    ctx = build_context(people, games, round_number=5, bye_vp=BYE_VP)
    assert {pid: ctx.v2[pid] / 2 for pid in PATHS} == {1: 7, 2: 11, 3: 14, 4: 13}


def test_three_one_players_pair_by_nearest_win_path():
    people, games = _path_history()
    result = pair_round(people, games, round_number=5, seed=1, bye_vp=BYE_VP)
    assert {frozenset((p.player_a, p.player_b)) for p in result.pairs} == {
        frozenset({1, 2}),
        frozenset({3, 4}),
    }
    assert result.cost == (0, 0, 5.0)


def test_draw_counts_half_and_missed_round_counts_as_loss():
    people = players(4, {4: {"first_round": 2}})
    games = [draw(1, 1, 2), win(2, 4, 3), win(2, 1, 2)]
    ctx = build_context(people, games, round_number=3, total_rounds=3, bye_vp=BYE_VP)
    # 1: D W -> 0.5*4 + 1*2 = 4; 2: D L -> 2; 4: (missed) W -> 2; 3: (no game) L -> 0
    assert {p: ctx.v2[p] / 2 for p in range(1, 5)} == {1: 4, 2: 2, 3: 0, 4: 2}
    assert ctx.mp(1) == 1.5
    assert ctx.mp(4) == 1.0


def test_pair_cost_is_rematch_then_gap_squared_then_path():
    people = players(4)
    games = [win(1, 1, 2), win(1, 3, 4), win(2, 1, 3), draw(2, 2, 4)]
    ctx = build_context(people, games, round_number=3, bye_vp=BYE_VP)
    # 1: WW (2 mp, v=3), 3: WL (1, v=2), 2: LD (0.5, v=0.5), 4: LD (0.5, v=0.5)
    assert pair_cost(ctx, 1, 2) == (1, 9, 2.5)
    assert pair_cost(ctx, 2, 4) == (1, 0, 0.0)  # their draw was a meeting
    assert pair_cost(ctx, 1, 3) == (1, 4, 1.0)
    assert pair_cost(ctx, 1, None) == (0, 0, 0.0)
    assert pairing_cost(ctx, [(1, 4), (2, 3)]) == (0, 9 + 1, 2.5 + 1.5)


def test_result_without_scores_counts_as_not_played_but_met():
    people = players(2)
    games = [game(1, 1, 2)]
    ctx = build_context(people, games, round_number=2, bye_vp=BYE_VP)
    assert ctx.mp(1) == ctx.mp(2) == 0
    assert pair_cost(ctx, 1, 2)[0] == 1


def test_flags_write_records_wins_draws_losses():
    # 1 drew 2 and 3 beat 4 in round 1; pairing 3 with 1 floats 3 (1-0-0) down to 1 (0-1-0).
    from tournament.engine import check_pairing

    games = [draw(1, 1, 2), win(1, 3, 4)]
    flags = check_pairing(players(4), games, [(3, 1), (2, 4)], round_number=2, bye_vp=BYE_VP)
    texts = [f.text for f in flags if f.code == "floated"]
    assert "floated from 1-0-0 to meet 0-1-0" in texts
