"""Faction statistics against hand-worked cases and a brute-force oracle."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from stats.engine.factions import FactionEntry, faction_stats
from tournament.engine.records import GameRecord


def _by_faction(rows):
    return {r.faction: r for r in rows}


def test_worked_example():
    entries = [
        FactionEntry(1, "Orks", rank=2, field_size=4),
        FactionEntry(2, "Orks", rank=1, field_size=4),
        FactionEntry(3, "Necrons", rank=3, field_size=4),
        FactionEntry(4, "Aeldari", rank=4, field_size=4),
    ]
    games = [
        GameRecord(1, 1, 2, 70, 40),  # mirror: no win, no loss, VP still count
        GameRecord(1, 3, 4, 50, 50),  # draw
        GameRecord(2, 1, 3, 80, 20),  # Orks beat Necrons
        GameRecord(2, 4, None, 60, None),  # bye: in no figure but byes
        GameRecord(3, 2, 4, None, None),  # no result yet
    ]
    rows = _by_faction(faction_stats(entries, games))
    orks = rows["Orks"]
    assert (orks.players, orks.wins, orks.draws, orks.losses, orks.mirrors) == (2, 1, 0, 0, 1)
    assert orks.win_rate == 1
    assert orks.vp_for_mean == Fraction(70 + 40 + 80, 3)
    assert orks.vp_against_mean == Fraction(40 + 70 + 20, 3)
    assert orks.best == [2]
    necrons = rows["Necrons"]
    assert (necrons.wins, necrons.draws, necrons.losses) == (0, 1, 1)
    assert necrons.win_rate == 0
    aeldari = rows["Aeldari"]
    assert (aeldari.games, aeldari.byes, aeldari.vp_games) == (1, 1, 1)
    assert list(_by_faction(faction_stats(entries, games))) == ["Orks", "Aeldari", "Necrons"]


def test_no_games_no_rates():
    (row,) = faction_stats([FactionEntry(1, "Orks")], [])
    assert row.win_rate is None
    assert row.vp_for_mean is None
    assert row.best == []


def test_best_placing_prefers_larger_field_and_keeps_ties():
    entries = [
        FactionEntry(1, "Orks", rank=1, field_size=10),
        FactionEntry(2, "Orks", rank=1, field_size=40),
        FactionEntry(3, "Orks", rank=1, field_size=40),
    ]
    assert faction_stats(entries, [])[0].best == [2, 3]


FACTIONS = ["A", "B", "C"]


@st.composite
def events(draw):
    n = draw(st.integers(1, 10))
    entries = [
        FactionEntry(i, draw(st.sampled_from(FACTIONS)), rank=i + 1, field_size=n) for i in range(n)
    ]
    games = []
    for rnd in range(1, draw(st.integers(0, 4)) + 1):
        order = draw(st.permutations(range(n)))
        for k in range(0, n - 1, 2):
            vp = draw(st.one_of(st.none(), st.tuples(st.integers(0, 100), st.integers(0, 100))))
            a, b = order[k], order[k + 1]
            games.append(GameRecord(rnd, a, b, *(vp or (None, None))))
        if n % 2:
            games.append(GameRecord(rnd, order[-1], None, 60, None))
    return entries, games


@settings(max_examples=80, deadline=None)
@given(events())
def test_against_a_per_player_oracle(data):
    entries, games = data
    faction = {e.id: e.faction for e in entries}
    rows = _by_faction(faction_stats(entries, games))
    assert sum(r.players for r in rows.values()) == len(entries)
    played = [g for g in games if not g.is_bye and g.vp_a is not None]
    for name, row in rows.items():
        # Each side of each game, seen from the player: the oracle counts one game at a time.
        wins = draws = losses = mirrors = vp_for = vp_against = sides = 0
        for g in played:
            for me, them, mine, theirs in (
                (g.player_a, g.player_b, g.vp_a, g.vp_b),
                (g.player_b, g.player_a, g.vp_b, g.vp_a),
            ):
                if faction[me] != name:
                    continue
                sides += 1
                vp_for += mine
                vp_against += theirs
                if faction[them] == name:
                    mirrors += 1
                elif mine > theirs:
                    wins += 1
                elif mine == theirs:
                    draws += 1
                else:
                    losses += 1
        assert (row.wins, row.draws, row.losses) == (wins, draws, losses)
        assert row.mirrors * 2 == mirrors  # a mirror game holds two sides of one faction
        assert row.games == wins + draws + losses
        assert row.vp_games == sides
        assert row.vp_for_mean == (Fraction(vp_for, sides) if sides else None)
        assert row.byes == sum(1 for g in games if g.is_bye and faction[g.player_a] == name)
        ranks = [e.rank for e in entries if e.faction == name]
        assert [e.rank for e in entries if e.id in row.best] == [min(ranks)]
    # Every non-mirror game gives exactly one win and one loss, or two draws.
    non_mirror = [g for g in played if faction[g.player_a] != faction[g.player_b]]
    assert sum(r.games for r in rows.values()) == 2 * len(non_mirror)
    assert sum(r.wins for r in rows.values()) == sum(r.losses for r in rows.values())
