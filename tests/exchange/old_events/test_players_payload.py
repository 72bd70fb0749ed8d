"""Best Coast Pairings' per-player file (each player with `placing`, `numWins`, `opponentIds`,
`games` of `gameResult`/`gamePoints`, `dropped`, `army`): the file organisers download. The
pairings follow from it, each game checked from both players' entries. The fixtures are invented
(tests/exchange/old_events/files/*.players.bcp.json); no real person's data."""

from __future__ import annotations

import copy
import json

import pytest

from tests.exchange.old_events.conftest import FILES
from tests.exchange.old_events.test_api import RECORDS, _post, _standings
from tournament.models import Event, Player, Result

pytestmark = pytest.mark.django_db


def _file(name: str):
    return json.loads((FILES / name).read_text())


def test_the_players_file_gives_the_event_its_pairings_would(api, harbour_bcp):
    response = _post(
        api, "bcp", {"name": "Harbour Cup", "file": _file("harbour_cup.players.bcp.json")}
    )
    assert response.status_code == 201, response.content
    event = Event.objects.get(pk=response.json()["id"])
    assert event.planned_rounds == 3
    assert Result.objects.filter(game__round__event=event).count() == 9
    rows = _standings(api, event.pk)
    assert {r["name"]: (r["record"], r["vp"]) for r in rows} == RECORDS
    from_pairings = _post(api, "bcp", {"file": harbour_bcp}).json()["id"]
    assert rows == _standings(api, from_pairings)
    # Each game once, the two players' VP from their own entries.
    games = {
        (r.game.round.number, r.game.player_a.name, r.game.player_b.name, r.vp_a, r.vp_b)
        for r in Result.objects.filter(game__round__event=event)
    }
    assert (1, "Dina Rook", "Cato Vell", 61, 55) in games
    assert len(games) == 9


def test_byes_drops_and_an_unknown_army_from_the_players_file(api):
    response = _post(
        api, "bcp", {"name": "Club Night", "file": _file("club_night.players.bcp.json")}
    )
    assert response.status_code == 201, response.content
    answer = response.json()
    event = Event.objects.get(pk=answer["id"])
    players = {p.name: p for p in Player.objects.filter(event=event)}
    assert (players["Rhea Lund"].dropped, players["Rhea Lund"].dropped_after_round) == (True, 1)
    assert not players["Quin Hale"].dropped
    bye = Result.objects.get(game__round__event=event, game__player_b=None)
    assert (bye.game.round.number, bye.game.player_a.name, bye.vp_a) == (1, "Quin Hale", 60)
    assert players["Pell Ward"].faction == "Made-up Legion"
    # Listed as the players API lists it: the field, the code, and words naming the player.
    assert {
        "field": "faction",
        "code": "unknown_faction",
        "message": "Pell Ward: Made-up Legion is not in the faction list; kept as typed.",
    } in answer["warnings"]
    assert [w for w in answer["warnings"] if w["code"] == "unknown_faction"] == [
        w for w in answer["warnings"] if "Pell Ward" in w["message"]
    ]


def _refused(api, data) -> str:
    before = Event.objects.count()
    response = _post(api, "bcp", {"name": "X", "file": data})
    assert response.status_code == 400, response.content
    assert response.json()["error_codes"] == {"file": ["invalid_file"]}
    assert Event.objects.count() == before
    return response.json()["file"][0]


def _changed(change):
    data = copy.deepcopy(_file("harbour_cup.players.bcp.json"))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # Dina (p4, [0]) and Cato (p3, [3]) both say they won round 1.
        (
            lambda d: d[3]["games"][0].update(gameResult=2),
            "[3].games[0].gameResult: Cato Vell and Dina Rook both say they won round 1",
        ),
        (
            lambda d: d[0]["games"][0].update(gamePoints="lots"),
            "[0].games[0].gamePoints: must be a whole number",
        ),
        (
            lambda d: d[0]["opponentIds"].__setitem__(0, "p9"),
            "[0].opponentIds[0]: no player in the file has the id 'p9'",
        ),
        # Dina says she met Ada in round 1; Ada's round 1 was against Bram.
        (
            lambda d: d[0]["opponentIds"].__setitem__(0, "p1"),
            "[0].opponentIds[0]: Dina Rook met Ada Quill in round 1, but Ada Quill's round 1 "
            "([1].opponentIds[0]) was against Bram Toller",
        ),
        (
            lambda d: d[0]["opponentIds"].pop(),
            "[0].opponentIds: 2 opponents for 3 games",
        ),
        (lambda d: d[0].update(games="three"), "[0].games: must be a list of games"),
        (lambda d: d[2].pop("id"), "[2]: has no id (its opponents name players by id)"),
    ],
)
def test_a_bad_players_file_is_refused_naming_its_place(api, change, message):
    shown = _refused(api, _changed(change))
    assert message in shown, shown


@pytest.mark.parametrize(
    ("data", "found"),
    [
        ({"event": {"name": "X"}, "rounds": []}, "found an object with event, rounds"),
        ([1, 2], "found a list of numbers"),
        ([{"name": "Ada", "score": 3}], "found a list whose first item has name, score"),
        ("pairings", "found text"),
        (None, "found null"),
    ],
)
def test_an_unreadable_file_says_what_is_expected_and_what_was_found(api, data, found):
    shown = _refused(api, data)
    assert "BCP's pairings" in shown, shown
    assert "its players" in shown, shown
    assert "opponentIds" in shown, shown
    assert found in shown, shown


def test_unknown_factions_in_the_pairings_shape_are_warned_too(api, harbour_bcp):
    data = copy.deepcopy(harbour_bcp)
    for pairing in data["pairings"]:
        for side in ("player1", "player2"):
            if pairing[side]["id"] == "p6":
                pairing[side]["faction"] = {"name": "Plague Frogs"}
    data["players"][5]["faction"] = {"name": "Plague Frogs"}
    answer = _post(api, "bcp", {"file": data}).json()
    assert [w["message"] for w in answer["warnings"] if w["code"] == "unknown_faction"] == [
        "Fenna Holt: Plague Frogs is not in the faction list; kept as typed."
    ]


def test_a_faction_with_a_direction_override_is_refused_naming_its_place(api):
    data = _changed(lambda d: d[1].update(army={"name": "Or\u202eks"}))
    shown = _refused(api, data)
    assert shown.startswith("[1].army.name: Must not hold a text-direction control"), shown


@pytest.mark.parametrize("name", ["harbour_cup.players.bcp.json", "harbour_cup.bcp.json"])
def test_a_bcp_file_given_to_the_event_import_is_pointed_to_its_reader(api, name):
    response = api.post("/api/events/import/", _file(name), format="json")
    assert response.status_code == 400, response.content
    assert response.json()["error_codes"] == {"file": ["not_event"]}
    assert "/api/events/import/bcp/" in response.json()["file"][0]
