"""Eternal War (8th and 7th edition) and Only War games on the simple score tracker (issue 26
item 17): standalone by the API, by a mission code and from the page; event games on both
phones, landing as the player's pending result with its breakdown and the right outcome."""

from __future__ import annotations

import random

import pytest
from rest_framework.test import APIClient

from tests.cross.roles.conftest import snapshot
from tests.tracker.eternal.player import next_action
from tests.tracker.web.conftest import key_client
from tests.tracker.web.test_maelstrom_event import make_game
from tournament.models import Result
from tracker.models import TrackedGame

pytestmark = pytest.mark.django_db

P1, P2 = "player_1", "player_2"
SECURE = "EGT-1-1"  # 8th edition Eternal War: Secure and Control
EMPEROR = "SVN-1-1"  # 7th edition Eternal War: The Emperor's Will


def clock(body):
    state = body["state"]
    return {"round": state["round"], "phase": state["phase"], "seq": state["seq"]}


def play(client, url, body, rnd, *, until="over", limit=300):
    """Drive a game through the API with the scripted players until `until`."""
    for _ in range(limit):
        if body["state"]["phase"] == until:
            return body
        act = next_action(body["state"], body["options"], rnd)
        if act["type"] == "end_early":
            continue  # a whole game, here
        response = client.post(url, act, format="json")
        assert response.status_code == 200, response.json()
        body = response.json()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("pack", "mission"),
    [("eighth", "no_mercy"), ("seventh", "crusade"), ("only_war", "domination")],
)
def test_a_standalone_game_by_pack_and_mission_is_played_to_the_end(pack, mission):
    api = APIClient()
    created = api.post("/api/tracker/", {"pack": pack, "mission": mission}, format="json")
    assert created.status_code == 201, created.json()
    body = created.json()
    assert (body["engine"], body["pack"], body["mission"]) == ("eternal", pack, mission)
    assert "seed" not in body["state"]
    url = f"/api/tracker/{body['token']}/actions/"
    body = play(api, url, body, random.Random(4))
    assert body["finished"] is True
    kinds = {"win", "major", "minor", "draw"} | ({"crushing"} if pack == "seventh" else set())
    assert body["winner"]["kind"] in kinds
    if body["winner"]["kind"] in ("win", "crushing"):
        # 7th edition: a crushing victory exactly when the winner has twice the loser's VP.
        won, lost = sorted(body["final"].values(), reverse=True)
        assert (body["winner"]["kind"] == "crushing") is (pack == "seventh" and won >= 2 * lost)
    assert body["final"] == {p: body["score"][p]["total"] for p in (P1, P2)}


@pytest.mark.parametrize(
    ("code", "mission"), [(SECURE, "secure_and_control"), (EMPEROR, "the_emperors_will")]
)
def test_an_eternal_war_code_opens_the_score_tracker(code, mission):
    response = APIClient().post("/api/tracker/", {"mission": code}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["engine"], body["mission"], body["mission_code"]) == ("eternal", mission, code)


