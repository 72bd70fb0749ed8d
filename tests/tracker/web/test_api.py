"""The tracker's endpoints: standalone by link token, event games by player key."""

from __future__ import annotations

import json

import pytest

from tests.tracker.web.conftest import key_client
from tests.tracker.web.helpers import Driver
from tournament.models import Result
from tracker.models import TrackedAction, TrackedGame

pytestmark = pytest.mark.django_db


def post(client, url, body):
    return client.post(url, body, format="json")


def new_game(anon, mission="LEV-A"):
    response = post(anon, "/api/tracker/", {"mission": mission})
    assert response.status_code == 201, response.json()
    return response.json()


def test_create_view_and_act_standalone(anon):
    body = new_game(anon)
    token = body["token"]
    assert body["clock"] == {"round": 0, "phase": "roles", "turn": None, "seq": 0}
    assert "assign_roles" in body["phase_actions"]
    act = {"type": "assign_roles", "round": 0, "phase": "roles", "seq": 0, "attacker": "player_2"}
    response = post(anon, f"/api/tracker/{token}/actions/", act)
    assert response.status_code == 200, response.json()
    assert response.json()["state"]["roles"]["attacker"] == "player_2"
    view = anon.get(f"/api/tracker/{token}/?side=defender").json()
    assert view["side"] == "defender"
    assert view["state"]["sides"]["defender"]["deck_size"] == 16


def test_create_with_a_generated_mission(anon):
    assert new_game(anon, mission=None)["mission_code"]


def test_refused_action_answers_400_with_field_and_code_and_changes_nothing(anon):
    token = new_game(anon)["token"]
    bad = {"type": "draw", "round": 1, "phase": "command", "side": "attacker"}
    response = post(anon, f"/api/tracker/{token}/actions/", bad)
    assert response.status_code == 400
    body = response.json()
    assert body["error_codes"] == {"round": ["wrong_round"]}
    assert "round" in body["round"][0]
    tracked = TrackedGame.objects.get(token=token)
    assert tracked.state["seq"] == 0
    assert not TrackedAction.objects.filter(tracked=tracked).exists()


def test_stale_seq_answers_409(anon):
    token = new_game(anon)["token"]
    roll = {"type": "roll_off", "round": 0, "phase": "roles", "seq": 0}
    assert post(anon, f"/api/tracker/{token}/actions/", roll).status_code == 200
    response = post(anon, f"/api/tracker/{token}/actions/", roll)
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"seq": ["stale_action"]}


def test_unknown_token_and_bad_side(anon):
    assert anon.get("/api/tracker/not-a-token/").status_code == 404
    token = new_game(anon)["token"]
    response = anon.get(f"/api/tracker/{token}/?side=umpire")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"side": ["bad_side"]}


def test_an_event_games_tracker_is_not_reachable_by_token(event_game, organiser, anon):
    from tracker.services.trackers import tracker_of_game

    tracked = tracker_of_game(game_id=event_game.pk, user=organiser)
    assert anon.get(f"/api/tracker/{tracked.token}/").status_code == 404
    assert (
        key_client(event_game.player_a).get(f"/api/games/{event_game.pk}/tracker/").json()["token"]
        is None
    )


def test_event_tracker_permissions(event_game, stranger, anon):
    url = f"/api/games/{event_game.pk}/tracker/"
    assert key_client(event_game.player_a).get(url).status_code == 200
    assert key_client(event_game.player_b).get(url).status_code == 200
    denied = key_client(stranger).get(url)
    assert denied.status_code == 403
    assert denied.json()["error_codes"] == {"game": ["not_your_game"]}
    assert anon.get(url).status_code == 401
    forged = anon
    forged.credentials(HTTP_AUTHORIZATION="Key forged-key-0000")
    assert forged.get(url).status_code == 401
    roll = {"type": "roll_off", "round": 0, "phase": "roles"}
    assert post(key_client(stranger), url, roll).status_code == 403
    assert TrackedGame.objects.get(game=event_game).state["seq"] == 0


def test_organiser_may_track_any_game_of_their_event(event_game, api):
    url = f"/api/games/{event_game.pk}/tracker/"
    assert api.get(url + "?side=attacker").status_code == 200
    roll = {"type": "roll_off", "round": 0, "phase": "roles"}
    assert post(api, url, roll).status_code == 200


