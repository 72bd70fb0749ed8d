"""Opponents' win rate with a floor (`owr_floor`), opponents' VP and strength of schedule by VP.

The floor is the rule the closed event apps apply: each opponent's win rate counts at no less
than a fraction, 0.33 by default (exactly 33/100, not a third: Best Coast Pairings floors at
0.33, as the Magic: The Gathering Tournament Rules, Appendix C, do). Byes are no opponent.
"""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournament.engine.factory import BYE_VP, game, players, random_history
from tournament.engine import compute_standings, format_metric, metric_json
from tournament.engine.history import build_states
from tournament.engine.standings.metrics import (
    DEFAULT_OWR_FLOOR,
    MetricOptions,
    opp_vp,
    owr,
    owr_floor,
    sos_vp,
)

# An 18-player, 3-round event written for this test (no public table with the floor's figures
# could be cited, so the event is our own): (round, player a, player b, VP a, VP b).
EIGHTEEN = [
    (1, 14, 4, 5, 5), (1, 13, 16, 55, 45), (1, 10, 8, 40, 95), (1, 1, 12, 5, 25),
    (1, 5, 6, 65, 80), (1, 3, 2, 55, 70), (1, 7, 9, 80, 5), (1, 11, 18, 0, 50),
    (1, 15, 17, 60, 80),
    (2, 12, 6, 70, 60), (2, 2, 8, 70, 35), (2, 7, 13, 75, 75), (2, 17, 18, 80, 55),
    (2, 14, 9, 70, 70), (2, 4, 11, 55, 85), (2, 10, 15, 70, 35), (2, 1, 5, 50, 25),
    (2, 3, 16, 95, 75),
    (3, 17, 12, 5, 5), (3, 2, 7, 40, 15), (3, 13, 18, 80, 40), (3, 8, 6, 35, 5),
    (3, 14, 11, 65, 5), (3, 10, 3, 5, 25), (3, 1, 4, 35, 10), (3, 9, 16, 15, 0),
    (3, 15, 5, 5, 0),
]  # fmt: skip


def _eighteen():
    return players(18), [game(*g) for g in EIGHTEEN]


def _order(tiebreaks, options=None):
    people, games = _eighteen()
    rows = compute_standings(people, games, tiebreaks=tiebreaks, bye_vp=BYE_VP, options=options)
    return [r.player_id for r in rows], {r.player_id: r for r in rows}


def test_floor_lifts_opponents_who_lost_every_game():
    # Player 16 lost all three games (rate 0); player 13 beat 16, drew 7 (1.5 of 3: 1/2) and beat
    # 18 (1 of 3: 1/3). OWR = (0 + 1/2 + 1/3) / 3 = 5/18; with the default floor 16 counts as
    # 0.33 (18's 1/3 is above it): (33/100 + 1/2 + 1/3) / 3 = 349/900, not 7/18 as a third.
    _, rows = _order(["owr_floor", "owr"])
    assert rows[13]["owr"] == Fraction(5, 18)
    assert rows[13]["owr_floor"] == Fraction(349, 900)
    assert format_metric("owr_floor", rows[13]["owr_floor"]) == "38.8%"
    assert metric_json("owr_floor", rows[13]["owr_floor"]) == 0.3878


def test_the_floor_reorders_the_event():
    plain, _ = _order(["owr", "vp"])
    floored, rows = _order(["owr_floor", "vp"])
    assert plain != floored
    # Within each record the floor decides, then VP.
    assert floored == sorted(
        floored, key=lambda p: (-rows[p].mp, -rows[p]["owr_floor"], -rows[p]["vp"], p)
    )
    changed = [p for p in plain if plain.index(p) != floored.index(p)]
    assert changed, "the floor must move someone in this event"


def test_floor_zero_is_plain_owr_and_a_floor_of_one_makes_everyone_equal():
    people, games = _eighteen()
    states = build_states(people, games, up_to_round=3, bye_vp=BYE_VP)
    assert owr_floor(states, Fraction(0)) == owr(states)
    assert set(owr_floor(states, Fraction(1)).values()) == {1}


def test_the_event_floor_is_read_from_the_options():
    _, default = _order(["owr_floor"])
    _, third = _order(["owr_floor"], MetricOptions(owr_floor=Fraction(1, 3)))
    _, half = _order(["owr_floor"], MetricOptions(owr_floor=Fraction(1, 2)))
    assert Fraction("0.33") == DEFAULT_OWR_FLOOR
    # 13's opponents: 16 (0), 7 (1/2), 18 (1/3): at a floor of 1/2 each counts 1/2.
    assert default[13]["owr_floor"] == Fraction(349, 900)
    assert third[13]["owr_floor"] == Fraction(7, 18)
    assert half[13]["owr_floor"] == Fraction(1, 2)


