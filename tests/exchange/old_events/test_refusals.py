"""A bad file is refused whole, naming its place (row and column, or JSON path), with a JSON
error from the API; nothing is written."""

from __future__ import annotations

import copy
import json

import pytest

from tournament.models import Event, Player

pytestmark = pytest.mark.django_db

HEADER = "round,table,player_a,faction_a,vp_a,player_b,faction_b,vp_b\n"
GOOD = "1,1,Ada Quill,Orks,72,Bram Toller,Necrons,40\n"


def _refused(api, path: str, body: dict) -> str:
    before = (Event.objects.count(), Player.objects.count())
    response = api.post(
        f"/api/events/import/{path}/", json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 400, response.content
    answer = response.json()
    assert answer["error_codes"] == {"file": ["invalid_file"]}, answer
    assert (Event.objects.count(), Player.objects.count()) == before
    return answer["file"][0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEADER + "1,1,Ada Quill,Orks,seventy,Bram Toller,Necrons,40\n", "row 2, vp_a: must be"),
        (
            HEADER + GOOD + "1,2,Ada Quill,Orks,50,Cato Vell,Aeldari,50\n",
            "row 3: Ada Quill already plays in round 1 (row 2)",
        ),
        (
            HEADER + GOOD + "1,1,Cato Vell,Aeldari,50,Dina Rook,Orks,50\n",
            "row 3, table: a second game at table 1 in round 1 (row 2)",
        ),
        (HEADER.replace("vp_b", "vp_b,colour") + GOOD, "row 1, column 9: 'colour' is not a column"),
        (
            "round,table,player_a,vp_a\n1,1,Ada,50\n",
            "row 1: no faction_a, player_b, faction_b, vp_b column",
        ),
        (
            HEADER + "1,,Ada Quill,Orks,60,,,20\n",
            "row 2, vp_b: a bye (no player_b) has no opponent",
        ),
        (
            HEADER + GOOD + "2,1,Ada Quill,Necrons,50,Bram Toller,Necrons,50\n",
            "row 3, faction_a: Ada Quill is Orks in row 2, faction_a, not Necrons.",
        ),
        (HEADER + "1,1,Ada Quill,Orks,130,Bram Toller,Necrons,40\n", "row 2, vp_a: "),
        (
            HEADER + GOOD + "3,1,Ada Quill,Orks,50,Bram Toller,Necrons,50\n",
            "has games in round 3 but none in round 2",
        ),
        (HEADER, "the file: holds no games"),
        ("", "the file: is empty"),
        (HEADER + "1,1,,Orks,50,Bram Toller,Necrons,40\n", "row 2, player_a: missing"),
        (
            HEADER + "1,1,Ada Quill,Orks,50,Ada Quill,Orks,40\n",
            "row 2: Ada Quill already plays in round 1",
        ),
        (
            HEADER + "0,1,Ada Quill,Orks,50,Bram Toller,Necrons,40\n",
            "row 2, round: must be a whole number of at least 1",
        ),
    ],
)
def test_a_bad_csv_is_refused_naming_its_place(api, text, message):
    shown = _refused(api, "rounds-csv", {"name": "Old GT", "file": text})
    assert message in shown, shown


def _changed(document: dict, change) -> dict:
    document = copy.deepcopy(document)
    change(document)
    return document


def _pop(obj: dict, key: str) -> None:
    obj.pop(key)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: _pop(d["pairings"][2], "player1Game"), "pairings[2].player1Game: missing"),
        (
            lambda d: d["pairings"][0]["player2Game"].update(points="lots"),
            "pairings[0].player2Game.points: must be a whole number",
        ),
        (
            lambda d: d["pairings"][1]["player1Game"].update(result=2),
            "pairings[1].player1Game.result: the two players' results disagree",
        ),
        (
            lambda d: (
                d["pairings"][0]["player1Game"].update(result=0, points=72)
                or d["pairings"][0]["player2Game"].update(result=2)
            ),
            "pairings[0].player1Game.result: Must agree with the VP",
        ),
        (
            lambda d: d["pairings"][4].update(round="two"),
            "pairings[4].round: must be a whole number",
        ),
        (lambda d: d["pairings"][3].update(player1=7), "pairings[3].player1: must be an object."),
        (
            lambda d: d["pairings"][3]["player1"].update(user={}, id="p9"),
            "pairings[3].player1: names no player",
        ),
        (lambda d: d.update(pairings={}), "pairings: must be a list of pairings."),
        (lambda d: d.pop("pairings"), "the file: holds no pairings"),
        (
            lambda d: d["players"][0].update(dropped="yes"),
            "players[0].dropped: must be true or false.",
        ),
    ],
)
def test_a_bad_bcp_file_is_refused_naming_its_path(api, harbour_bcp, change, message):
    shown = _refused(api, "bcp", {"file": _changed(harbour_bcp, change)})
    assert message in shown, shown