def test_unknown_missions_and_fields_are_refused_naming_them():
    api = APIClient()
    before = snapshot()
    bad = api.post("/api/tracker/", {"pack": "only_war", "mission": "deadlock"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["error_codes"] == {"mission": ["unknown_mission"]}
    assert snapshot() == before
    body = api.post(
        "/api/tracker/", {"pack": "eighth", "mission": "no_mercy"}, format="json"
    ).json()
    url = f"/api/tracker/{body['token']}/actions/"
    first = {"type": "set_first_turn", **clock(body), "first": P1, "colour": "red"}
    refused = api.post(url, first, format="json")
    assert refused.status_code == 400
    assert refused.json()["error_codes"] == {"colour": ["unknown_field"]}
    assert TrackedGame.objects.get().state["seq"] == 0


def test_an_8th_eternal_war_event_game_lands_as_a_pending_result_with_its_breakdown(organiser):
    game = make_game(organiser, "eighth", SECURE)
    a, b = key_client(game.player_a), key_client(game.player_b)
    url = f"/api/games/{game.pk}/tracker/"
    body = a.get(url).json()
    assert body["engine"] == "eternal"
    assert body["side"] == P1
    assert body["players"] == {P1: game.player_a.name, P2: game.player_b.name}
    body = a.post(url, {"type": "set_first_turn", **clock(body), "first": P2}, format="json").json()
    # Each phone acts only for its own side.
    end = {"type": "end_turn", **clock(body), "side": P2}
    refused = a.post(url, end, format="json")
    assert refused.status_code == 403
    assert refused.json()["error_codes"] == {"side": ["not_your_side"]}
    while body["state"]["phase"] == "turn":
        client = b if body["state"]["turn"] == P2 else a
        end = {"type": "end_turn", **clock(body), "side": body["state"]["turn"]}
        body = client.post(url, end, format="json").json()
    if body["state"]["phase"] == "game_length":
        body = a.post(url, {"type": "game_length", **clock(body), "roll": 1}, format="json").json()
    hold = {"type": "hold", **clock(body), "marker": 1, "holder": P1}
    body = a.post(url, hold, format="json").json()
    bonus = {"type": "bonus", **clock(body), "side": P2, "name": "first_blood", "value": True}
    body = b.post(url, bonus, format="json").json()
    body = b.post(url, {"type": "finish", **clock(body)}, format="json").json()
    assert body["result"]["status"] == "pending"
    result = Result.objects.get(game=game)
    assert (result.vp_a, result.vp_b) == (3, 1)
    assert (result.primary_a, result.secondary_a, result.primary_b, result.secondary_b) == (
        3,
        0,
        0,
        1,
    )
    assert result.source == "tracker"


def test_an_only_war_event_game_records_power_levels_and_the_underdogs_win(organiser):
    # seed 003 line 1727: equal VP is a minor victory for the Underdog (the lower Power Level).
    game = make_game(organiser, "only_war", None)
    a = key_client(game.player_a)
    url = f"/api/games/{game.pk}/tracker/"
    body = a.get(url).json()
    assert body["engine"] == "eternal"
    assert body["pack"] == "only_war"
    power = {"type": "power_levels", **clock(body), "power_1": 40, "power_2": 25,
             "assigned_by": P1}  # fmt: skip
    body = a.post(url, power, format="json").json()
    assert body["underdog"]["side"] == P2
    body = a.post(url, {"type": "set_first_turn", **clock(body), "first": P1}, format="json").json()
    if body["state"]["phase"] == "battle_start":
        body = a.post(url, {"type": "roll_markers", **clock(body)}, format="json").json()
    assert APIClient().post(url, {"type": "finish"}, format="json").status_code == 401
    phones = {P1: a, P2: key_client(game.player_b)}
    while body["state"]["phase"] == "turn":
        turn = body["state"]["turn"]
        end = {"type": "end_turn", **clock(body), "side": turn}
        if body["options"]["held_each_turn"]:
            end["held"] = [None] * body["options"]["held_each_turn"]
        body = phones[turn].post(url, end, format="json").json()
    body = a.post(url, {"type": "finish", **clock(body)}, format="json").json()
    assert body["winner"] == {"side": P2, "kind": "minor", "why": "underdog"}
    result = Result.objects.get(game=game)
    assert (result.vp_a, result.vp_b, result.power_a, result.power_b) == (0, 0, 40, 25)
    assert result.decided == "b_wins"


def test_a_concession_ends_the_event_game_with_the_opponents_win(organiser):
    # seed 000 line 2018: a concession ends the battle at once, the opponent's victory.
    game = make_game(organiser, "eighth", SECURE)
    b = key_client(game.player_b)
    url = f"/api/games/{game.pk}/tracker/"
    body = b.get(url).json()
    body = b.post(url, {"type": "set_first_turn", **clock(body), "first": P1}, format="json").json()
    concede = {"type": "end_early", **clock(body), "side": P2, "how": "concession"}
    body = b.post(url, concede, format="json").json()
    body = b.post(url, {"type": "finish", **clock(body)}, format="json").json()
    result = Result.objects.get(game=game)
    assert (result.decided, result.ended) == ("a_wins", "concession")


def test_the_relic_8th_event_game_sends_its_winner_and_no_vp(organiser, api):
    # seed 000 line 2439: The Relic is won by its own conditions, with no bonus points.
    game = make_game(organiser, "eighth", "EGT-S-S")
    a = api  # the organiser acts for both sides
    url = f"/api/games/{game.pk}/tracker/"
    body = a.get(url).json()
    assert body["mission"] == "the_relic"
    body = a.post(url, {"type": "set_first_turn", **clock(body), "first": P1}, format="json").json()
    concede = {"type": "end_turn", **clock(body), "side": P1}
    while body["state"]["phase"] in ("turn", "game_length"):
        if body["state"]["phase"] == "game_length":
            body = a.post(url, {"type": "game_length", **clock(body), "roll": 1}, format="json")
        else:
            concede = {"type": "end_turn", **clock(body), "side": body["state"]["turn"]}
            body = a.post(url, concede, format="json")
        body = body.json()
    relic = {"type": "relic", **clock(body), "how": "carried", "winner": P2}
    body = a.post(url, relic, format="json").json()
    body = a.post(url, {"type": "finish", **clock(body)}, format="json").json()
    result = Result.objects.get(game=game)
    assert (result.vp_a, result.vp_b, result.decided) == (0, 0, "b_wins")


def test_the_pages_play_a_standalone_game_and_an_event_game(client, organiser):
    started = client.post("/tracker/new/", {"mission": SECURE})
    assert started.status_code == 302
    tracked = TrackedGame.objects.get()
    page = client.get(started["Location"])
    assert page.status_code == 200
    html = page.content.decode()
    assert "Secure and Control" in html
    assert "goes first" in html
    form = {"type": "set_first_turn", "round": "0", "phase": "setup", "seq": "0",
            "viewer": P1, "first": P2}  # fmt: skip
    assert client.post(started["Location"], form).status_code == 302
    tracked.refresh_from_db()
    assert tracked.state["turn"] == P2
    # The same form again: not applied; the page reloads as the game now is and says so.
    stale = client.post(started["Location"], form)
    assert stale.status_code == 302
    assert (
        "The other phone moved first: this is the game now"
        in client.get(stale["Location"]).content.decode()
    )
    tracked.refresh_from_db()
    assert tracked.state["seq"] == 1
    game = make_game(organiser, "only_war", None)
    phone = APIClient().get(f"/tracker/game/{game.pk}/?key={game.player_a.private_key}")
    assert phone.status_code == 200
    assert "Power Level" in phone.content.decode()


def test_the_new_game_page_lists_every_eternal_war_and_only_war_mission(client):
    html = client.get("/tracker/new/").content.decode()
    for value in ("eighth:the_relic", "seventh:the_emperors_will", "only_war:ancient_relic"):
        assert f'value="{value}"' in html
    started = client.post("/tracker/new/", {"maelstrom": "only_war:ancient_relic"})
    assert started.status_code == 302
    assert TrackedGame.objects.get().state["engine"] == "eternal"


def test_an_only_war_tracked_game_survives_export_and_import(organiser):
    """A tracked Eternal War / Only War game is exported with the event (its state and action
    log, docs/export-format.md) and an export of the import is the same document."""
    import json

    from exchange.services.importing.write import event_import
    from tests.exchange.helpers import export, without_stamp

    game = make_game(organiser, "only_war", None)
    a = key_client(game.player_a)
    url = f"/api/games/{game.pk}/tracker/"
    body = a.get(url).json()
    power = {"type": "power_levels", **clock(body), "power_1": 12, "power_2": 30,
             "assigned_by": P2}  # fmt: skip
    body = a.post(url, power, format="json").json()
    a.post(url, {"type": "set_first_turn", **clock(body), "first": P1}, format="json")
    document = export(game.round.event)
    [tracked] = document["tracked_games"]
    assert tracked["state"]["engine"] == "eternal"
    event = game.round.event
    event.rounds.all().delete()  # keys and links stay only when the original is gone
    event.delete()
    copy = event_import(raw=json.dumps(document), as_admin=True, link_accounts=True).event
    assert without_stamp(export(copy)) == without_stamp(document)
    state = TrackedGame.objects.get(game__round__event=copy).state
    assert state["power"] == {P1: 12, P2: 30}


def test_slay_and_secure_takes_the_d3_the_players_rolled_from_the_page(client):
    # seed 003 line 1734: D3 VP if the opposing Warlord was slain.
    started = client.post("/tracker/new/", {"maelstrom": "only_war:slay_and_secure"})
    tracked = TrackedGame.objects.get()
    form = {"type": "bonus", "round": "0", "phase": "setup", "seq": "0", "viewer": P1,
            "side": P1, "name": "slay_the_warlord", "value": "1", "roll": "2"}  # fmt: skip
    assert 'name="roll"' in client.get(started["Location"]).content.decode()
    assert client.post(started["Location"], form).status_code == 302
    tracked.refresh_from_db()
    assert tracked.state["sides"][P1]["warlord"] == 2
