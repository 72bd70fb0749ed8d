"""An 11th-edition event's printouts, made through the API and read back: every game's own
primaries and layout letter on the pairings, each table's sheet and pack with its map, and
the organiser's layout change reaching the paper."""

from __future__ import annotations

import pytest

from missions.eleventh import matrix
from tests.tournament.printing.helpers import pdf_pages
from tournament.models import Event, Game
from tournament.services.documents.printing import print_document

pytestmark = pytest.mark.django_db

# Four players: tables pair take-and-hold v disruption and purge-the-foe v reconnaissance
# (or however the engine pairs them; the tests read each game's own dispositions).
DISPOSITIONS = ("take-and-hold", "disruption", "purge-the-foe", "reconnaissance")


@pytest.fixture
def paired(api):
    made = api.post(
        "/api/events/",
        {"name": "Muster GT", "rounds": 3, "mission_pack": "eleventh"},
        format="json",
    ).json()
    for i, disposition in enumerate(DISPOSITIONS):
        response = api.post(
            f"/api/events/{made['id']}/players/",
            {"name": f"Player {i + 1}", "faction": "Orks", "disposition": disposition},
            format="json",
        )
        assert response.status_code == 201, response.json()
    response = api.post(f"/api/events/{made['id']}/rounds/", {}, format="json")
    assert response.status_code == 201, response.json()
    event = Event.objects.get(pk=made["id"])
    games = list(
        Game.objects.filter(round__event=event, player_b__isnull=False)
        .select_related("player_a", "player_b")
        .order_by("table_number")
    )
    return api, event, games


def _primaries(game: Game) -> tuple[str, str]:
    a, b = game.disposition_a, game.disposition_b
    return (
        matrix.primary_name(matrix.primary_for(a, b)),
        matrix.primary_name(matrix.primary_for(b, a)),
    )


def _words(data: bytes) -> list[str]:
    return [" ".join(page.split()) for page in pdf_pages(data)]


def test_pairings_name_each_players_primary_and_the_layout(paired):
    _, event, games = paired
    text = " ".join(_words(print_document(event=event, kind="pairings", round_number=1)))
    assert "each player plays their own primary" in text
    for game in games:
        first, second = _primaries(game)
        assert f"Primary: {first}" in text
        assert f"Primary: {second}" in text
        assert game.layout in matrix.LAYOUT_LETTERS


def test_scoresheets_and_table_packs_carry_each_tables_own_game(paired):
    _, event, games = paired
    sheets = _words(print_document(event=event, kind="scoresheets", round_number=1))
    packs = _words(print_document(event=event, kind="table-packs", round_number=1))
    assert len(sheets) == len(games)
    assert len(packs) == 2 * len(games)
    for i, game in enumerate(games):
        first, second = _primaries(game)
        sheet = sheets[i]
        assert game.player_a.name in sheet
        assert f"Player A: {first}" in sheet
        assert f"Player B: {second}" in sheet
        assert f"Layout {game.layout}" in sheet
        assert "Battle round 5" in sheet
        assert "Primary (max 15)" in sheet
        assert "Tactical" in sheet
        assert "Battle Ready (0 or 10)" in sheet
        assert matrix.DISPOSITION_NAMES[game.disposition_a] in sheet
        layout_page, primaries_page = packs[2 * i], packs[2 * i + 1]
        assert f"Layout {game.layout}" in layout_page
        available = matrix.layout_available(game.disposition_a, game.disposition_b, game.layout)
        if available:
            assert "Defender edge" in layout_page
            assert "Defender home" in layout_page
        else:
            assert f"Layout {game.layout} is not in our data." in layout_page
            assert "Event Companion's layout card" in layout_page
        assert first in primaries_page
        assert second in primaries_page


def test_the_organisers_layout_change_reaches_the_sheet(paired):
    api, event, games = paired
    game = games[0]
    letter = next(x for x in matrix.LAYOUT_LETTERS if x != game.layout)
    response = api.patch(f"/api/games/{game.pk}/", {"layout": letter}, format="json")
    assert response.status_code == 200, response.json()
    sheet = _words(print_document(event=event, kind="scoresheets", round_number=1))[0]
    assert f"Layout {letter}" in sheet
