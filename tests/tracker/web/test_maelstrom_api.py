"""A full Maelstrom of War game played through the tracker API, both players, to the end;
starting games (and refusing bad starts); Leviathan requests unchanged."""

from __future__ import annotations

import random

import pytest

from tests.tracker.maelstrom.player import next_action
from tracker.models import TrackedAction, TrackedGame

pytestmark = pytest.mark.django_db


def _create(client, **body):
    return client.post("/api/tracker/", body, content_type="application/json")


def _views(client, token):
    views = {}
    for side in ("player_1", "player_2"):
        response = client.get(f"/api/tracker/{token}/", {"side": side})
        assert response.status_code == 200
        views[side] = response.json()
    return views


@pytest.mark.parametrize(
    ("pack", "mission"),
    [
        ("eighth", "cleanse_and_capture"),
        ("eighth", "contact_lost"),
        ("eighth", "tactical_escalation"),
        ("eighth", "spoils_of_war"),
        ("eighth", "cloak_and_shadows"),
        ("eighth", "deadlock"),
        ("seventh", "tactical_escalation"),
        ("seventh", "the_spoils_of_war"),
    ],
)
def test_a_full_maelstrom_game_through_the_api(client, pack, mission):
    response = _create(client, pack=pack, mission=mission, seed=7, mission_code="8E-MW")
    assert response.status_code == 201, response.content
    body = response.json()
    token = body["token"]
    assert body["engine"] == "maelstrom"
    assert body["mission"] == mission
    assert body["mission_code"] == "8E-MW"
    assert "seed" not in body["state"]
    assert "rng_uses" not in body["state"]
    rnd = random.Random(f"{pack}{mission}")
    steps = 0
    while True:
        views = _views(client, token)
        clock = views["player_1"]["clock"]
        if clock["phase"] == "over":
            break
        # Each player acts from their own view (in a secret mission it hides the other's).
        actor = views["player_1"]["state"]["turn"] or "player_1"
        view = views[actor]
        if view["state"]["phase"] == "end_of_turn":
            # The opponent may achieve too: use their own view for their options.
            options = {s: views[s]["options"][s] for s in views}
        else:
            options = view["options"]
        action = next_action(view["state"], options, rnd)
        acting = action.get("side", actor)
        response = client.post(
            f"/api/tracker/{token}/actions/?side={acting}",
            action,
            content_type="application/json",
        )
        assert response.status_code == 200, (action, response.content)
        steps += 1
        assert steps < 2000
    final = views["player_1"]
    assert final["finished"] is True
    assert final["final"] is not None
    tracked = TrackedGame.objects.get(token=token)
    assert tracked.finished
    assert tracked.actions.count() == tracked.state["seq"] == steps
    assert 5 <= tracked.state["round"] <= 7
    score = final["score"]
    for side in ("player_1", "player_2"):
        achieved = sum(e["vp"] for e in tracked.state["sides"][side]["scores"])
        assert score[side]["objectives"] + score[side]["priority"] == achieved
        assert final["final"][side] == score[side]["total"]
    # The stored log replays to the stored state.
    from tracker.engine import maelstrom

    first = maelstrom.new_game(tracked.initial_args["seed"], pack_key=pack, mission_key=mission)
    log = [a.action for a in TrackedAction.objects.filter(tracked=tracked).order_by("seq")]
    assert maelstrom.replay(first, log) == tracked.state


def test_a_refused_action_names_its_field_and_changes_nothing(client):
    token = _create(client, pack="eighth", mission="deadlock", seed=1).json()["token"]
    before = TrackedGame.objects.get(token=token).state
    response = client.post(
        f"/api/tracker/{token}/actions/",
        {"type": "set_first_turn", "round": 0, "phase": "setup", "first": "player_3"},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"first": ["bad_side"]}
    assert TrackedGame.objects.get(token=token).state == before


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"pack": "eighth"}, "mission", "required"),
        ({"pack": "eighth", "mission": "the_spoils_of_war"}, "mission", "unknown_mission"),
        ({"pack": "ninth", "mission": "deadlock"}, "pack", "unknown_pack"),
        ({"pack": "seventh", "mission": "deadlock", "seed": [1]}, "seed", "invalid"),
        (
            {"pack": "seventh", "mission": "deadlock", "mission_code": "x" * 41},
            "mission_code",
            "invalid",
        ),
    ],
)
def test_bad_starts_are_refused(client, body, field, code):
    response = _create(client, **body)
    assert response.status_code == 400
    assert response.json()["error_codes"] == {field: [code]}
    assert not TrackedGame.objects.exists()


def test_the_same_seed_gives_the_same_objectives(client):
    def first_objectives():
        token = _create(client, pack="seventh", mission="deadlock", seed="abc").json()["token"]
        for action in (
            {"type": "set_first_turn", "round": 0, "phase": "setup", "first": "player_1"},
            {"type": "generate", "round": 1, "phase": "start_of_turn", "side": "player_1"},
        ):
            client.post(f"/api/tracker/{token}/actions/", action, content_type="application/json")
        return TrackedGame.objects.get(token=token).state["sides"]["player_1"]["active"]

    first = first_objectives()
    assert len(first) == 6
    assert first == first_objectives()


def test_leviathan_create_still_takes_a_mission_code(client):
    response = _create(client)
    assert response.status_code == 201
    assert response.json()["state"]["phase"] == "roles"
    assert TrackedGame.objects.get().pack_key == "leviathan"


def test_eighth_new_orders_after_the_orders_step_is_refused_naming_the_rule(client):
    # Seed 000 line 2486: New Orders is used after generating your Tactical Objectives at the
    # start of your turn. Once the turn is played, the API refuses it and changes nothing.
    token = _create(client, pack="eighth", mission="cleanse_and_capture", seed=1).json()["token"]
    url = f"/api/tracker/{token}/actions/?side=player_1"
    steps = [
        {"type": "set_first_turn", "round": 0, "phase": "setup", "first": "player_1"},
        {"type": "generate", "round": 1, "phase": "start_of_turn", "side": "player_1"},
        {"type": "play", "round": 1, "phase": "orders", "side": "player_1"},
    ]
    for step in steps:
        assert client.post(url, step, content_type="application/json").status_code == 200
    before = TrackedGame.objects.get(token=token).state
    number = before["sides"]["player_1"]["active"][0]
    late = {"type": "new_orders", "round": 1, "phase": "turn", "side": "player_1"}
    response = client.post(url, {**late, "number": number}, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error_codes"] == {"type": ["new_orders_timing"]}
    assert "at the start of your turn" in response.json()["type"][0]
    assert TrackedGame.objects.get(token=token).state == before
