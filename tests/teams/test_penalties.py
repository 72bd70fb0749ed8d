"""Penalties in a team event (issue 35): a VP penalty or a game loss given to one member counts
in the team standings as it counts in the singles standings."""

from __future__ import annotations

import pytest

from teams.engine.scoring import GAME_POINTS, WTC_TABLE, game_score
from teams.services.matches import team_match_pair_players
from teams.services.rounds import team_round_create
from teams.services.standings import team_match_view, team_standings_compute
from teams.services.teams import team_create, team_member_add
from tournament.models import Game
from tournament.services.events.events import event_create
from tournament.services.players.penalties import penalty_give, penalty_remove
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(organiser):
    """Lions v Bears, three games of 60-40, all won by the Lions and confirmed."""
    event = event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)
    for name in ("Lions", "Bears"):
        team = team_create(event=event, user=organiser, name=name)
        for i, faction in enumerate(("Orks", "Necrons", "Aeldari")):
            team_member_add(team=team, user=organiser, name=f"{name} {i + 1}", faction=faction)
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=1)
    match = team_round.matches.get()
    a = list(match.team_a.members.order_by("pk").values_list("player_id", flat=True))
    b = list(match.team_b.members.order_by("pk").values_list("player_id", flat=True))
    games = team_match_pair_players(match=match, pairs=list(zip(a, b, strict=True)), user=organiser)
    for game in games:
        # An organiser's entry is confirmed at once.
        result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=organiser)
    return event, match, games


def _row(event, team_name):
    rows = team_standings_compute(event=event)["rows"]
    return next(r for r in rows if r["name"] == team_name)


def _a_side(game: Game, match) -> int:
    """The id of the player of this game who plays for the match's team A."""
    members = set(match.team_a.members.values_list("player_id", flat=True))
    return game.player_a_id if game.player_a_id in members else game.player_b_id


def test_a_game_loss_turns_that_game_and_can_turn_the_match(played, organiser):
    event, match, games = played
    won, lost = game_score(60, 40, WTC_TABLE)
    assert _row(event, match.team_a.name)["game_points"] == 3 * won
    best = max(band.points for band in WTC_TABLE)
    for game in games[:2]:
        penalty_give(
            event=event,
            user=organiser,
            player_id=_a_side(game, match),
            kind="game_loss",
            round_number=1,
            reason="Slow play, third warning",
        )
    a, b = _row(event, match.team_a.name), _row(event, match.team_b.name)
    assert a["game_points"] == won + 2 * (GAME_POINTS - best)
    assert b["game_points"] == lost + 2 * best
    assert (a["losses"], b["wins"]) == (1, 1)
    # VP stay as played: a game loss takes the game, not the points scored.
    assert (a["vp"], b["vp"]) == (180, 120)
    detail = team_match_view(match=match)
    assert (detail["score_a"], detail["score_b"]) == (a["game_points"], b["game_points"])


def test_a_vp_penalty_counts_in_the_team_vp_and_the_game_score(played, organiser):
    event, match, games = played
    penalty = penalty_give(
        event=event,
        user=organiser,
        player_id=_a_side(games[0], match),
        kind="vp_penalty",
        vp=30,
        round_number=1,
        reason="Painting standard",
    )
    won, _ = game_score(60, 40, WTC_TABLE)
    after, _ = game_score(30, 40, WTC_TABLE)
    a = _row(event, match.team_a.name)
    assert a["vp"] == 150
    assert a["game_points"] == 2 * won + after
    penalty_remove(event=event, user=organiser, penalty_id=penalty.pk)
    assert _row(event, match.team_a.name)["game_points"] == 3 * won
