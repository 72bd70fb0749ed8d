"""Pure team engines: game scores from a table, match outcomes, team standings and team Swiss,
with hypothesis properties and brute force as the oracle on small cases."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teams.engine.pairing import pair_team_round
from teams.engine.scoring import (
    GAME_POINTS,
    WTC_TABLE,
    game_score,
    match_outcome2,
    match_score,
    narrowest_win,
    table_data,
    table_from_data,
)
from teams.engine.standings import MatchRecord, TeamEntry, compute_team_standings
from tournament.engine.errors import EngineError

vp = st.integers(min_value=0, max_value=100)


@st.composite
def tables(draw):
    """A valid organiser's table: ascending cut-offs, non-decreasing points from 10."""
    cuts = sorted(draw(st.sets(st.integers(0, 99), min_size=0, max_size=8)))
    steps = draw(st.lists(st.integers(0, 3), min_size=len(cuts), max_size=len(cuts)))
    points, bands = 10, []
    # The first band (a difference of 0 and up) scores 10; later ones may climb.
    for cut, step in zip(cuts, [0, *steps[1:]][: len(cuts)], strict=True):
        points = min(20, points + step)
        bands.append({"up_to": cut, "points": points})
    last = min(20, points + draw(st.integers(0, 3))) if cuts else 10
    bands.append({"up_to": None, "points": last})
    return bands


def test_wtc_table_bands():
    assert [game_score(a, b) for a, b in ((50, 50), (55, 50), (56, 50), (100, 50), (0, 51))] == [
        (10, 10),
        (10, 10),
        (11, 9),
        (19, 1),
        (0, 20),
    ]
    assert game_score(71, 20) == (20, 0)


def test_a_difference_past_the_last_closed_band_scores_as_that_band():
    # 8th and 7th edition games have no 100 VP cap: a table ending "up_to 100" must not
    # leave a 150-20 game without a band.
    table = table_from_data([{"up_to": 0, "points": 10}, {"up_to": 100, "points": 20}])
    assert game_score(150, 20, table) == (20, 0)
    assert game_score(20, 150, table) == (0, 20)


@given(vp, vp)
def test_a_game_always_shares_twenty_points_symmetrically(a, b):
    got = game_score(a, b)
    assert sum(got) == GAME_POINTS
    assert game_score(b, a) == got[::-1]
    assert (got[0] > got[1]) <= (a > b)


@given(vp, vp, vp)
def test_a_larger_win_never_scores_less(a, b, c):
    low, high = sorted((b, c))
    assert game_score(a + 100, low)[0] >= game_score(a + 100, high)[0]


@given(tables(), vp, vp)
def test_any_valid_table_round_trips_and_scores_twenty(data, a, b):
    table = table_from_data(data)
    assert table_data(table) == data
    assert sum(game_score(a, b, table)) == GAME_POINTS


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ([], "invalid"),
        ([{"up_to": None, "points": 12}], "not_even"),
        (
            [{"up_to": 5, "points": 10}, {"up_to": 3, "points": 12}, {"up_to": None, "points": 20}],
            "not_ascending",
        ),
        (
            [
                {"up_to": 5, "points": 10},
                {"up_to": 10, "points": 15},
                {"up_to": None, "points": 14},
            ],
            "not_monotone",
        ),
        ([{"up_to": 5, "points": 10}, {"up_to": 50, "points": 20}], "not_covering"),
        ([{"up_to": 5, "points": 10}, {"up_to": None, "points": 21}], "points_range"),
        ([{"up_to": None, "points": 9}], "points_range"),
        ([{"up_to": "5", "points": 10}], "invalid"),
    ],
)
def test_bad_tables_are_refused_with_a_code(data, code):
    with pytest.raises(EngineError) as exc:
        table_from_data(data)
    assert (exc.value.field, exc.value.code) == ("score_table", code)


@given(st.integers(0, 160), st.integers(0, 160), st.integers(0, 40))
def test_match_outcome_is_antisymmetric(a, b, margin):
    got = match_outcome2(a, b, margin)
    assert sum(got) == 2
    assert match_outcome2(b, a, margin) == got[::-1]
    assert (got == (1, 1)) == (abs(a - b) <= margin)


@given(st.integers(3, 8), st.integers(0, 40))
def test_narrowest_win_is_the_smallest_winning_score(size, margin):
    total = GAME_POINTS * size
    score = narrowest_win(size, margin)
    assert match_outcome2(score, total - score, margin) == (2, 0)
    assert match_outcome2(score - 1, total - score + 1, margin) != (2, 0)


