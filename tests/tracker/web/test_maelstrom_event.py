"""Issue 15: an event game on a Maelstrom of War mission (8th or 7th edition) is tracked by the
Maelstrom tracker, through the API and the page, each phone acting for its own side; its final
score lands as the acting player's pending result. Eternal War and Only War games open the
simple score tracker instead (tests/tracker/web/test_eternal.py)."""

from __future__ import annotations

import random
import re

import pytest
from rest_framework.test import APIClient

from tests.conftest import add_players
from tests.cross.roles.conftest import snapshot
from tests.tracker.maelstrom.player import next_action
from tests.tracker.web.conftest import key_client
from tournament.models import Result
from tracker.models import TrackedGame

pytestmark = pytest.mark.django_db

CLEANSE = "EGT-6-6"  # 8th edition Maelstrom: Cleanse and Capture
CLOAK = "SVN-9-9"  # 7th edition Maelstrom: Cloak and Shadows (secret objectives)
ETERNAL = "EGT-1-1"  # 8th edition Eternal War: Secure and Control
ONLY_WAR = "OWR"  # any Only War code: Only War has no Tactical Objectives


def make_game(organiser, pack: str, code: str | None):
    from tournament.services.events.events import event_create
    from tournament.services.rounds.rounds import round_create

    event = event_create(user=organiser, name=f"{pack} GT", rounds=3, mission_pack=pack, seed=3)
    players = add_players(event, organiser, 4)
    round_ = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[
            {"player_a": players[0].pk, "player_b": players[1].pk},
            {"player_a": players[2].pk, "player_b": players[3].pk},
        ],
        mission_code=code,
    )
    return round_.games.get(player_a=players[0])


@pytest.fixture
def maelstrom_game(organiser):
    return make_game(organiser, "eighth", CLEANSE)


def url(game) -> str:
    return f"/api/games/{game.pk}/tracker/"


def test_the_game_opens_the_maelstrom_tracker_with_the_players_names(maelstrom_game):
    game = maelstrom_game
    body = key_client(game.player_a).get(url(game)).json()
    assert body["engine"] == "maelstrom"
    assert body["mission"] == "cleanse_and_capture"
    assert body["mission_code"] == CLEANSE
    assert body["game"] == game.pk
    assert body["token"] is None
    assert body["players"] == {"player_1": game.player_a.name, "player_2": game.player_b.name}
    assert body["side"] == "player_1"
    assert key_client(game.player_b).get(url(game)).json()["side"] == "player_2"
    assert TrackedGame.objects.filter(game=game).count() == 1
    assert "seed" not in str(body["state"])


def test_each_phone_acts_for_its_own_side_and_organisers_for_both(maelstrom_game, api):
    game = maelstrom_game
    a, b = key_client(game.player_a), key_client(game.player_b)
    first = {"type": "set_first_turn", "round": 0, "phase": "setup", "first": "player_2"}
    assert a.post(url(game), first, format="json").status_code == 200  # no side: either
    generate = {"type": "generate", "round": 1, "phase": "start_of_turn", "side": "player_2"}
    before = snapshot()
    refused = a.post(url(game), generate, format="json")
    assert refused.status_code == 403
    assert refused.json()["error_codes"] == {"side": ["not_your_side"]}
    assert game.player_a.name in refused.json()["side"][0]
    assert snapshot() == before
    assert b.post(url(game), generate, format="json").status_code == 200
    bonus = {"type": "bonus", "round": 1, "phase": "orders", "side": "player_1",
             "name": "first_blood", "value": True}  # fmt: skip
    assert b.post(url(game), bonus, format="json").status_code == 403
    assert api.post(url(game) + "?side=player_2", bonus, format="json").status_code == 200
    assert api.get(url(game) + "?side=player_2").json()["side"] == "player_2"
    bad = api.get(url(game) + "?side=attacker")
    assert bad.status_code == 400
    assert bad.json()["error_codes"] == {"side": ["bad_side"]}


def test_roles_other_games_key_403_anonymous_401(maelstrom_game):
    game = maelstrom_game
    other = game.round.games.exclude(pk=game.pk).get()
    act = {"type": "set_first_turn", "round": 0, "phase": "setup", "first": "player_1"}
    before = snapshot()
    stranger = key_client(other.player_a)
    assert stranger.get(url(game)).status_code == 403
    denied = stranger.post(url(game), act, format="json")
    assert denied.status_code == 403
    assert denied.json()["error_codes"] == {"game": ["not_your_game"]}
    assert APIClient().get(url(game)).status_code == 401
    assert APIClient().post(url(game), act, format="json").status_code == 401
    forged = key_client(None)
    forged.credentials(HTTP_AUTHORIZATION="Key forged-key-0000")
    assert forged.post(url(game), act, format="json").status_code == 401
    assert snapshot() == before
    page = f"/tracker/game/{game.pk}/"
    assert APIClient().get(page).status_code == 401
    assert APIClient().get(f"{page}?key={other.player_a.private_key}").status_code == 403