def test_opponents_vp_and_sos_by_vp():
    _, rows = _order(["opp_vp", "sos_vp"])
    # 13 met 16 (45+75+0 = 120 VP), 7 (80+75+15 = 170) and 18 (50+55+40 = 145).
    assert rows[13]["opp_vp"] == 120 + 170 + 145
    assert rows[13]["sos_vp"] == Fraction(120 + 170 + 145, 9)
    assert format_metric("sos_vp", rows[13]["sos_vp"]) == "48.3"
    assert metric_json("sos_vp", rows[13]["sos_vp"]) == 48.33


def _reference(states, floor):
    """Brute force: every opponent's games read from scratch, then the floor."""
    out = {}
    for pid, s in states.items():
        rates = []
        for o in s.opponents:
            scores = list(states[o].scores.values())
            rates.append(max(Fraction(sum(scores), 2 * len(scores)), floor))
        out[pid] = sum(rates, Fraction(0)) / len(rates) if rates else 0
    return out


@given(
    seed=st.integers(0, 10**6),
    n=st.integers(2, 14),
    rounds=st.integers(1, 5),
    floor=st.fractions(min_value=0, max_value=1, max_denominator=12),
)
@settings(max_examples=60, deadline=None)
def test_owr_floor_against_brute_force(seed, n, rounds, floor):
    people, games = random_history(random.Random(seed), n, rounds)
    states = build_states(people, games, up_to_round=rounds, bye_vp=BYE_VP)
    got = owr_floor(states, floor)
    assert got == _reference(states, floor)
    plain = owr(states)
    for pid, value in got.items():
        assert isinstance(value, int | Fraction)
        assert value >= plain[pid]  # a floor never lowers a rate
        if states[pid].opponents:
            assert floor <= value <= max(floor, 1)
    # Byes are no opponent: opponents' VP sums real opponents only.
    vps = opp_vp(states)
    means = sos_vp(states)
    for pid, s in states.items():
        assert vps[pid] == sum(states[o].vp for o in s.opponents)
        assert means[pid] * max(len(s.opponents), 1) == sum(
            (Fraction(states[o].vp, states[o].played) for o in s.opponents), Fraction(0)
        )


def test_floor_reproduces_the_published_match_win_examples():
    """The Magic: The Gathering Tournament Rules, Appendix C (public: blogs.magicjudges.org/
    rules/mtr-appendix-c/), publish match-win percentages with their 0.33 floor for players of
    an 8-round event: "1-3-0, then withdraws" (4 rounds) gives 0.25, "so 0.33 is used"; "3-2-0,
    including a first-round bye, then withdraws" (5 rounds) gives 0.60. Names replaced: Wanda
    and Bernd, each met by one player of their own (Pia and Paul) who, having met no one else,
    has exactly that opponent's floored figure as `owr_floor`. (Its third example, 5-2-1, counts a
    draw as a third of a win, where 40k's win rate counts half, so it is not reproduced.)"""
    wanda, bernd, pia, paul = 1, 2, 3, 4
    others = list(range(5, 12))  # the rest of the field, met in the other rounds
    records = [
        # Wanda: beats Pia in round 1, loses rounds 2-4, withdraws.
        game(1, wanda, pia, 60, 40), game(2, wanda, others[0], 10, 90),
        game(3, wanda, others[1], 10, 90), game(4, wanda, others[2], 10, 90),
        # Bernd: a bye in round 1, then beats Paul, wins, loses twice, withdraws.
        game(1, bernd, None), game(2, bernd, paul, 70, 20), game(3, bernd, others[3], 70, 20),
        game(4, bernd, others[4], 10, 90), game(5, bernd, others[5], 10, 90),
    ]  # fmt: skip
    states = build_states(players(11), records, up_to_round=8, bye_vp=BYE_VP)
    floor = Fraction(33, 100)  # the rules' figure, as an event sets it ("33/100")
    assert owr(states)[pia] == Fraction(1, 4)  # 0.25 ...
    assert owr_floor(states, floor)[pia] == Fraction(33, 100)  # ... "so 0.33 is used"
    assert owr(states)[paul] == owr_floor(states, floor)[paul] == Fraction(3, 5)  # 0.60
    assert format_metric("owr_floor", owr_floor(states, floor)[paul]) == "60.0%"
