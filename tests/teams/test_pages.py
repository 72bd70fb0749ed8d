"""The team pages: organisers enter teams, players and scoring and pair team rounds and match
players from pages; forms round-trip (saved unchanged they change nothing); the public pages
show teams, team pairings and team standings beside the players' standings."""

from __future__ import annotations

import pytest
from django.urls import reverse

from teams.models.teams import Team, TeamMatch, TeamScoring
from teams.services.matches import team_match_pair_players
from teams.services.rounds import team_round_create
from teams.services.teams import team_create, team_member_add
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry
from tournament.services.events.events import event_create
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser):
    event = event_create(user=organiser, name="Team GT", rounds=3, kind="team", team_size=3)
    for name in ("Lions", "Bears"):
        team = team_create(event=event, user=organiser, name=name)
        for i, faction in enumerate(("Orks", "Necrons", "Aeldari"), start=1):
            team_member_add(team=team, user=organiser, name=f"{name} {i}", faction=faction)
    return event


def _page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


def test_new_event_form_makes_a_team_event(org_client):
    page = _page(org_client, reverse("manage-event-new"))
    assert 'name="kind"' in page
    assert 'name="team_size"' in page
    response = org_client.post(
        reverse("manage-event-new"),
        {
            "name": "Teams",
            "planned_rounds": 3,
            "battle_size": "strike_force",
            "kind": "team",
            "team_size": 8,
        },
    )
    assert response.status_code == 302
    event = response.wsgi_request.user.staffed_events.get(name="Teams")
    assert (event.kind, event.team_size) == ("team", 8)


def test_settings_form_round_trips_kind_and_team_size(event, org_client):
    url = reverse("manage-settings", args=[event.pk])
    logged = AuditEntry.objects.count()
    response = org_client.post(url, form_data(_page(org_client, url), "Save settings"))
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.kind, event.team_size) == ("team", 3)
    assert AuditEntry.objects.count() == logged


def test_teams_pages_add_a_team_and_a_player(event, org_client):
    page = _page(org_client, reverse("manage-teams", args=[event.pk]))
    assert "Lions" in page
    assert "Orks" in page
    response = org_client.post(reverse("manage-team-add", args=[event.pk]), {"name": "Owls"})
    owls = Team.objects.get(name="Owls")
    assert response.status_code == 302
    url = reverse("manage-team-member-add", args=[event.pk, owls.pk])
    assert org_client.post(url, {"name": "Owl 1", "faction": "Orks"}).status_code == 302
    refused = org_client.post(url, {"name": "Owl 2", "faction": "orks"})
    assert refused.status_code == 400
    assert "Owl 1" in refused.content.decode()
    assert owls.members.count() == 1


def test_team_form_round_trips(event, org_client):
    team = Team.objects.get(name="Lions")
    url = reverse("manage-team", args=[event.pk, team.pk])
    logged = AuditEntry.objects.count()
    assert org_client.post(url, form_data(_page(org_client, url), "Save")).status_code == 302
    assert AuditEntry.objects.count() == logged
    data = form_data(_page(org_client, url), "Save")
    data["dropped"] = "on"
    assert org_client.post(url, data).status_code == 302
    team.refresh_from_db()
    assert team.dropped


def test_scoring_form_round_trips_and_stores_nothing_unchanged(event, org_client):
    url = reverse("manage-team-scoring", args=[event.pk])
    page = _page(org_client, url)
    assert "more 20" in page
    assert org_client.post(url, form_data(page, "Save")).status_code == 302
    assert (
        not TeamScoring.objects.filter(event=event)
        .exclude(score_table=None, draw_margin=None, bye_score=None, tiebreaks=None)
        .exists()
    )
    data = form_data(page, "Save")
    data["draw_margin"] = "4"
    assert org_client.post(url, data).status_code == 302
    assert TeamScoring.objects.get(event=event).draw_margin == 4
    data["score_table"] = "5 10\n3 12\nmore 20"
    refused = org_client.post(url, data)
    assert refused.status_code == 400
    assert "above the band before" in refused.content.decode()


def test_import_page_is_all_or_nothing(event, org_client):
    url = reverse("manage-teams-import", args=[event.pk])
    refused = org_client.post(url, {"text": "Owls,O1,Orks\nOwls,O2,Orks\n"})
    assert refused.status_code == 400
    assert "Line 2" in refused.content.decode()
    assert not Team.objects.filter(name="Owls").exists()
    assert org_client.post(url, {"text": "Owls,O1,Orks\nOwls,O2,Tau\n"}).status_code == 302
    assert Team.objects.get(name="Owls").members.count() == 2


def test_pair_a_team_round_and_its_players_from_the_page(event, org_client):
    url = reverse("manage-team-rounds", args=[event.pk])
    assert "Pair team round 1" in _page(org_client, url)
    assert org_client.post(reverse("manage-team-round-pair", args=[event.pk])).status_code == 302
    match = TeamMatch.objects.get()
    page = _page(org_client, url)
    data = form_data(page, "Pair the players")
    b_ids = list(match.team_b.members.values_list("player_id", flat=True))
    for name, value in zip(
        sorted(k for k in data if k != "csrfmiddlewaretoken"), b_ids, strict=True
    ):
        data[name] = str(value)
    pair_url = reverse("manage-team-match-pair", args=[event.pk, match.pk])
    assert org_client.post(pair_url, data).status_code == 302
    assert match.match_games.count() == 3
    page = _page(org_client, url)
    assert "Take back these pairings" in page
    assert "tables 1–3" in page


def test_public_pages_show_confirmed_results_only(event, organiser, client):
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=1)
    match = team_round.matches.get()
    a = match.team_a.members.values_list("player_id", flat=True)
    b = match.team_b.members.values_list("player_id", flat=True)
    games = team_match_pair_players(match=match, pairs=list(zip(a, b, strict=True)), user=organiser)
    result_enter(game_id=games[0].pk, data={"vp_a": 80, "vp_b": 20}, player=games[0].player_a)
    for path in ("event-teams", "event-team-pairings", "event-team-standings"):
        page = _page(client, reverse(path, args=[event.pk]))
        assert "Lions" in page
    standings = _page(client, reverse("event-team-standings", args=[event.pk]))
    assert "Provisional" in standings
    assert "0 of 3 results confirmed" in standings
    assert "Lions 1" in standings  # the players' standings beside the teams'
    pairings = _page(client, reverse("event-team-pairings", args=[event.pk]))
    assert "provisional" in pairings
    assert "80–20" not in pairings


def test_team_pages_refuse_others(event, client, other_organiser):
    url = reverse("manage-teams", args=[event.pk])
    assert client.get(url).status_code == 302  # to the sign-in page
    assert (
        client.post(reverse("manage-team-add", args=[event.pk]), {"name": "X"}).status_code == 403
    )
    client.force_login(other_organiser)
    assert client.get(url).status_code == 403
    assert not Team.objects.filter(name="X").exists()


def test_singles_events_have_no_team_pages(organiser, client):
    singles = event_create(user=organiser, name="Singles", rounds=3)
    assert client.get(reverse("event-teams", args=[singles.pk])).status_code == 404
    page = client.get(reverse("event", args=[singles.pk])).content.decode()
    assert "Team standings" not in page
