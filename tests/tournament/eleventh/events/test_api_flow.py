"""An 11th-edition event through the API: dispositions on players, the no_disposition refusal
and its force, each game's own primaries and layout, the layout policies, and the organiser's
layout change with its undo."""

from __future__ import annotations

import pytest

from missions.eleventh import matrix
from tournament.models import Game, Player

DISPOSITIONS = matrix.DISPOSITION_IDS


def _event(api, **extra) -> dict:
    body = {"name": "Muster GT", "rounds": 3, "mission_pack": "eleventh", **extra}
    response = api.post("/api/events/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def _players(api, event_id: int, count: int = 8, *, dispositions=True) -> list[dict]:
    made = []
    for i in range(count):
        body = {"name": f"Player {i + 1}", "faction": "Orks"}
        if dispositions:
            body["disposition"] = DISPOSITIONS[i % len(DISPOSITIONS)]
        response = api.post(f"/api/events/{event_id}/players/", body, format="json")
        assert response.status_code == 201, response.json()
        made.append(response.json())
    return made


def _pair(api, event_id: int, **body):
    return api.post(f"/api/events/{event_id}/rounds/", body, format="json")


def _check_game_matches_matrix(game: dict, by_id: dict) -> None:
    a = by_id[game["player_a"]]["disposition"]
    b = by_id[game["player_b"]]["disposition"]
    assert game["primary_a"] == matrix.primary_name(matrix.primary_for(a, b))
    assert game["primary_b"] == matrix.primary_name(matrix.primary_for(b, a))
    assert game["layout"] in matrix.LAYOUT_LETTERS
    map_id = matrix.layout_map(a, b, game["layout"])
    assert game["layout_available"] is (map_id is not None)
    assert game["deployment"] == (matrix.MAP_NAMES[map_id] if map_id else None)


def test_an_eleventh_event_is_made_through_the_api_and_the_default_stays_leviathan(api):
    event = _event(api)
    assert event["mission_pack"] == "eleventh"
    assert event["layout_policy"] == "rolled_per_table"
    assert event["table_layouts"] == {}
    plain = api.post("/api/events/", {"name": "Old script", "rounds": 3}, format="json").json()
    assert plain["mission_pack"] == "leviathan"


def test_players_carry_their_disposition_and_an_unknown_one_is_refused(api):
    event = _event(api)
    made = api.post(
        f"/api/events/{event['id']}/players/",
        {"name": "Ana", "disposition": "take-and-hold"},
        format="json",
    )
    assert made.status_code == 201
    assert made.json()["disposition"] == "take-and-hold"
    pid = made.json()["id"]
    refused = api.patch(
        f"/api/events/{event['id']}/players/{pid}/", {"disposition": "ambush"}, format="json"
    )
    assert refused.status_code == 400
    assert list(refused.json()["error_codes"]) == ["disposition"]
    assert Player.objects.get(pk=pid).disposition == "take-and-hold"
    changed = api.patch(
        f"/api/events/{event['id']}/players/{pid}/", {"disposition": "disruption"}, format="json"
    )
    assert changed.json()["disposition"] == "disruption"
    cleared = api.patch(f"/api/events/{event['id']}/players/{pid}/", {"disposition": ""})
    assert cleared.json()["disposition"] == ""


def test_a_disposition_is_refused_in_an_event_of_another_pack(api):
    event = api.post("/api/events/", {"name": "Lev", "rounds": 3}, format="json").json()
    refused = api.post(
        f"/api/events/{event['id']}/players/",
        {"name": "Ana", "disposition": "disruption"},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["error_codes"] == {"disposition": ["not_in_pack"]}
    assert not Player.objects.filter(event_id=event["id"]).exists()


def test_pairing_waits_for_every_disposition_unless_forced(api):
    event = _event(api)
    players = _players(api, event["id"], 6)
    for player in players[:2]:
        api.patch(
            f"/api/events/{event['id']}/players/{player['id']}/",
            {"disposition": ""},
            format="json",
        )
    refused = _pair(api, event["id"], seed=3)
    assert refused.status_code == 409
    body = refused.json()
    assert body["error_codes"] == {"players": ["no_disposition"]}
    message = body["players"][0]
    assert message.startswith("2 players have no Force Disposition")
    assert "Player 1" in message
    assert "Player 2" in message
    assert "Player 3" not in message
    assert not Game.objects.filter(round__event_id=event["id"]).exists()
    forced = _pair(api, event["id"], seed=3, force=True)
    assert forced.status_code == 201
    games = [g for g in forced.json()["games"] if g["player_b"] is not None]
    missing = {players[0]["id"], players[1]["id"]}
    for game in games:
        assert game["layout"] in matrix.LAYOUT_LETTERS
        if {game["player_a"], game["player_b"]} & missing:
            assert game["primary_a"] is None
            assert game["primary_b"] is None


def test_round_games_carry_each_players_primary_and_a_layout_matching_the_matrix(api, anon):
    event = _event(api)
    _players(api, event["id"], 9)
    answer = _pair(api, event["id"], seed=11)
    assert answer.status_code == 201, answer.json()
    data = answer.json()
    assert data["mission"] is None
    by_id = {p.pk: {"disposition": p.disposition} for p in Player.objects.all()}
    games = [g for g in data["games"] if g["player_b"] is not None]
    assert len(games) == 4
    for game in games:
        _check_game_matches_matrix(game, by_id)
    bye = next(g for g in data["games"] if g["player_b"] is None)
    assert (bye["primary_a"], bye["layout"]) == (None, None)
    # The same shapes on every read: the round, the game, the public's cached round.
    read = anon.get(f"/api/events/{event['id']}/rounds/1/").json()
    assert [g["primary_a"] for g in read["games"]] == [g["primary_a"] for g in data["games"]]
    single = anon.get(f"/api/games/{games[0]['id']}/").json()
    assert single["primary_b"] == games[0]["primary_b"]
    assert single["layout"] == games[0]["layout"]


def test_rolled_layouts_follow_the_rounds_seed(api):
    layouts = []
    for _ in range(2):
        event = _event(api)
        _players(api, event["id"], 12)
        games = _pair(api, event["id"], seed=99).json()["games"]
        layouts.append([(g["table"], g["layout"]) for g in games])
    assert layouts[0] == layouts[1]


def test_a_later_disposition_edit_does_not_rewrite_a_paired_game(api):
    event = _event(api)
    players = _players(api, event["id"], 4)
    game = _pair(api, event["id"], seed=5).json()["games"][0]
    before = (game["primary_a"], game["primary_b"])
    pid = game["player_a"]
    new = next(d for d in DISPOSITIONS if d != Player.objects.get(pk=pid).disposition)
    assert players
    assert (
        api.patch(
            f"/api/events/{event['id']}/players/{pid}/", {"disposition": new}, format="json"
        ).status_code
        == 200
    )
    again = api.get(f"/api/games/{game['id']}/").json()
    assert (again["primary_a"], again["primary_b"]) == before


def test_per_round_layout_is_named_when_pairing(api):
    event = _event(api, layout_policy="per_round")
    _players(api, event["id"], 6)
    refused = _pair(api, event["id"], seed=1)
    assert refused.status_code == 400
    assert refused.json()["error_codes"] == {"layout": ["required"]}
    paired = _pair(api, event["id"], seed=1, layout="B")
    assert paired.status_code == 201
    assert paired.json()["layout"] == "B"
    assert {g["layout"] for g in paired.json()["games"]} == {"B"}


def test_a_named_layout_is_refused_under_the_rolled_policy(api):
    event = _event(api)
    _players(api, event["id"], 4)
    refused = _pair(api, event["id"], seed=1, layout="B")
    assert refused.status_code == 400
    assert refused.json()["error_codes"] == {"layout": ["not_per_round"]}


def test_per_table_layouts_are_fixed_by_the_organiser(api):
    event = _event(api, layout_policy="per_table", table_layouts={"1": "C", "2": "A"})
    assert event["table_layouts"] == {"1": "C", "2": "A"}
    _players(api, event["id"], 6)
    games = _pair(api, event["id"], seed=7).json()["games"]
    by_table = {g["table"]: g["layout"] for g in games}
    assert by_table[1] == "C"
    assert by_table[2] == "A"
    assert by_table[3] in matrix.LAYOUT_LETTERS
    bad = api.patch(f"/api/events/{event['id']}/", {"table_layouts": {"x": "A"}}, format="json")
    assert bad.status_code == 400
    assert list(bad.json()["error_codes"]) == ["table_layouts"]


def test_the_organiser_changes_a_games_layout_logged_and_undoable(api):
    event = _event(api)
    _players(api, event["id"], 4)
    game = _pair(api, event["id"], seed=5).json()["games"][0]
    new = next(letter for letter in matrix.LAYOUT_LETTERS if letter != game["layout"])
    changed = api.patch(f"/api/games/{game['id']}/", {"layout": new}, format="json")
    assert changed.status_code == 200, changed.json()
    assert changed.json()["layout"] == new
    unknown = api.patch(f"/api/games/{game['id']}/", {"layout": "D"}, format="json")
    assert unknown.status_code == 400
    assert list(unknown.json()["error_codes"]) == ["layout"]
    extra = api.patch(f"/api/games/{game['id']}/", {"layout": "A", "x": 1}, format="json")
    assert extra.status_code == 400
    log = api.get(f"/api/events/{event['id']}/audit/").json()
    row = next(r for r in log if r["action"] == "game_layout")
    assert f"layout {game['layout']}" in row["description"]
    assert f"→ {new}" in row["description"]
    assert "table 1" in row["description"]
    undo = api.post(
        f"/api/events/{event['id']}/audit/{row['id']}/undo/", {"confirm": True}, format="json"
    )
    assert undo.status_code == 200, undo.json()
    assert api.get(f"/api/games/{game['id']}/").json()["layout"] == game["layout"]


def test_layout_changes_are_for_organisers_and_eleventh_games_only(api, anon, other_organiser):
    from rest_framework.test import APIClient

    event = _event(api)
    _players(api, event["id"], 4)
    game = _pair(api, event["id"], seed=5).json()["games"][0]
    assert anon.patch(f"/api/games/{game['id']}/", {"layout": "A"}, format="json").status_code in (
        401,
        403,
    )
    rival = APIClient()
    rival.force_authenticate(other_organiser)
    assert (
        rival.patch(f"/api/games/{game['id']}/", {"layout": "A"}, format="json").status_code == 403
    )
    lev = api.post("/api/events/", {"name": "Lev", "rounds": 3}, format="json").json()
    for i in range(2):
        api.post(f"/api/events/{lev['id']}/players/", {"name": f"L{i}"}, format="json")
    lev_game = _pair(api, lev["id"], seed=1).json()["games"][0]
    assert lev_game["layout"] is None
    assert lev_game["primary_a"] is None
    refused = api.patch(f"/api/games/{lev_game['id']}/", {"layout": "A"}, format="json")
    assert refused.status_code == 409
    assert refused.json()["error_codes"] == {"layout": ["not_in_pack"]}


def test_an_eleventh_round_refuses_a_mission(api):
    event = _event(api)
    _players(api, event["id"], 4)
    refused = _pair(api, event["id"], seed=1, mission="A")
    assert refused.status_code == 400
    assert refused.json()["error_codes"] == {"mission": ["no_round_mission"]}


@pytest.mark.parametrize("field", ["disposition"])
def test_swapping_players_moves_their_dispositions(api, field):
    event = _event(api)
    _players(api, event["id"], 4)
    data = _pair(api, event["id"], seed=2).json()
    g1, g2 = data["games"][0], data["games"][1]
    x, y = g1["player_a"], g2["player_a"]
    swapped = api.post(
        f"/api/events/{event['id']}/rounds/1/swap/",
        {"player_x": x, "player_y": y},
        format="json",
    )
    assert swapped.status_code == 200, swapped.json()
    by_id = {p.pk: {field: getattr(p, field)} for p in Player.objects.all()}
    for game in swapped.json()["games"]:
        _check_game_matches_matrix(game, by_id)


def test_repairing_keeps_the_named_layout_and_waits_for_dispositions(api):
    event = _event(api, layout_policy="per_round")
    players = _players(api, event["id"], 6)
    assert _pair(api, event["id"], seed=1, layout="C").status_code == 201
    url = f"/api/events/{event['id']}/rounds/1/repair/"
    again = api.post(url, {"seed": 2}, format="json")
    assert again.status_code == 201, again.json()
    assert {g["layout"] for g in again.json()["games"]} == {"C"}
    api.patch(
        f"/api/events/{event['id']}/players/{players[0]['id']}/", {"disposition": ""}, format="json"
    )
    refused = api.post(url, {"seed": 3}, format="json")
    assert refused.status_code == 409
    assert refused.json()["error_codes"] == {"players": ["no_disposition"]}
    assert api.post(url, {"seed": 3, "force": True}, format="json").status_code == 201


def test_disposition_changes_read_in_words_and_undo(api):
    event = _event(api)
    pid = _players(api, event["id"], 1)[0]["id"]
    api.patch(
        f"/api/events/{event['id']}/players/{pid}/",
        {"disposition": "reconnaissance"},
        format="json",
    )
    log = api.get(f"/api/events/{event['id']}/audit/").json()
    row = next(r for r in log if r["action"] == "player_update")
    assert row["description"] == "Player 1: Force Disposition: Take and Hold → Reconnaissance"
    undo = api.post(
        f"/api/events/{event['id']}/audit/{row['id']}/undo/", {"confirm": True}, format="json"
    )
    assert undo.status_code == 200, undo.json()
    assert Player.objects.get(pk=pid).disposition == "take-and-hold"


def test_the_public_sign_up_takes_a_disposition(api, anon):
    event = _event(api, registration_open=True)
    url = f"/api/events/{event['id']}/signup/"
    made = anon.post(
        url, {"name": "Ana", "faction": "Orks", "disposition": "disruption"}, format="json"
    )
    assert made.status_code == 201, made.json()
    assert Player.objects.get(pk=made.json()["id"]).disposition == "disruption"
    bad = anon.post(url, {"name": "Ben", "faction": "Orks", "disposition": "x"}, format="json")
    assert bad.status_code == 400
    assert list(bad.json()["error_codes"]) == ["disposition"]
    lev = api.post(
        "/api/events/", {"name": "Lev", "rounds": 3, "registration_open": True}, format="json"
    ).json()
    refused = anon.post(
        f"/api/events/{lev['id']}/signup/",
        {"name": "Cy", "faction": "Orks", "disposition": "disruption"},
        format="json",
    )
    assert refused.json()["error_codes"] == {"disposition": ["not_in_pack"]}


def test_the_players_own_choice_is_logged_and_undoable(api):
    from tournament.services.rounds.eleventh import player_set_disposition

    event = _event(api)
    pid = _players(api, event["id"], 1, dispositions=False)[0]["id"]
    player_set_disposition(player=Player.objects.get(pk=pid), disposition="purge-the-foe")
    log = api.get(f"/api/events/{event['id']}/audit/").json()
    row = next(r for r in log if r["action"] == "player_disposition")
    assert "Purge the Foe" in row["description"]
    assert "Player 1" in row["description"]
    undo = api.post(
        f"/api/events/{event['id']}/audit/{row['id']}/undo/", {"confirm": True}, format="json"
    )
    assert undo.status_code == 200, undo.json()
    assert Player.objects.get(pk=pid).disposition == ""
