"""The disposition statistics engine, pure: pairings, first turn, factions split by disposition."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from stats.engine.dispositions import (
    DispositionGame,
    faction_split,
    first_turn_stats,
    pairing_stats,
)
from stats.engine.factions import FactionEntry, faction_stats
from tournament.engine.records import GameRecord

ORDER = ("take-and-hold", "disruption", "purge-the-foe", "priority-assets", "reconnaissance")
TH, DI, PF = ORDER[:3]


def g(a, b, vp_a, vp_b, first=None):
    return DispositionGame(a, b, vp_a, vp_b, first)


def test_a_pairing_is_unordered_and_named_in_the_given_order():
    games = [g(PF, TH, 70, 60), g(TH, PF, 50, 50), g(TH, PF, 40, 80), g(PF, TH, 30, 90)]
    (row,) = pairing_stats(games, ORDER)
    assert (row.first, row.second) == (TH, PF)
    assert (row.games, row.first_wins, row.second_wins, row.draws) == (4, 1, 2, 1)
    assert row.first_rate == Fraction(1, 4)
    assert row.second_rate == Fraction(1, 2)


def test_mirrors_count_games_and_draws_but_no_win_rate():
    rows = pairing_stats([g(DI, DI, 60, 40), g(DI, DI, 50, 50), g(TH, DI, 1, 0)], ORDER)
    assert [(r.first, r.second) for r in rows] == [(TH, DI), (DI, DI)]
    mirror = rows[1]
    assert (mirror.mirror, mirror.games, mirror.draws, mirror.first_rate) == (True, 2, 1, None)


def test_unrecorded_dispositions_are_left_out():
    assert pairing_stats([g(None, TH, 10, 0), g(TH, "unknown", 0, 1)], ORDER) == []


def test_going_first_won():
    games = [g(TH, DI, 70, 60, "a"), g(TH, DI, 70, 60, "b"), g(TH, DI, 5, 5, "a"), g(TH, DI, 1, 0)]
    stats = first_turn_stats(games)
    assert (stats.games, stats.won, stats.lost, stats.draws) == (3, 1, 1, 1)
    assert stats.rate == Fraction(1, 3)
    assert first_turn_stats([]).rate is None


def test_factions_split_by_disposition():
    entries = [FactionEntry(1, "Orks"), FactionEntry(2, "Orks"), FactionEntry(3, "Necrons")]
    entries.append(FactionEntry(4, "Necrons"))
    dispositions = {1: DI, 2: TH, 3: DI, 4: None}
    games = [
        GameRecord(1, 1, 3, 70, 60),  # Orks (Disruption) beat Necrons (Disruption)
        GameRecord(1, 2, 4, 20, 80),  # Orks (Take and Hold) lose to Necrons (not recorded)
        GameRecord(2, 1, 2, 50, 40),  # Orks mirror, two dispositions
        GameRecord(2, 3, None, 20, None),  # bye
    ]
    split = faction_split(entries, games, dispositions, ORDER)
    orks = {r.faction: r for r in split["Orks"]}
    assert [r.faction for r in split["Orks"]] == [TH, DI]
    assert (orks[DI].wins, orks[DI].losses, orks[DI].mirrors, orks[DI].vp_for) == (1, 0, 1, 120)
    assert (orks[TH].wins, orks[TH].losses, orks[TH].mirrors) == (0, 1, 1)
    necrons = split["Necrons"]
    assert [r.faction for r in necrons] == [DI, None]
    assert (necrons[0].losses, necrons[0].byes, necrons[1].wins) == (1, 1, 1)


FACTIONS = ("Orks", "Necrons", "Aeldari")
CHOICE = st.sampled_from((*ORDER, None))


@st.composite
def event(draw):
    n = draw(st.integers(2, 10))
    entries = [FactionEntry(i, draw(st.sampled_from(FACTIONS))) for i in range(n)]
    dispositions = {i: draw(CHOICE) for i in range(n)}
    games = []
    for r in range(draw(st.integers(0, 6))):
        a, b = draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True))
        bye = draw(st.booleans())
        vp = draw(st.tuples(st.integers(0, 100), st.integers(0, 100)))
        games.append(GameRecord(r, a, None if bye else b, vp[0], None if bye else vp[1]))
    return entries, dispositions, games


@given(event())
def test_the_split_adds_up_to_each_faction(data):
    entries, dispositions, games = data
    split = faction_split(entries, games, dispositions, ORDER)
    for whole in faction_stats(entries, games):
        parts = split[whole.faction]
        for name in ("players", "wins", "draws", "losses", "byes", "vp_for", "vp_against"):
            assert sum(getattr(p, name) for p in parts) == getattr(whole, name), name


@given(
    st.lists(
        st.tuples(
            CHOICE,
            CHOICE,
            st.integers(0, 100),
            st.integers(0, 100),
            st.sampled_from(("a", "b", None)),
        )
    )
)
def test_pairings_do_not_depend_on_which_side_is_a(rows):
    games = [g(*row) for row in rows]
    flipped = [g(b, a, vb, va, {"a": "b", "b": "a"}.get(first)) for a, b, va, vb, first in rows]
    assert pairing_stats(games, ORDER) == pairing_stats(flipped, ORDER)
    assert first_turn_stats(games) == first_turn_stats(flipped)
    for row in pairing_stats(games, ORDER):
        decided = 0 if row.mirror else row.first_wins + row.second_wins
        assert decided + row.draws == row.games or row.mirror
