"""An event played elsewhere comes in through the API, from BCP's JSON or a CSV of rounds: its
results confirmed, its standings computed from them, the same whichever file it came from."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from exchange.services.old_events import event_import_bcp
from tests.exchange.helpers import export, without_stamp
from tournament.models import Event, Result

pytestmark = pytest.mark.django_db

RECORDS = {
    "Dina Rook": ("2-1-0", 189),
    "Egon Marsh": ("1-2-0", 188),
    "Ada Quill": ("2-0-1", 228),
    "Bram Toller": ("1-0-2", 141),
    "Cato Vell": ("1-0-2", 167),
    "Fenna Holt": ("0-1-2", 115),
}


def _post(api, path: str, body: dict):
    return api.post(
        f"/api/events/import/{path}/", json.dumps(body), content_type="application/json"
    )


def _standings(api, event_id: int) -> list[dict]:
    response = api.get(f"/api/events/{event_id}/standings/")
    assert response.status_code == 200, response.content
    keep = ("rank", "name", "faction", "record", "vp", "mp", "owr", "dropped")
    return [{k: row[k] for k in keep} for row in response.json()]


def test_a_bcp_event_comes_in_through_the_api(api):
    from tests.exchange.old_events.conftest import FILES

    body = {"file": json.loads((FILES / "harbour_cup.bcp.json").read_text())}
    response = _post(api, "bcp", body)
    assert response.status_code == 201, response.content
    answer = response.json()
    assert answer["name"] == "Harbour Cup 2019"
    assert (answer["hidden"], answer["registration_open"]) == (True, False)
    assert answer["new_keys"] == []
    event = Event.objects.get(pk=answer["id"])
    assert str(event.start_date) == "2019-06-15"
    assert event.planned_rounds == 3
    results = Result.objects.filter(game__round__event=event)
    assert results.count() == 9
    assert set(results.values_list("status", "is_current")) == {("confirmed", True)}
    rows = _standings(api, event.pk)
    assert {r["name"]: (r["record"], r["vp"]) for r in rows} == RECORDS
    assert rows[0]["name"] == "Dina Rook"
    assert rows[-1]["name"] == "Fenna Holt"
    # "Tau Empire" is the list's T'au Empire.
    assert {r["name"]: r["faction"] for r in rows}["Dina Rook"] == "T'au Empire"


def test_a_csv_of_the_same_event_gives_the_same_standings(api, harbour_bcp, harbour_csv):
    from_bcp = _post(api, "bcp", {"file": harbour_bcp}).json()["id"]
    body = {"name": "Harbour Cup (CSV)", "date": "2019-06-15", "file": harbour_csv}
    response = _post(api, "rounds-csv", body)
    assert response.status_code == 201, response.content
    from_csv = response.json()["id"]
    assert _standings(api, from_csv) == _standings(api, from_bcp)
    games = [
        (r.game.round.number, r.game.table_number, r.vp_a, r.vp_b)
        for r in Result.objects.filter(game__round__event_id=from_csv).order_by("game_id")
    ]
    assert games[:3] == [(1, 1, 72, 40), (1, 2, 55, 61), (1, 3, 50, 50)]


def test_the_older_shape_with_a_bye_and_a_player_gone(organiser, older_bcp):
    report = event_import_bcp(user=organiser, data=older_bcp, name="Old Club Night")
    event = report.event
    players = {p.name: p for p in event.players.all()}
    # "Catachan Jungle Fighters" is not in the list: its parent army is.
    assert players["Ilse Brand"].faction == "Astra Militarum"
    lenn = players["Lenn Oster"]
    assert (lenn.dropped, lenn.dropped_after_round) == (True, 1)
    assert not players["Mira Sol"].dropped
    bye = Result.objects.get(game__round__event=event, game__player_b=None)
    assert (bye.source, bye.vp_a, bye.status) == ("bye", 60, "confirmed")
    assert bye.game.player_a.name == "Mira Sol"


def test_an_imported_old_event_exports_and_imports_back_the_same(organiser, harbour_bcp):
    from exchange.services.importing.write import event_import

    event = event_import_bcp(user=organiser, data=harbour_bcp).event
    document = export(event)
    copy = event_import(raw=json.dumps(document).encode(), user=organiser).event
    again = export(copy)
    for doc in (document, again):
        for player in doc["players"]:
            player["private_key"] = ""  # an organiser's import renews every key
    assert without_stamp(again) == without_stamp(document)


def test_a_csv_needs_a_name(api, harbour_csv):
    response = _post(api, "rounds-csv", {"file": harbour_csv})
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"name": ["required"]}
    response = _post(api, "bcp", {"file": {"pairings": []}})
    assert response.json()["error_codes"] == {"file": ["invalid_file"]}


def test_only_organiser_accounts_import(harbour_csv):
    from django.contrib.auth import get_user_model

    body = {"name": "X", "file": harbour_csv}
    assert _post(APIClient(), "rounds-csv", body).status_code in (401, 403)
    player = get_user_model().objects.create_user("someone", password="pw")
    client = APIClient()
    client.force_authenticate(player)
    response = _post(client, "rounds-csv", body)
    assert response.status_code == 403
    assert response.json()["error_codes"] == {"user": ["not_organiser"]}
    assert not Event.objects.exists()


def test_an_unknown_body_field_is_refused(api, harbour_csv):
    response = _post(api, "rounds-csv", {"name": "X", "file": harbour_csv, "rounds": 3})
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"rounds": ["unknown_field"]}


@pytest.mark.parametrize("pack", ["leviathan", "eleventh", "eighth", "seventh", "only_war"])
def test_every_pack_checks_the_scores_by_its_own_rules(api, harbour_csv, pack):
    body = {"name": f"Harbour Cup {pack}", "mission_pack": pack, "file": harbour_csv}
    response = _post(api, "rounds-csv", body)
    assert response.status_code == 201, response.content
    event = Event.objects.get(pk=response.json()["id"])
    assert event.mission_pack == pack
    assert {r["name"]: (r["record"], r["vp"]) for r in _standings(api, event.pk)} == RECORDS
    over = harbour_csv.replace(",90,", ",101,")  # Ada's 90 VP in round 3 becomes 101
    refused = _post(api, "rounds-csv", {**body, "name": "Over", "file": over})
    capped = pack in ("leviathan", "eleventh")
    assert refused.status_code == (400 if capped else 201), refused.content
    if capped:
        assert refused.json()["file"] == ["row 9, vp_a: Must be at most 100."]