def _random_event(draw, n_teams, rounds, size):
    teams = [TeamEntry(i, f"T{i}") for i in range(1, n_teams + 1)]
    matches = []
    for r in range(1, rounds + 1):
        order = draw(st.permutations([t.id for t in teams]))
        for a, b in zip(order[::2], order[1::2], strict=False):
            games = tuple(draw(st.tuples(vp, vp)) for _ in range(size))
            matches.append(MatchRecord(r, a, b, games, draw(st.booleans())))
        if len(order) % 2:
            matches.append(MatchRecord(r, order[-1], None, (), True))
    return teams, matches


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_standings_match_a_brute_force_ranking(data):
    draw = data.draw
    n, rounds, size = draw(st.integers(2, 7)), draw(st.integers(1, 3)), draw(st.integers(3, 5))
    teams, matches = _random_event(draw, n, rounds, size)
    margin, bye = 10, narrowest_win(size, 10)
    rows = compute_team_standings(teams, matches, draw_margin=margin, bye_score=bye)
    # Oracle: tally by hand, then rank by (mp, game points, vp) with shared ranks.
    tally = {t.id: [Fraction(0), 0, 0] for t in teams}
    for m in matches:
        if m.team_b is None:
            tally[m.team_a][0] += 1
            tally[m.team_a][1] += bye
            continue
        if not m.complete:
            continue
        sa, sb = match_score(m.games, WTC_TABLE)
        wa = (
            Fraction(1) if sa - sb > margin else Fraction(0) if sb - sa > margin else Fraction(1, 2)
        )
        tally[m.team_a][0] += wa
        tally[m.team_b][0] += 1 - wa
        tally[m.team_a][1] += sa
        tally[m.team_b][1] += sb
        tally[m.team_a][2] += sum(g[0] for g in m.games)
        tally[m.team_b][2] += sum(g[1] for g in m.games)
    for row in rows:
        key = tuple(tally[row.team_id])
        better = sum(1 for other in tally.values() if tuple(other) > key)
        assert row.rank == better + 1
        assert (row.mp, row.game_points, row.vp) == key
        assert row.tied == (sum(1 for o in tally.values() if tuple(o) == key) > 1)
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_team_swiss_pairs_every_active_team_once_without_avoidable_rematches(data):
    draw = data.draw
    n = draw(st.integers(2, 8))
    teams = [TeamEntry(i, f"T{i}", dropped=draw(st.booleans()) and i > 2) for i in range(1, n + 1)]
    active = [t.id for t in teams if not t.dropped]
    matches = []
    for r in (1, 2):
        pairs, _ = pair_team_round(teams, matches, round_number=r, seed=r, draw_margin=10)
        seen = [p.team_a for p in pairs] + [p.team_b for p in pairs if p.team_b is not None]
        assert sorted(seen) == sorted(active)
        assert sum(1 for p in pairs if p.team_b is None) == len(active) % 2
        assert [p.number for p in pairs] == list(range(1, len(pairs) + 1))
        for p in pairs:
            games = tuple(draw(st.tuples(vp, vp)) for _ in range(3)) if p.team_b else ()
            matches.append(MatchRecord(r, p.team_a, p.team_b, games, True))
    met = {}
    for m in matches:
        if m.team_b is not None:
            met.setdefault(frozenset((m.team_a, m.team_b)), []).append(m.round)
    rematches = sum(1 for rounds in met.values() if len(rounds) > 1)
    # Brute force: round 2 could have avoided every rematch whenever some pairing does.
    round1 = {frozenset((m.team_a, m.team_b)) for m in matches if m.round == 1 and m.team_b}
    if len(active) >= 4 and len(active) % 2 == 0 and len(active) <= 6:
        possible = any(
            all(frozenset(p[i : i + 2]) not in round1 for i in range(0, len(p), 2))
            for p in permutations(active)
        )
        assert rematches == 0 or not possible


@given(
    vp=st.tuples(st.integers(0, 100), st.integers(0, 100)),
    losses=st.tuples(st.booleans(), st.booleans()),
)
def test_a_game_loss_scores_the_widest_defeat_whatever_the_vp(vp, losses):
    from teams.engine.scoring import GAME_POINTS, WTC_TABLE, GameScore, game_score

    best = max(band.points for band in WTC_TABLE)
    got = GameScore(*vp, *losses).points(WTC_TABLE)
    if losses == (False, False):
        assert got == game_score(*vp, WTC_TABLE)
    elif losses == (True, True):
        assert got == (GAME_POINTS - best, GAME_POINTS - best)
    else:
        loser = losses.index(True)
        assert got[loser] == GAME_POINTS - best
        assert got[1 - loser] == best
        # No VP a side scored beats a game loss: it never scores less than with any result.
        assert all(
            got[1 - loser] >= game_score(a, b, WTC_TABLE)[1 - loser]
            for a in (0, 100)
            for b in (0, 100)
        )