def play_to_the_end(game, *, seed: int) -> dict:
    """Both players play through the API with their own keys; returns the last view."""
    clients = {"player_1": key_client(game.player_a), "player_2": key_client(game.player_b)}
    rnd = random.Random(seed)
    body = clients["player_1"].get(url(game)).json()
    full = TrackedGame.objects.get(game=game)
    for _ in range(2000):
        state = full.state
        if state["phase"] == "over":
            return body
        from tracker.engine import maelstrom

        options = maelstrom.options(state)
        action = next_action(state, options, rnd)
        actor = action.get("side") if action["type"] != "set_first_turn" else None
        response = clients[actor or "player_1"].post(url(game), action, format="json")
        assert response.status_code == 200, (action, response.json())
        body = response.json()
        full.refresh_from_db()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("pack", "code"), [("eighth", CLEANSE), ("seventh", "SVN-0-0"), ("eighth", "EGT-5-5")]
)
def test_a_full_event_game_lands_a_pending_result_the_opponent_confirms(organiser, api, pack, code):
    game = make_game(organiser, pack, code)
    body = play_to_the_end(game, seed=11)
    tracked = TrackedGame.objects.get(game=game)
    assert tracked.finished
    final = body["final"]
    score = body["score"]
    result = Result.objects.get(game=game, is_current=True)
    assert tracked.result_id == result.pk
    assert body["result"]["id"] == result.pk
    assert (result.status, result.source) == ("pending", "tracker")
    assert result.entered_by_player_id == game.player_a_id  # player_1 sent "finish"
    for side, letter in (("player_1", "a"), ("player_2", "b")):
        mine = score[side]
        assert getattr(result, f"vp_{letter}") == max(final[side], mine["bonuses"])
        assert getattr(result, f"secondary_{letter}") == mine["bonuses"]
        tactical = mine["objectives"] + mine["priority"] + sum(mine["end"].values())
        assert getattr(result, f"tactical_{letter}") == max(0, tactical)
        assert getattr(result, f"primary_{letter}") == 0
    assert result.tactical_a + result.tactical_b > 0
    confirm = key_client(game.player_b).post(f"/api/games/{game.pk}/result/confirm/")
    assert confirm.status_code == 200, confirm.json()
    result.refresh_from_db()
    assert result.status == "confirmed"
    rows = api.get(f"/api/events/{game.round.event_id}/standings/").json()
    played = {r["name"]: r for r in rows if r["played"]}
    winner = {"a": game.player_a.name, "b": game.player_b.name}.get(
        "a" if result.vp_a > result.vp_b else "b" if result.vp_b > result.vp_a else ""
    )
    assert set(played) == {game.player_a.name, game.player_b.name}
    if winner:
        assert played[winner]["wins"] == 1


@pytest.mark.parametrize(("pack", "code"), [("eighth", ETERNAL), ("only_war", None)])
def test_eternal_war_and_only_war_games_open_the_score_tracker(organiser, pack, code):
    game = make_game(organiser, pack, code)
    response = key_client(game.player_a).get(url(game))
    assert response.status_code == 200
    assert response.json()["engine"] == "eternal"
    page = APIClient().get(f"/tracker/game/{game.pk}/?key={game.player_a.private_key}")
    assert page.status_code == 200
    home = APIClient().get(f"/p/{game.player_a.private_key}/").content.decode()
    assert f"/tracker/game/{game.pk}/" in home


def test_the_player_page_offers_the_tracker_for_a_maelstrom_game(maelstrom_game, client):
    game = maelstrom_game
    html = client.get(f"/p/{game.player_a.private_key}/").content.decode()
    link = f"/tracker/game/{game.pk}/?key={game.player_a.private_key}"
    assert link in html
    assert "Track this game" in html


def forms(html: str) -> list[dict[str, str]]:
    out = []
    for body in re.findall(r'<form method="post"[^>]*>(.*?)</form>', html, re.S):
        fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', body))
        out.append(fields)
    return out


def test_the_page_drives_the_game_for_the_players_own_side(organiser, client):
    game = make_game(organiser, "seventh", CLOAK)
    page_a = f"/tracker/game/{game.pk}/?key={game.player_a.private_key}"
    html = client.get(page_a).content.decode()
    assert game.player_a.name in html
    assert game.player_b.name in html
    assert "Player 1" not in html
    assert "Share this game" not in html
    assert "Your player page" in html
    # Only its own side's bonus buttons; setup's "goes first" for either.
    sides = {f.get("side") for f in forms(html) if f.get("type") == "bonus"}
    assert sides == {"player_1"}
    first = next(f for f in forms(html) if f.get("first") == "player_1")
    response = client.post(page_a, first)
    assert response.status_code == 302
    assert response["Location"].endswith(page_a)
    html = client.get(page_a).content.decode()
    assert any(f.get("type") == "generate" for f in forms(html))
    # The opponent's phone waits, and a forged post for the other side changes nothing.
    page_b = f"/tracker/game/{game.pk}/?key={game.player_b.private_key}"
    html_b = client.get(page_b).content.decode()
    assert not any(f.get("type") == "generate" for f in forms(html_b))
    generate = next(f for f in forms(html) if f.get("type") == "generate")
    before = TrackedGame.objects.get(game=game).state["seq"]
    refused = client.post(page_b, generate)
    assert refused.status_code == 403
    assert TrackedGame.objects.get(game=game).state["seq"] == before
    assert client.post(page_a, generate).status_code == 302
    assert TrackedGame.objects.get(game=game).state["phase"] == "turn"


def test_the_organiser_page_switches_sides(maelstrom_game, client, organiser):
    game = maelstrom_game
    client.force_login(organiser)
    html = client.get(f"/tracker/game/{game.pk}/?side=player_2").content.decode()
    assert 'href="?side=player_1"' in html
    assert "The event" in html
    assert {f.get("side") for f in forms(html) if f.get("type") == "bonus"} == {
        "player_1",
        "player_2",
    }


def test_the_event_pages_poll_needs_the_pages_own_access(maelstrom_game, client, organiser):
    game = maelstrom_game
    page = f"/tracker/game/{game.pk}/"
    assert client.get(page + "?poll=1").status_code == 401
    key = client.get(f"{page}?key={game.player_a.private_key}&poll=1")
    assert key.json() == {"seq": 0}
    client.force_login(organiser)
    assert client.get(page + "?side=player_2&poll=1").json() == {"seq": 0}
