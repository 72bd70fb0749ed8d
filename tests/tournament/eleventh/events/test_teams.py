"""Team events of the 11th edition: each game of a match carries its players' dispositions,
their own primaries and a layout, as singles games do; a team round waits for dispositions."""

from __future__ import annotations

import pytest

from common.errors import Conflict, Invalid
from missions.eleventh import matrix
from teams.services.matches import team_match_pair_players
from teams.services.rounds import team_round_create
from teams.services.teams import team_create, team_member_add
from tournament.services.events.events import event_create
from tournament.services.players.players import player_update

pytestmark = pytest.mark.django_db


def _event(organiser, **extra):
    return event_create(
        user=organiser,
        name="Team XI",
        rounds=3,
        kind="team",
        team_size=3,
        mission_pack="eleventh",
        **extra,
    )


def _teams(event, organiser, *, dispositions=True):
    ids = iter(matrix.DISPOSITION_IDS * 2)
    for name, factions in (
        ("Lions", ("Orks", "Necrons", "Aeldari")),
        ("Bears", ("Orks", "Necrons", "Aeldari")),
    ):
        team = team_create(event=event, user=organiser, name=name)
        for i, faction in enumerate(factions):
            player = team_member_add(
                team=team, user=organiser, name=f"{name} {i + 1}", faction=faction
            )
            if dispositions:
                player_update(player=player, user=organiser, changes={"disposition": next(ids)})


def _pair_match(team_round, organiser):
    match = team_round.matches.get()
    a = list(match.team_a.members.order_by("player_id").values_list("player_id", flat=True))
    b = list(match.team_b.members.order_by("player_id").values_list("player_id", flat=True))
    return team_match_pair_players(match=match, pairs=list(zip(a, b, strict=True)), user=organiser)


def test_match_games_carry_primaries_and_layouts(organiser, api):
    event = _event(organiser)
    _teams(event, organiser)
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=3)
    games = _pair_match(team_round, organiser)
    for game in games:
        game.refresh_from_db()
        a, b = game.player_a.disposition, game.player_b.disposition
        assert (game.disposition_a, game.disposition_b) == (a, b)
        assert game.layout in matrix.LAYOUT_LETTERS
        shown = api.get(f"/api/games/{game.pk}/").json()
        assert shown["primary_a"] == matrix.primary_name(matrix.primary_for(a, b))
        assert shown["primary_b"] == matrix.primary_name(matrix.primary_for(b, a))
    match = api.get(f"/api/events/{event.pk}/team-rounds/1/").json()["matches"][0]
    assert [g["layout"] for g in match["games"]] == [g.layout for g in games]
    assert all(g["primary_a"] for g in match["games"])


def test_a_team_round_waits_for_dispositions_unless_forced(organiser):
    event = _event(organiser)
    _teams(event, organiser, dispositions=False)
    with pytest.raises(Conflict) as refused:
        team_round_create(event_id=event.pk, user=organiser, seed=3)
    assert refused.value.codes == {"players": ["no_disposition"]}
    assert "Bears 1" in str(refused.value)
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=3, force=True)
    games = _pair_match(team_round, organiser)
    assert all(g.layout for g in games)
    assert all(g.eleventh["primary_a"] is None for g in games)


def test_per_round_layouts_in_a_team_event(organiser):
    event = _event(organiser, layout_policy="per_round")
    _teams(event, organiser)
    with pytest.raises(Invalid) as refused:
        team_round_create(event_id=event.pk, user=organiser, seed=3)
    assert refused.value.codes == {"layout": ["required"]}
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=3, layout="C")
    assert {g.layout for g in _pair_match(team_round, organiser)} == {"C"}
