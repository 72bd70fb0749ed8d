"""Standalone 11th-edition games through the tracker API: start, play to the end from both
sides' views, refusals as JSON with machine codes, strict bodies, no leak of a secret choice."""

from __future__ import annotations

import pytest

from missions.eleventh.matrix import primary_for
from tests.tracker.eleventh.player import next_action
from tracker.engine import eleventh
from tracker.engine.eleventh.pack_cards import primary_card, secondary_cards
from tracker.models import TrackedAction, TrackedGame

pytestmark = pytest.mark.django_db


def _create(client, **body):
    return client.post("/api/tracker/", body, content_type="application/json")


def _views(client, token):
    return {s: client.get(f"/api/tracker/{token}/", {"side": s}).json() for s in ("a", "b")}


def _act(client, token, body):
    return client.post(f"/api/tracker/{token}/actions/", body, content_type="application/json")


def test_a_full_game_through_the_api_keeps_its_caps_and_replays(client):
    response = _create(client, pack="eleventh", a="take-and-hold", b="purge-the-foe")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["engine"] == "eleventh"
    assert body["primaries"] == {"a": "Immovable Object", "b": "Unstoppable Force"}
    assert body["dispositions"] == ["take-and-hold", "purge-the-foe"]
    assert "seed" not in body["state"]
    token = body["token"]
    for _ in range(2000):
        views = _views(client, token)
        action = next_action(views)
        if action is None:
            break
        response = _act(client, token, action)
        assert response.status_code == 200, (action, response.content)
    final = _views(client, token)["a"]["final"]
    for s in ("a", "b"):
        rounds = final[s]["rounds"]
        assert len(rounds) == 5
        assert all(r["primary"] <= 15 and r["secondary"] <= 15 for r in rounds)
        assert final[s]["primary"] == sum(r["primary"] for r in rounds) <= 45
        assert final[s]["secondary"] == sum(r["secondary"] for r in rounds) <= 45
    assert final["a"]["mode"] == "fixed"
    assert final["b"]["mode"] == "tactical"
    assert final["a"]["primary"] > 0
    assert final["b"]["secondary"] > 0
    # The stored log replays to the stored state.
    tracked = TrackedGame.objects.get(token=token)
    args = tracked.initial_args
    a, b = args["dispositions"]
    initial = eleventh.new_game(
        args["seed"],
        primaries={"a": primary_card(primary_for(a, b)), "b": primary_card(primary_for(b, a))},
        secondaries=secondary_cards(),
        dispositions=(a, b),
    )
    log = [x.action for x in TrackedAction.objects.filter(tracked=tracked).order_by("seq")]
    assert eleventh.replay(initial, log) == tracked.state


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"pack": "eleventh", "a": "take-and-hold", "b": "chaos"}, "b", "unknown_disposition"),
        ({"pack": "eleventh", "b": "take-and-hold"}, "a", "unknown_disposition"),
        ({"pack": "eleventh", "a": ["x"], "b": "disruption"}, "a", "unknown_disposition"),
        ({"pack": "leviathan", "a": "disruption"}, "a", "not_for_pack"),
        (
            {"pack": "eleventh", "a": "disruption", "b": "disruption", "seed": 3},
            "seed",
            "not_for_pack",
        ),
        ({"pack": "eleventh", "a": "disruption", "b": "disruption", "x": 1}, "x", None),
    ],
)
def test_bad_starts_are_refused_naming_the_field(client, body, field, code):
    response = _create(client, **body)
    assert response.status_code == 400
    errors = response.json()
    assert field in str(errors)
    if code:
        assert code in str(errors)
    assert not TrackedGame.objects.exists()


def _started(client):
    token = _create(client, pack="eleventh", a="disruption", b="reconnaissance").json()["token"]
    body = {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": "b"}
    assert _act(client, token, body).status_code == 200
    return token


def test_refusals_are_json_with_machine_codes_and_change_nothing(client):
    token = _started(client)
    before = TrackedGame.objects.get(token=token).state
    body = {"type": "choose_secondaries", "round": 0, "phase": "secondaries", "side": "a"}
    response = _act(client, token, {**body, "mode": "fixed", "cards": ["no-prisoners", "beacon"]})
    assert response.status_code == 400
    assert "not_fixed_capable" in str(response.json())
    response = _act(client, token, {**body, "mode": "tactical", "colour": "red"})
    assert response.status_code == 400
    assert "unknown_field" in str(response.json())
    assert "colour" in str(response.json())
    assert TrackedGame.objects.get(token=token).state == before
    response = _act(client, token, {**body, "side": "attacker", "mode": "tactical"})
    assert response.status_code == 400


def test_the_other_sides_secret_choice_never_shows_before_the_reveal(client):
    token = _started(client)
    body = {"type": "choose_secondaries", "round": 0, "phase": "secondaries", "side": "b"}
    _act(client, token, {**body, "mode": "fixed", "cards": ["assassination", "bring-it-down"]})
    for side in ("a", None):
        query = {"side": side} if side else {}
        seen = client.get(f"/api/tracker/{token}/", query).json()
        assert seen["state"]["sides"]["b"]["selection"] == "hidden"
        assert "assassination" not in str(seen["state"]["sides"]["b"])
        assert "fixed" not in str(seen["state"]["sides"]["b"]["mode"])


def test_two_phones_choosing_at_once_both_land(client):
    """A choice built before the other side's secret choice is not stale."""
    token = _started(client)
    seq = _views(client, token)["a"]["clock"]["seq"]
    body = {"type": "choose_secondaries", "round": 0, "phase": "secondaries", "seq": seq}
    assert _act(client, token, {**body, "side": "a", "mode": "tactical"}).status_code == 200
    response = _act(client, token, {**body, "side": "b", "mode": "tactical"})
    assert response.status_code == 200, response.content
    assert response.json()["clock"]["phase"] == "first_turn"


def test_a_game_from_a_generator_code_plays_its_matchup(client):
    generated = client.get(
        "/api/missions/generate/",
        {"pack": "eleventh", "seed": 11, "a": "reconnaissance", "b": "take-and-hold"},
    ).json()
    response = _create(client, pack="eleventh", mission=generated["code"])
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["mission_code"] == generated["code"]
    assert body["dispositions"] == ["reconnaissance", "take-and-hold"]
    assert body["primaries"] == {"a": generated["primary_a"], "b": generated["primary_b"]}


def test_another_packs_code_is_not_an_eleventh_edition_game(client):
    leviathan = client.get("/api/missions/generate/", {"seed": 3}).json()["code"]
    response = _create(client, pack="eleventh", mission=leviathan)
    assert response.status_code == 400
    assert "not_eleventh" in str(response.json())
    response = _create(client, pack="eleventh", mission="XI-NOPE")
    assert response.status_code == 400
    assert not TrackedGame.objects.exists()