def test_player_acts_only_for_their_own_side(event_game):
    url = f"/api/games/{event_game.pk}/tracker/"
    a, b = key_client(event_game.player_a), key_client(event_game.player_b)
    post(a, url, {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": "player_a"})
    pick = {"type": "select_secondaries", "round": 0, "phase": "secondaries", "mode": "tactical",
            "cards": ["area_denial", "capture_enemy_outpost"]}  # fmt: skip
    response = post(a, url, {**pick, "side": "defender"})
    assert response.status_code == 403
    assert response.json()["error_codes"] == {"side": ["not_your_side"]}
    assert post(b, url, {**pick, "side": "defender"}).status_code == 200
    # Each player sees their own side; the view hides the other's choice until both chose.
    assert a.get(url).json()["side"] == "attacker"
    assert a.get(url).json()["state"]["sides"]["defender"]["selection"] == "hidden"


def test_full_game_through_the_api_lands_the_players_result(event_game):
    url = f"/api/games/{event_game.pk}/tracker/"
    clients = {
        "player_a": key_client(event_game.player_a),
        "player_b": key_client(event_game.player_b),
    }
    driver = Driver("player_b")  # player_b attacks: the a/b mapping is not the identity
    bodies = []
    for _ in range(300):
        tracked = TrackedGame.objects.filter(game=event_game).first()
        state = tracked.state if tracked else None
        if state is None:
            bodies.append(clients["player_a"].get(url).content.decode())
            continue
        if state["phase"] == "over":
            break
        action = driver.next_action(state)
        side = action.get("side")
        label = state["roles"][side] if side and state["roles"] else "player_a"
        response = post(clients[label], url, action)
        assert response.status_code == 200, (action, response.json())
        bodies.append(response.content.decode())
    tracked = TrackedGame.objects.get(game=event_game)
    assert tracked.finished
    seed = tracked.initial_args["seed"]
    assert all(seed not in body for body in bodies)
    event_game.refresh_from_db()
    assert event_game.attacker_id == event_game.player_b_id
    result = Result.objects.get(game=event_game, is_current=True)
    assert tracked.result_id == result.pk
    final = json.loads(bodies[-1])["final"]
    assert (result.status, result.source) == ("pending", "tracker")
    assert result.entered_by_player_id == event_game.player_a_id  # sent "finish"
    assert result.vp_b == final["attacker"]["total"] > 0
    assert result.vp_a == final["defender"]["total"] > 0
    assert result.primary_b == final["attacker"]["primary"]
    assert result.gambit_b == final["attacker"]["gambit"] > 0
    assert result.secondary_a == final["defender"]["secondary"]
    after = post(clients["player_a"], url, {"type": "finish", "round": 5, "phase": "over"})
    assert after.status_code == 400


def test_view_offers_what_the_cards_allow_and_the_cp_pool(anon):
    """The page reads `options`: the primary and when it scores, cards scoring now, CP."""
    token = new_game(anon)["token"]
    url = f"/api/tracker/{token}/actions/"

    def send(body, **fields):
        clock = body["clock"]
        action = {"round": clock["round"], "phase": clock["phase"], "seq": clock["seq"], **fields}
        response = post(anon, url, action)
        assert response.status_code == 200, response.json()
        return response.json()

    body = anon.get(f"/api/tracker/{token}/").json()
    assert body["objectives"] == ["centre", "nml_1", "nml_2"]
    body = send(body, type="assign_roles", attacker="player_1")
    decoys = ["area_denial", "capture_enemy_outpost"]
    for side in ("attacker", "defender"):
        body = send(body, type="select_secondaries", side=side, mode="tactical", cards=decoys)
    body = send(body, type="set_first_turn", first="attacker")
    mine = body["options"]["attacker"]
    assert mine["cp"] == 1
    assert mine["primary"]["name"] == "Take and Hold"
    assert mine["primary"]["now"] is False  # round 1: Take and Hold does not score
    assert "rounds 2-4" in mine["primary"]["when"]
    refused = post(
        anon, url, {**body["clock"], "type": "score_primary", "side": "attacker", "vp": 5}
    )
    assert refused.status_code == 400
    assert refused.json()["error_codes"] == {"type": ["primary_not_now"]}
