"""A knockout team match's players are paired by the captains' pairing ritual, as in the
Swiss; its games then decide the bracket like any team match's. Double elimination and a
bracket with a bye play out with teams too."""

from __future__ import annotations

import pytest

from playoffs.services.placings import playoff_placings
from playoffs.services.playoffs import playoff_advance, playoff_create
from playoffs.services.views import playoff_view
from teams.models.teams import TeamMatch
from tests.playoffs.team_events import confirm, pair_players, team_swiss
from tests.teams.ritual.test_services import play_to_the_end
from tournament.models import Game

pytestmark = pytest.mark.django_db


def test_the_captains_ritual_pairs_a_knockout_team_match(organiser):
    event = team_swiss(organiser, teams=4, rounds=2)
    playoff = playoff_create(event_id=event.pk, user=organiser, format="single", size=2)
    round_ = playoff_advance(event_id=event.pk, user=organiser)
    match = TeamMatch.objects.get(team_round__round=round_)
    assert (match.team_a_id, match.team_b_id) == tuple(playoff.seeds)
    assert play_to_the_end(match)["done"]
    match.refresh_from_db()
    assert match.players_paired_by == "ritual"
    games = list(Game.objects.filter(round=round_))
    assert len(games) == event.team_size
    a_players = set(match.team_a.members.values_list("player_id", flat=True))
    confirm(games, lambda g: (40, 80) if g.player_a_id in a_players else (80, 40))
    view = playoff_view(event=event)
    assert view["champion"]["team"] == match.team_b_id


@pytest.mark.parametrize(
    ("fmt", "size", "kwargs"),
    [("double", 4, {"grand_final_reset": True}), ("single", 3, {}), ("single", 4, {})],
)
def test_other_formats_play_out_with_teams(organiser, fmt, size, kwargs):
    """Double elimination, a bracket with a bye: every team placed once, one champion."""
    event = team_swiss(organiser, teams=4, rounds=2)
    playoff_create(event_id=event.pk, user=organiser, format=fmt, size=size, **kwargs)
    while not playoff_view(event=event)["complete"]:
        round_ = playoff_advance(event_id=event.pk, user=organiser)
        for match in TeamMatch.objects.filter(team_round__round=round_):
            # The lower seed (side b) wins every match: upsets all the way.
            confirm(pair_players(match, organiser), lambda g: (40, 80))
    view = playoff_view(event=event)
    assert view["champion"]["team"] is not None
    placed = [m for m in view["matches"] if m["winner"]]
    assert placed
    teams = [p["team"] for p in playoff_placings(event=event)["placings"]]
    assert sorted(teams) == sorted(event.teams.values_list("pk", flat=True))
