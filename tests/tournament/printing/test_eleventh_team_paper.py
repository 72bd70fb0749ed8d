"""A team event of the 11th edition on paper: the team pairing sheet names each game's own
primaries and its layout letter; the round's per-game sheets are the 11th-edition ones."""

from __future__ import annotations

import pytest

from missions.eleventh import matrix
from teams.services.printing import team_print_document
from teams.services.rounds import team_round_create
from tests.tournament.eleventh.events.test_teams import _event, _pair_match, _teams
from tests.tournament.printing.helpers import pdf_pages
from tournament.services.documents.printing import print_document

pytestmark = pytest.mark.django_db


def test_team_pairings_and_sheets_carry_each_games_primaries_and_layout(organiser):
    event = _event(organiser)
    _teams(event, organiser)
    team_round = team_round_create(event_id=event.pk, user=organiser, seed=3)
    games = _pair_match(team_round, organiser)
    text = " ".join(
        " ".join(p.split())
        for p in pdf_pages(team_print_document(event=event, kind="team-pairings", round_number=1))
    )
    sheets = pdf_pages(print_document(event=event, kind="scoresheets", round_number=1))
    assert len(sheets) == len(games)
    for game in games:
        game.refresh_from_db()
        a, b = game.disposition_a, game.disposition_b
        first = matrix.primary_name(matrix.primary_for(a, b))
        second = matrix.primary_name(matrix.primary_for(b, a))
        assert f"Primary: {first}" in text
        assert f"Primary: {second}" in text
        assert f"{game.table_number} · {game.layout}" in text
        assert any(f"Layout {game.layout}" in s and f"Player A: {first}" in s for s in sheets)
