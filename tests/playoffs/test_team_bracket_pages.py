"""A team event's bracket on the pages: the organiser's cut form (team tie rules, the
third-place choice) and seeding form (teams, round-trips unchanged), the public bracket and
its PDF naming teams, a player's next team match on their page, the organiser deciding a
drawn match, and the tie rule printed on the knockout round's team scoresheets and packs."""

from __future__ import annotations

import pytest
from django.test import Client

from playoffs.engine.team_tiebreak import TEAM_KNOCKOUT_TIEBREAKS
from playoffs.models import Playoff
from playoffs.services.playoffs import playoff_advance, playoff_create
from teams.models.teams import Team, TeamMatch
from teams.services.printing import team_print_document
from tests.playoffs.team_events import confirm, pair_players, team_swiss
from tests.tournament.printing.helpers import pdf_pages
from tests.tournament.web.browser_form import form_data
from tournament.models import AuditEntry
from tournament.services.documents.printing import print_document

pytestmark = pytest.mark.django_db


@pytest.fixture
def teams4(organiser):
    return team_swiss(organiser, teams=4, rounds=2)


def manage(event) -> str:
    return f"/manage/events/{event.pk}/playoffs/"


def test_cut_form_offers_the_team_rules_and_makes_a_team_bracket(teams4, org_client):
    page = org_client.get(manage(teams4)).content.decode()
    assert "Teams in the bracket" in page
    assert "More game points, then more VP" in page
    data = form_data(page, "Make the cut")
    data.update(size="4", knockout_tiebreak="game_points", third_place="on")
    assert org_client.post(manage(teams4) + "cut/", data).status_code == 302
    playoff = Playoff.objects.get(event=teams4)
    assert (playoff.entrants, playoff.third_place) == ("teams", True)
    assert playoff.knockout_tiebreak == "game_points"


def test_seed_form_lists_teams_and_round_trips(teams4, organiser, org_client):
    playoff = playoff_create(event_id=teams4.pk, user=organiser, format="single", size=4)
    before = list(playoff.seeds)
    page = org_client.get(manage(teams4)).content.decode()
    data = form_data(page, "Save the seeds")
    assert [data[f"seed_{i}"] for i in range(1, 5)] == [str(t) for t in before]
    assert org_client.post(manage(teams4) + "seeds/", data).status_code == 302
    playoff.refresh_from_db()
    assert playoff.seeds == before
    assert not AuditEntry.objects.filter(event=teams4, action="playoff_seeding").exists()
    data["seed_1"], data["seed_2"] = data["seed_2"], data["seed_1"]
    assert org_client.post(manage(teams4) + "seeds/", data).status_code == 302
    playoff.refresh_from_db()
    assert playoff.seeds[:2] == [before[1], before[0]]


def test_bracket_page_pdf_and_player_page_name_teams(teams4, organiser):
    playoff = playoff_create(event_id=teams4.pk, user=organiser, format="single", size=4)
    names = dict(Team.objects.filter(event=teams4).values_list("pk", "name"))
    page = Client().get(f"/events/{teams4.pk}/playoffs/").content.decode()
    assert all(names[t] in page for t in playoff.seeds)
    assert "higher-seeded team goes through" in page
    playoff_advance(event_id=teams4.pk, user=organiser)
    page = Client().get(f"/events/{teams4.pk}/playoffs/").content.decode()
    assert "tables 1–5" in page
    pdf = Client().get(f"/events/{teams4.pk}/playoffs/bracket.pdf")
    text = " ".join(" ".join(p.split()) for p in pdf_pages(pdf.content))
    assert all(names[t] in text for t in playoff.seeds)
    top = Team.objects.get(pk=playoff.seeds[0])
    member = top.members.select_related("player").first().player
    mine = Client().get(f"/p/{member.private_key}/").content.decode()
    assert f"Play-offs, Semi-final v {names[playoff.seeds[3]]}, table 1" in mine


def test_organiser_decides_a_drawn_team_match_on_the_page(teams4, organiser, org_client):
    playoff_create(
        event_id=teams4.pk, user=organiser, format="single", size=2, knockout_tiebreak="organiser"
    )
    playoff_advance(event_id=teams4.pk, user=organiser)
    match = TeamMatch.objects.get(playoff_slot__isnull=False)
    confirm(pair_players(match, organiser), lambda g: (70, 70))
    page = org_client.get(manage(teams4)).content.decode()
    assert "a draw. Which team goes through?" in page
    data = {"match": str(match.pk), "winner": str(match.team_b_id)}
    assert org_client.post(manage(teams4) + "decide/", data).status_code == 302
    assert f"{match.team_b.name} wins" in org_client.get(manage(teams4)).content.decode()


@pytest.mark.parametrize("rule", ["game_points", "organiser"])
def test_team_knockout_printouts_say_the_tie_rule(teams4, organiser, rule):
    playoff_create(
        event_id=teams4.pk, user=organiser, format="single", size=2, knockout_tiebreak=rule
    )
    number = playoff_advance(event_id=teams4.pk, user=organiser).number
    line = f"Knockout match. {TEAM_KNOCKOUT_TIEBREAKS[rule]}"
    sheets = pdf_pages(
        team_print_document(event=teams4, kind="team-scoresheets", round_number=number)
    )
    assert sheets
    assert all(line in " ".join(page.split()) for page in sheets)
    swiss = pdf_pages(team_print_document(event=teams4, kind="team-scoresheets", round_number=2))
    assert not any("Knockout match" in page for page in swiss)
    pair_players(TeamMatch.objects.get(playoff_slot__isnull=False), organiser)
    packs = pdf_pages(print_document(event=teams4, kind="table-packs", round_number=number))
    assert packs
    assert all(line in " ".join(page.split()) for page in packs)


def test_team_standings_carry_the_final_place_once_the_bracket_is_finished(teams4, organiser):
    playoff = playoff_create(event_id=teams4.pk, user=organiser, format="single", size=2)
    api_url = f"/api/events/{teams4.pk}/team-standings/"
    assert all("final_place" not in r for r in Client().get(api_url).json()["rows"])
    playoff_advance(event_id=teams4.pk, user=organiser)
    rows = Client().get(api_url).json()["rows"]
    assert all(r["final_place"] is None for r in rows)
    match = TeamMatch.objects.get(playoff_slot__isnull=False)
    confirm(pair_players(match, organiser), lambda g: (40, 80))  # seed 2 (side b) wins
    rows = Client().get(api_url).json()["rows"]
    places = {r["team"]: r["final_place"] for r in rows}
    assert places[playoff.seeds[1]] == 1
    assert places[playoff.seeds[0]] == 2
    assert sorted(places.values()) == [1, 2, 3, 4]
    page = Client().get(f"/events/{teams4.pk}/team-standings/").content.decode()
    assert ">Final</th>" in page
