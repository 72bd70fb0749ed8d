"""The ratings engine, pure: openskill's Plackett-Luce model over games in the order played."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.engine.ratings import (
    RatedGame,
    Rating,
    edition_of,
    initial,
    ranking,
    rate,
    season_rate,
    win_chances,
)


def game(n, a, b, outcome, event=1):
    return RatedGame((f"2026-01-{event:02d}", event, 1, n, n), event, a, b, outcome)


def test_editions_group_the_packs():
    assert edition_of("eleventh") == "eleventh"
    assert edition_of("leviathan") == "leviathan"
    assert {edition_of(p) for p in ("eighth", "seventh", "only_war")} == {"older"}


def test_a_win_moves_both_players_apart_and_a_draw_keeps_equals_equal():
    won, lost = rate(initial(), initial(), "a")
    assert won.mu > 25 > lost.mu
    assert (won.games, lost.games) == (1, 1)
    left, right = rate(initial(), initial(), "draw")
    assert left == right
    assert left.mu == 25
    assert left.sigma < initial().sigma  # a draw still teaches something


def test_a_draw_between_unequals_brings_them_closer():
    strong, weak = rate(initial(), initial(), "a")
    after_strong, after_weak = rate(strong, weak, "draw")
    assert after_strong.mu < strong.mu
    assert after_weak.mu > weak.mu


def test_an_unknown_outcome_or_self_game_is_refused():
    with pytest.raises(ValueError, match="outcome"):
        rate(initial(), initial(), "bye")
    with pytest.raises(ValueError, match="themselves"):
        season_rate([game(1, 3, 3, "a")])


def test_the_order_played_counts_not_the_order_given():
    games = [game(1, 1, 2, "a"), game(2, 2, 3, "a"), game(3, 1, 3, "draw"), game(4, 3, 2, "b")]
    expected = season_rate(games)
    for seed in range(5):
        shuffled = games[:]
        random.Random(seed).shuffle(shuffled)
        assert season_rate(shuffled) == expected
    # Played the other way round, the same results give other numbers.
    reordered = [
        RatedGame(
            (g.order[0], g.order[1], 1, 5 - g.order[3], 5 - g.order[4]), 1, g.a, g.b, g.outcome
        )
        for g in games
    ]
    assert season_rate(reordered).current != expected.current


def test_snapshots_after_each_event_for_its_players_only():
    games = [
        game(1, 1, 2, "a", event=1),
        game(2, 3, 4, "draw", event=1),
        game(1, 1, 3, "b", event=2),
    ]
    season = season_rate(games)
    assert [(s.event, s.person) for s in season.snapshots] == [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 1),
        (2, 3),
    ]
    last = {s.person: s.rating for s in season.snapshots}
    assert last == season.current
    first_of_1 = season.snapshots[0].rating
    assert first_of_1.games == 1
    assert season.current[1].games == 2


def test_ranking_best_first_ties_by_games_then_name_then_id():
    r = Rating(25.0, 8.0, 3)
    current = {
        7: Rating(30.0, 2.0, 10),
        5: r,
        4: r,
        9: Rating(25.0, 8.0, 4),
        1: Rating(2.0, 1.0, 2),
    }
    names = {7: "Zoë", 5: "ann", 4: "Ann", 9: "Zed", 1: "Bo"}
    rows = ranking(current, names)
    assert [(row.person, row.rank) for row in rows] == [(7, 1), (9, 2), (4, 3), (5, 4), (1, 5)]
    assert rows[0].rating.ordinal == 30.0 - 6.0


def test_win_chances_favour_the_stronger_and_add_up_to_one():
    strong, weak = rate(initial(), initial(), "a")
    p_strong, p_weak = win_chances(strong, weak)
    assert p_strong > 0.5 > p_weak
    assert p_strong + p_weak == pytest.approx(1)
    assert win_chances(initial(), initial()) == (0.5, 0.5)


def test_the_same_season_twice_gives_identical_numbers():
    rng = random.Random(7)
    games = []
    for n in range(200):
        a, b = rng.sample(range(30), 2)
        games.append(game(n, a, b, rng.choice(["a", "b", "draw"]), event=1 + n // 50))
    assert season_rate(games) == season_rate(list(reversed(games)))


@st.composite
def seasons(draw):
    """A season where person 0 wins every game they play and person 1 loses every one; the
    others (2..n) play among themselves and against them at random."""
    people = draw(st.integers(min_value=2, max_value=8))
    count = draw(st.integers(min_value=2, max_value=40))
    games = []
    for n in range(count):
        a, b = draw(st.lists(st.integers(0, people + 1), min_size=2, max_size=2, unique=True))
        outcome = draw(st.sampled_from(["a", "b", "draw"]))
        if 0 in (a, b):
            outcome = "a" if a == 0 else "b"
        elif 1 in (a, b):
            outcome = "b" if a == 1 else "a"
        games.append(game(n, a, b, outcome, event=1 + n // 10))
    # Both play at least once.
    games.append(game(count, 0, 1, "a", event=1 + count // 10))
    return games


@settings(max_examples=150, deadline=None)
@given(seasons())
def test_who_wins_every_game_rates_above_who_loses_every_game(games):
    season = season_rate(games)
    winner, loser = season.current[0], season.current[1]
    assert winner.ordinal > loser.ordinal
    assert winner.mu > 25 > loser.mu
    rows = ranking(season.current, {})
    place = {row.person: row.rank for row in rows}
    assert place[0] < place[1]
