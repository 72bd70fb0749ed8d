"""Penalties in the pure standings engine (issue 35): a VP penalty takes exactly its VP from the
penalised player's total and changes nothing else; a game loss makes that game a loss for the
player and a win for the opponent (both lose when both were given one), VP untouched."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.engine import GameRecord, compute_standings
from tournament.engine.history import build_states

from .factory import BYE_VP, players, random_history

TIEBREAKS = ("owr", "sos", "sosos", "vp", "vp_diff", "opp_vp")


def table(people, games):
    return {
        r.player_id: r for r in compute_standings(people, games, tiebreaks=TIEBREAKS, bye_vp=BYE_VP)
    }


def test_a_vp_penalty_lowers_that_players_vp_only():
    people = players(4)
    games = [GameRecord(1, 1, 2, 80, 20), GameRecord(1, 3, 4, 50, 50)]
    before = table(people, games)
    after = table(people, [replace(games[0], penalty_a=10), games[1]])
    assert after[1]["vp"] == before[1]["vp"] - 10 == 70
    assert after[1]["vp_diff"] == 50
    assert (after[1].wins, after[2].losses) == (1, 1)  # the outcome stays as played
    assert after[2]["vp"] == 20
    assert after[2]["vp_diff"] == before[2]["vp_diff"]  # what 2 conceded stays as played
    assert after[3].metrics == before[3].metrics


def test_a_vp_penalty_never_takes_more_than_the_game_gave():
    states = build_states(
        players(2), [GameRecord(1, 1, 2, 15, 20, penalty_a=40)], up_to_round=1, bye_vp=BYE_VP
    )
    assert states[1].vp == 0
    assert states[2].vp == 20


def test_a_penalty_can_lower_a_win_on_equal_vp_to_a_lower_place_but_not_to_a_loss():
    people = players(2)
    games = [GameRecord(1, 1, 2, 60, 40, penalty_a=30)]
    rows = table(people, games)
    assert rows[1].wins == 1  # 30 VP counted, still the game's winner
    assert rows[1]["vp"] == 30


def test_a_game_loss_is_a_loss_whatever_the_vp_and_the_opponent_wins():
    people = players(2)
    rows = table(people, [GameRecord(1, 1, 2, 80, 20, game_loss_a=True)])
    assert (rows[1].wins, rows[1].losses) == (0, 1)
    assert (rows[2].wins, rows[2].losses) == (1, 0)
    assert (rows[1]["vp"], rows[2]["vp"]) == (80, 20)  # VP as entered


def test_a_game_loss_to_both_is_a_loss_for_both():
    rows = table(players(2), [GameRecord(1, 1, 2, 50, 50, game_loss_a=True, game_loss_b=True)])
    assert rows[1].losses == rows[2].losses == 1
    assert rows[1].mp == rows[2].mp == 0


def test_a_game_loss_overrides_a_concession_and_a_bye():
    rows = table(players(3), [GameRecord(1, 1, 2, 0, 0, winner="a", game_loss_a=True)])
    assert rows[2].wins == 1
    rows = table(players(1), [GameRecord(1, 1, None, BYE_VP, None, game_loss_a=True)])
    assert rows[1].losses == 1


def test_head_to_head_follows_the_game_loss():
    people = players(2)
    rows = compute_standings(
        people,
        [GameRecord(1, 1, 2, 80, 20, game_loss_a=True)],
        tiebreaks=("h2h",),
        bye_vp=BYE_VP,
    )
    assert rows[0].player_id == 2


def _pick(rng: random.Random, games):
    played = [i for i, g in enumerate(games) if g.player_b is not None and g.has_result]
    return rng.choice(played) if played else None


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 12), st.integers(1, 4), st.integers(1, 120))
def test_a_vp_penalty_changes_exactly_the_vp_figures_it_should(seed, n, rounds, vp):
    rng = random.Random(seed)
    people, games = random_history(rng, n, rounds)
    index = _pick(rng, games)
    if index is None:
        return
    side = rng.choice("ab")
    game = games[index]
    penalised = game.player_a if side == "a" else game.player_b
    scored = game.vp_a if side == "a" else game.vp_b
    changed = list(games)
    changed[index] = replace(game, **{f"penalty_{side}": vp})
    before, after = table(people, games), table(people, changed)
    assert before.keys() == after.keys()
    taken = min(vp, scored)
    opponents = set(
        build_states(people, games, up_to_round=rounds, bye_vp=BYE_VP)[penalised].opponents
    )
    for pid in before:
        b, a = before[pid], after[pid]
        # Records never move, nor the win-rate tie-breaks.
        assert (a.mp, a.wins, a.draws, a.losses, a.byes, a.played) == (
            b.mp,
            b.wins,
            b.draws,
            b.losses,
            b.byes,
            b.played,
        )
        for name in ("owr", "sos", "sosos"):
            assert a[name] == b[name]
        expected = b["vp"] - taken if pid == penalised else b["vp"]
        assert a["vp"] == expected
        assert a["vp_diff"] == b["vp_diff"] - (taken if pid == penalised else 0)
        if pid not in opponents and penalised != pid:
            assert a["opp_vp"] == b["opp_vp"]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 12), st.integers(1, 4), st.booleans())
def test_a_game_loss_changes_that_game_only(seed, n, rounds, both):
    rng = random.Random(seed)
    people, games = random_history(rng, n, rounds)
    index = _pick(rng, games)
    if index is None:
        return
    game = games[index]
    changed = list(games)
    changed[index] = replace(game, game_loss_a=True, game_loss_b=both)
    states_before = build_states(people, games, up_to_round=rounds, bye_vp=BYE_VP)
    states_after = build_states(people, changed, up_to_round=rounds, bye_vp=BYE_VP)
    for pid, b in states_before.items():
        a = states_after[pid]
        assert (a.vp, a.vp_against, a.opponents) == (b.vp, b.vp_against, b.opponents)
        if pid == game.player_a:
            assert a.scores == {**b.scores, game.round: 0}
        elif pid == game.player_b:
            assert a.scores == {**b.scores, game.round: 0 if both else 2}
        else:
            assert a.scores == b.scores


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 12), st.integers(1, 4))
def test_no_penalty_no_change(seed, n, rounds):
    rng = random.Random(seed)
    people, games = random_history(rng, n, rounds)
    zeroed = [replace(g, penalty_a=0, penalty_b=0) for g in games]
    assert compute_standings(people, games, tiebreaks=TIEBREAKS, bye_vp=BYE_VP) == (
        compute_standings(people, zeroed, tiebreaks=TIEBREAKS, bye_vp=BYE_VP)
    )
