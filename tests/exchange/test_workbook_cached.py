"""The public `event.xlsx` is made once per change that can move it (issue 32, minor: 9-55 s
uncached for 1,000 players, for every download): cached per standings revision, as the
standings are, so a second download is the stored file, and a confirmed result makes a new one."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from tests.conftest import add_players
from tests.tournament.printing.helpers import pair_in_order
from tournament.services.results.results import result_enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(event, organiser):
    """Round 1 of eight players, paired."""
    return pair_in_order(event, organiser, add_players(event, organiser, 8))


@pytest.fixture
def made(monkeypatch):
    """How many times a workbook was actually built."""
    from exchange.services import workbook

    count = [0]
    build = workbook.event_workbook

    def counted(*, event, public=False):
        count[0] += 1
        return build(event=event, public=public)

    monkeypatch.setattr(workbook, "event_workbook", counted)
    return count


def _results(body: bytes) -> list[tuple]:
    """(player, vp_for) of each scored row of the Results sheet."""
    sheet = load_workbook(io.BytesIO(body))["Results"]
    rows = list(sheet.iter_rows(values_only=True))
    player, vp = rows[0].index("player"), rows[0].index("vp_for")
    return [(row[player], row[vp]) for row in rows[1:] if row[vp] not in (None, "")]


def test_event_xlsx_is_built_once_per_standings_revision(anon, event, organiser, played, made):
    url = f"/api/events/{event.pk}/event.xlsx"
    first = anon.get(url)
    again = anon.get(url)
    assert first.status_code == again.status_code == 200
    assert again.content == first.content
    assert made[0] == 1
    assert _results(first.content) == []

    game = played.games.order_by("table_number").first()
    result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 30}, user=organiser)
    after = anon.get(url)
    assert made[0] == 2
    assert sorted(_results(after.content)) == sorted(
        [(game.player_a.name, 70), (game.player_b.name, 30)]
    )
    assert anon.get(url).content == after.content
    assert made[0] == 2
