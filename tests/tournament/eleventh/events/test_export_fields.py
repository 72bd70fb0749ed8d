"""Issue 32 (minor): an 11th-edition event's exports carry its own fields: the pairings CSV and
the workbook's Pairings sheet each side's disposition and primary, the layout and its map; the
results CSV (and its JSON) the breakdown and the game's record from each player's side. Other
packs keep their columns."""

from __future__ import annotations

import csv
import io

import pytest
from openpyxl import load_workbook

from missions.eleventh import matrix
from tournament.services.events.events import event_create
from tournament.services.players.players import player_register
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create

pytestmark = pytest.mark.django_db

PAIRING_FIELDS = [
    *("disposition_a", "primary_a", "disposition_b", "primary_b"),
    *("layout", "deployment"),
]


def _rows(response) -> list[dict]:
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


@pytest.fixture
def played(organiser):
    event = event_create(user=organiser, name="Export XI", rounds=3, mission_pack="eleventh")
    ada = player_register(
        event=event, user=organiser, name="Ada", faction="Orks", disposition="take-and-hold"
    )
    bo = player_register(
        event=event, user=organiser, name="Bo", faction="Necrons", disposition="disruption"
    )
    round_ = round_create(
        event_id=event.pk, user=organiser, pairings=[{"player_a": ada.pk, "player_b": bo.pk}]
    )
    game = round_.games.get()
    result_enter(
        game_id=game.pk,
        data={
            "primary_a": 40,
            "secondary_a": 30,
            "battle_ready_a": 10,
            "primary_b": 20,
            "secondary_b": 25,
            "battle_ready_b": 0,
            "attacker": "b",
            "first_turn": "a",
            "secondaries_a": "fixed",
            "secondaries_b": "tactical",
        },
        user=organiser,
    )
    return event, game


def test_pairings_csv_and_workbook_carry_dispositions_primaries_and_layout(anon, played):
    event, game = played
    primary_a = matrix.primary_name(matrix.primary_for("take-and-hold", "disruption"))
    primary_b = matrix.primary_name(matrix.primary_for("disruption", "take-and-hold"))
    map_id = matrix.layout_map("take-and-hold", "disruption", game.layout)
    expected = {
        "disposition_a": "Take and Hold",
        "primary_a": primary_a,
        "disposition_b": "Disruption",
        "primary_b": primary_b,
        "layout": game.layout,
        "deployment": matrix.MAP_NAMES[map_id],
    }
    (row,) = _rows(anon.get(f"/api/events/{event.pk}/rounds/1/pairings.csv"))
    assert {k: row[k] for k in PAIRING_FIELDS} == expected
    book = load_workbook(io.BytesIO(anon.get(f"/api/events/{event.pk}/event.xlsx").content))
    sheet = book["Pairings"]
    header = [c.value for c in sheet[1]]
    values = dict(zip(header, [c.value for c in sheet[2]], strict=True))
    assert {k: values[k] for k in PAIRING_FIELDS} == expected


def test_results_csv_carries_the_breakdown_from_each_side(anon, played):
    event, _ = played
    rows = {r["player"]: r for r in _rows(anon.get(f"/api/events/{event.pk}/results.csv"))}
    ada, bo = rows["Ada"], rows["Bo"]
    assert (ada["vp_for"], ada["vp_against"]) == ("80", "45")
    assert (ada["primary_for"], ada["secondary_for"], ada["battle_ready_for"]) == ("40", "30", "10")
    assert (ada["primary_against"], ada["secondary_against"]) == ("20", "25")
    assert (bo["primary_for"], bo["battle_ready_for"], bo["primary_against"]) == ("20", "0", "40")
    assert ada["disposition"] == "Take and Hold"
    assert bo["disposition"] == "Disruption"
    assert ada["primary_mission"] == matrix.primary_name(
        matrix.primary_for("take-and-hold", "disruption")
    )
    assert (ada["secondaries"], bo["secondaries"]) == ("fixed", "tactical")
    assert (ada["attacker"], bo["attacker"]) == ("no", "yes")
    assert (ada["went_first"], bo["went_first"]) == ("yes", "no")
    json_rows = anon.get(f"/api/events/{event.pk}/results/").json()
    assert {r["player"]: r["primary_for"] for r in json_rows} == {"Ada": 40, "Bo": 20}


def test_other_packs_keep_their_columns(anon, organiser):
    event = event_create(user=organiser, name="Lev", rounds=3, mission_pack="leviathan")
    response = anon.get(f"/api/events/{event.pk}/results.csv")
    header = response.content.decode("utf-8-sig").splitlines()[0]
    assert "primary_for" not in header
    assert "disposition" not in header
