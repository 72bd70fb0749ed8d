"""Wording on the event day (issue 21, item 23): each page says things the way a person reads
them: no field names before sentences, no codes shown to players, no half-sentences."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import add_players
from tournament.services.events.events import event_create
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create
from tournament.views.forms.events import SettingsForm

pytestmark = pytest.mark.django_db


def test_every_tie_break_slot_is_named_by_its_ordinal():
    labels = [SettingsForm().fields[slot].label for slot in SettingsForm.tiebreak_slots()]
    assert labels[0] == "First tie-break"
    assert all(label.endswith(" tie-break") for label in labels), labels
    assert not any(label.startswith("Tie-break") for label in labels)


def test_the_check_in_refusal_has_no_field_name_before_it(org_client, event, players):
    event.check_in_required = True
    event.save(update_fields=["check_in_required"])
    html = org_client.post(reverse("manage-round-pair", args=[event.pk])).content.decode()
    assert "8 players are not checked in" in html
    assert "Players: 8 players" not in html


def test_the_classic_mission_page_shows_no_confidence_code():
    from missions.engine.generator import mission_from_code

    code = "EGT-1-1"  # an approximate map: the notice stays, in words
    mission = mission_from_code(code)
    from django.test import Client

    html = Client().get(f"/missions/{code}/").content.decode()
    assert mission.deployment.name in html
    assert "Geometry confidence" not in html
    assert f"(confidence {mission.deployment.confidence})" not in html
    assert "Approximate map." in html


def test_the_pair_next_round_button_is_not_primary_while_a_round_is_played(org_client, event):
    add_players(event, event.staff.first(), 4)
    round_create(event_id=event.pk, user=event.staff.first(), seed=1)
    html = org_client.get(reverse("manage-rounds", args=[event.pk])).content.decode()
    assert ">Pair round 2<" not in html  # round 1 unplayed: not offered at all
    first, *rest = event.rounds.get().games.all()
    result_enter(game_id=first.pk, data={"vp_a": 60, "vp_b": 40}, user=event.staff.first())
    html = org_client.get(reverse("manage-rounds", args=[event.pk])).content.decode()
    button = html.split(">Pair round 2<")[0].rsplit("<button", 1)[1]
    assert "secondary" in button
    for game in rest:
        result_enter(game_id=game.pk, data={"vp_a": 60, "vp_b": 40}, user=event.staff.first())
    html = org_client.get(reverse("manage-rounds", args=[event.pk])).content.decode()
    button = html.split(">Pair round 2<")[0].rsplit("<button", 1)[1]
    assert "secondary" not in button


def test_a_drawn_team_match_says_draw(organiser, client):
    from teams.services.matches import team_match_pair_players
    from teams.services.rounds import team_round_create
    from teams.services.teams import team_create, team_member_add

    event = event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)
    for name in ("Northern Lights", "Bears"):
        team = team_create(event=event, user=organiser, name=name)
        for i, faction in enumerate(("Orks", "Necrons", "Aeldari"), start=1):
            team_member_add(team=team, user=organiser, name=f"{name} {i}", faction=faction)
    match = team_round_create(event_id=event.pk, user=organiser, seed=1).matches.get()
    a = match.team_a.members.values_list("player_id", flat=True)
    b = match.team_b.members.values_list("player_id", flat=True)
    games = team_match_pair_players(match=match, pairs=list(zip(a, b, strict=True)), user=organiser)
    for game, (vp_a, vp_b) in zip(games, [(60, 50), (50, 60), (50, 50)], strict=True):
        result_enter(game_id=game.pk, data={"vp_a": vp_a, "vp_b": vp_b}, user=organiser)
    html = client.get(reverse("event-team-pairings", args=[event.pk])).content.decode()
    assert f"{match.team_a.name} drawn" not in html
    assert ">Draw<" in html
