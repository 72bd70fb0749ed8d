"""Team printing read back with pypdf: the team pairing sheet, the ritual record and the team
scoresheets (one page per team match, with VP, game scores and the match total)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse

from common.errors import Invalid, NotFound
from teams.services.printing import team_print_document
from tests.teams.ritual.test_services import play_to_the_end
from tests.tournament.printing.helpers import pdf_pages
from tournament.models import Game
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def ritual_done(match, organiser):
    play_to_the_end(match, user=organiser)
    return match


def test_team_pairings_list_each_match_its_tables_and_games(ritual_done, team_round):
    event = team_round.event
    text = "\n".join(
        pdf_pages(team_print_document(event=event, kind="team-pairings", round_number=1))
    )
    for m in team_round.matches.all():
        assert m.team_a.name in text
        assert m.team_b.name in text
    assert f"Tables {ritual_done.first_table}–{ritual_done.first_table + 4}" in text
    for g in Game.objects.filter(round=team_round.round):
        assert g.player_a.name in text
        assert g.player_b.name in text


def test_the_ritual_record_prints_each_revealed_step(ritual_done, team_round):
    pages = pdf_pages(
        team_print_document(event=team_round.event, kind="ritual-record", round_number=1)
    )
    text = " ".join(" ".join(pages).split())
    assert "ETC/WTC draft ritual, complete." in text
    assert f"{ritual_done.team_a.name} put forward" in text
    assert "as defender" in text
    assert "as attackers" in text
    assert "chose" in text
    assert "No ritual step revealed yet." in text  # the other match has not started


def test_scoresheets_one_page_per_match_with_scores_and_total(ritual_done, team_round, organiser):
    games = [mg.game for mg in ritual_done.match_games.select_related("game")]
    for g in games:
        result_enter(game_id=g.pk, data={"vp_a": 80, "vp_b": 20}, user=organiser)  # 60: 20-0
    pages = pdf_pages(
        team_print_document(event=team_round.event, kind="team-scoresheets", round_number=1)
    )
    assert len(pages) == team_round.matches.exclude(team_b=None).count()
    sheet = next(p for p in pages if ritual_done.team_a.name in p and "80" in p)
    assert "MATCH TOTAL" in sheet
    assert "100" in sheet  # 5 games x 20
    assert f"{ritual_done.team_a.name} wins" in sheet
    for g in games:
        assert g.player_a.name in sheet


def test_refusals_and_the_command_and_the_page(
    ritual_done, team_round, tmp_path, client, organiser
):
    with pytest.raises(NotFound):
        team_print_document(event=team_round.event, kind="team-pairings", round_number=9)
    with pytest.raises(Invalid):
        team_print_document(event=team_round.event, kind="nope", round_number=1)
    out = tmp_path / "sheets.pdf"
    call_command(
        "render_team_pdf",
        event=team_round.event.pk,
        kind="team-scoresheets",
        round=1,
        out=str(out),
    )
    assert out.read_bytes().startswith(b"%PDF")
    client.force_login(organiser)
    url = reverse("manage-team-print", args=[team_round.event.pk, 1, "ritual-record"])
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert "as defender" in " ".join(pdf_pages(response.content))
