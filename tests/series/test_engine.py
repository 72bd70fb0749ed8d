"""The series engine: points by placing (shared places share points) and by results, best N
events counted, ties explained; exact, order-independent, checked against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from series.engine.scoring import (
    PLACING,
    RESULTS,
    Placing,
    Rule,
    format_points,
    placing_points,
    series_table,
)

TABLE = (Fraction(25), Fraction(18), Fraction(15), Fraction(12))


def test_a_shared_place_shares_the_points_of_the_places_it_covers():
    rule = Rule(kind=PLACING, table=TABLE, beyond=Fraction(1))
    assert placing_points(rule, 3, 2) == Fraction(27, 2)  # (15 + 12) / 2
    assert placing_points(rule, 4, 2) == Fraction(13, 2)  # (12 + beyond 1) / 2
    assert placing_points(rule, 1, 3) == Fraction(58, 3)
    assert format_points(Fraction(58, 3)) == "19 1/3"
    assert format_points(Fraction(27, 2)) == "13.5"


def test_best_two_of_three_and_the_events_beyond_break_a_tie():
    rule = Rule(kind=PLACING, table=TABLE, best=2)
    placings = [
        Placing(1, "ana", "Ana", 1),
        Placing(2, "ana", "Ana", 3),
        Placing(3, "ana", "Ana", 4),
        Placing(1, "ben", "Ben", 2),
        Placing(2, "ben", "Ben", 2),
        Placing(3, "ben", "Ben", 1),
        Placing(1, "cy", "Cy", 3),
        Placing(2, "cy", "Cy", 1),
    ]
    rows = series_table(rule, placings, events=[1, 2, 3])
    assert [(r.name, r.rank, r.total) for r in rows] == [
        ("Ben", 1, 43),
        ("Ana", 2, 40),
        ("Cy", 3, 40),
    ]
    ana = rows[1]
    assert [s.counted for s in ana.scores] == [True, True, False]
    assert ana.note == "Level on 40 with Cy; ahead on every result (25, 15, 12 against 25, 15)."
    assert not ana.tied


def test_level_on_everything_shares_the_place():
    rule = Rule(kind=PLACING, table=TABLE)
    rows = series_table(rule, [Placing(1, "ana", "Ana", 1), Placing(2, "cy", "Cy", 1)])
    assert [(r.name, r.rank, r.tied) for r in rows] == [("Ana", 1, True), ("Cy", 1, True)]
    assert rows[0].note == "Shares 1st with Cy: same points and results."


def test_level_totals_are_separated_by_the_better_best_result_and_say_so():
    rule = Rule(kind=RESULTS, win=Fraction(3), draw=Fraction(1))
    rows = series_table(
        rule,
        [
            Placing(1, "ana", "Ana", 1, wins=2, draws=0),  # 6
            Placing(2, "ana", "Ana", 5, wins=0, draws=0),  # 0 -> 6
            Placing(1, "ben", "Ben", 2, wins=1, draws=1),  # 4
            Placing(2, "ben", "Ben", 2, wins=0, draws=2),  # 2 -> 6
        ],
    )
    assert [(r.name, r.rank, r.total) for r in rows] == [("Ana", 1, 6), ("Ben", 2, 6)]
    assert rows[0].note == "Level on 6 with Ben; ahead on best results (6, 0 against 4, 2)."


def test_a_person_placed_twice_in_one_event_keeps_the_better_place():
    rule = Rule(kind=PLACING, table=TABLE)
    rows = series_table(rule, [Placing(1, "ana", "Ana", 3), Placing(1, "ana", "Ana", 1)])
    assert rows[0].total == 25
    assert [s.place for s in rows[0].scores] == [1]


# Properties --------------------------------------------------------------------------------------

POINTS = st.integers(0, 30).map(Fraction)
RULES = st.one_of(
    st.builds(
        lambda table, beyond, best: Rule(PLACING, tuple(table), beyond, best=best),
        st.lists(POINTS, max_size=5),
        POINTS,
        st.none() | st.integers(1, 4),
    ),
    st.builds(
        lambda w, d, loss, best: Rule(RESULTS, win=w, draw=d, loss=loss, best=best),
        POINTS,
        POINTS,
        POINTS,
        st.none() | st.integers(1, 4),
    ),
)
PLACINGS = st.lists(
    st.builds(
        Placing,
        event=st.integers(1, 4),
        person=st.sampled_from(["a", "b", "c", "d"]),
        name=st.sampled_from(["Ana", "Ben", "Cy", "Dee"]),
        place=st.integers(1, 6),
        shared=st.integers(1, 3),
        wins=st.integers(0, 3),
        draws=st.integers(0, 2),
        losses=st.integers(0, 3),
    ),
    max_size=12,
)


def _summary(rows):
    return [(r.person, r.rank, r.tied, r.total, r.note, r.scores) for r in rows]


@given(RULES, PLACINGS, st.randoms())
def test_the_order_of_events_and_placings_does_not_matter(rule, placings, rnd):
    shuffled = list(placings)
    rnd.shuffle(shuffled)
    assert _summary(series_table(rule, placings)) == _summary(series_table(rule, shuffled))


@given(RULES, PLACINGS)
def test_counting_more_events_never_lowers_a_total(rule, placings):
    for best in range(1, 5):
        fewer = Rule(**{**rule.__dict__, "best": best})
        more = Rule(**{**rule.__dict__, "best": best + 1})
        every = Rule(**{**rule.__dict__, "best": None})
        totals = {r.person: r.total for r in series_table(fewer, placings)}
        for bigger in (more, every):
            for r in series_table(bigger, placings):
                assert r.total >= totals[r.person]


@given(RULES, PLACINGS)
def test_best_n_is_the_best_choice_of_n_events_by_brute_force(rule, placings):
    from series.engine.scoring import event_points

    rows = series_table(rule, placings)
    for row in rows:
        mine: dict[int, Fraction] = {}
        for p in placings:
            if p.person == row.person:
                mine[p.event] = max(mine.get(p.event, Fraction(-1)), event_points(rule, p))
        n = len(mine) if rule.best is None else min(rule.best, len(mine))
        brute = max(sum(c, Fraction(0)) for c in itertools.combinations(mine.values(), n))
        assert row.total == brute
        assert sum(1 for s in row.scores if s.counted) == n


@given(RULES, PLACINGS)
def test_ranks_follow_totals_and_shared_ranks_are_level_on_everything(rule, placings):
    rows = series_table(rule, placings)
    for above, below in itertools.pairwise(rows):
        assert above.total >= below.total
        if above.rank == below.rank:
            assert above.tied
            assert below.tied
            assert sorted(s.points for s in above.scores) == sorted(s.points for s in below.scores)
        else:
            assert below.rank == rows.index(below) + 1
