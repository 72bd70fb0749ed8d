"""Issue 26 item 4: a battle that ends early (a concession, or a side tabled) is won by the
opponent whatever the VP say. Seed 000 (8th edition) around line 2018 ("Sudden Death"), seed 001
(7th edition) around line 310: a side with no models left at the end of a turn loses at once.

Results keep their VP (required) and may add `outcome` (a_wins, b_wins, draw) and `ended`
(time, concession, tabled)."""

from __future__ import annotations

import pytest

from tests.tournament.api.test_mission_packs_events import create, register

pytestmark = pytest.mark.django_db


def _first_game(api, pack: str) -> tuple[dict, int]:
    event = create(api, pack)
    register(api, event["id"], 2)
    paired = api.post(f"/api/events/{event['id']}/rounds/", {"seed": 1}, format="json").json()
    return event, paired["games"][0]["id"]


def test_a_concession_wins_for_the_opponent_in_spite_of_vp(api):
    event, game = _first_game(api, "eighth")
    body = {"primary_a": 9, "primary_b": 2, "outcome": "b_wins", "ended": "concession"}
    got = api.post(f"/api/games/{game}/result/", body, format="json")
    assert got.status_code == 201, got.json()
    assert got.json()["outcome"] == "b"
    assert got.json()["ended"] == "concession"
    assert got.json()["vp_a"] == 9
    rows = {r["player"]: r for r in api.get(f"/api/events/{event['id']}/standings/").json()}
    winner = api.get(f"/api/games/{game}/").json()["player_b"]
    assert rows[winner]["wins"] == 1
    # Entered again unchanged: nothing new.
    again = api.post(f"/api/games/{game}/result/", body, format="json")
    assert again.status_code == 200


def test_a_tabled_side_loses_in_seventh_edition(api):
    _, game = _first_game(api, "seventh")
    body = {"vp_a": 4, "vp_b": 6, "outcome": "a_wins", "ended": "tabled"}
    got = api.post(f"/api/games/{game}/result/", body, format="json")
    assert got.status_code == 201, got.json()
    assert (got.json()["outcome"], got.json()["ended"]) == ("a", "tabled")


@pytest.mark.parametrize(
    ("body", "field", "code"),
    [
        ({"vp_a": 4, "vp_b": 6, "ended": "concession"}, "outcome", "required"),
        ({"vp_a": 4, "vp_b": 6, "outcome": "draw", "ended": "tabled"}, "outcome", "not_a_win"),
        ({"vp_a": 4, "vp_b": 6, "outcome": "a_wins"}, "outcome", "mismatch"),
        ({"vp_a": 4, "vp_b": 6, "outcome": "a"}, "outcome", "invalid_choice"),
        ({"vp_a": 4, "vp_b": 6, "ended": "rain"}, "ended", "invalid_choice"),
        ({"outcome": "b_wins", "ended": "concession"}, "vp_a", "required"),
    ],
)
def test_an_early_end_needs_a_winner_and_vp_stay_required(api, body, field, code):
    _, game = _first_game(api, "eighth")
    got = api.post(f"/api/games/{game}/result/", body, format="json")
    assert got.status_code == 400
    assert code in got.json()["error_codes"][field]


def test_a_result_ended_by_time_agrees_with_its_vp(api):
    _, game = _first_game(api, "leviathan")
    body = {"vp_a": 70, "vp_b": 60, "outcome": "a_wins", "ended": "time"}
    got = api.post(f"/api/games/{game}/result/", body, format="json")
    assert got.status_code == 201, got.json()
    assert (got.json()["outcome"], got.json()["ended"]) == ("a", "time")
    plain = api.post(f"/api/games/{game}/result/", {"vp_a": 70, "vp_b": 60}, format="json")
    assert plain.json()["ended"] == ""


def test_only_war_equal_vp_goes_to_the_underdog_in_the_standings(api):
    # Issue 26 item 5, seed 003 around line 1723: equal VP is a minor victory for the Underdog,
    # the lower Power Level (around line 1700); it counts as a win in the record.
    event, game = _first_game(api, "only_war")
    body = {"primary_a": 6, "primary_b": 6, "power_a": 52, "power_b": 40}
    got = api.post(f"/api/games/{game}/result/", body, format="json")
    assert got.status_code == 201, got.json()
    assert (got.json()["outcome"], got.json()["power_a"], got.json()["power_b"]) == ("b", 52, 40)
    rows = {r["player"]: r for r in api.get(f"/api/events/{event['id']}/standings/").json()}
    underdog = api.get(f"/api/games/{game}/").json()["player_b"]
    assert rows[underdog]["wins"] == 1
    refused = api.post(f"/api/games/{game}/result/", {**body, "power_a": "x"}, format="json")
    assert refused.status_code == 400
    assert "power_a" in refused.json()["error_codes"]


def test_the_relic_result_says_who_won_and_takes_no_bonus_points(api):
    # Issue 26 item 8, seed 000 around line 2439: The Relic is a major or minor victory or a
    # draw, with no Slay the Warlord, First Blood or Linebreaker.
    from missions.classic.generator import generate_classic
    from missions.pack.registry import get_pack
    from tournament.models import Game

    _, game = _first_game(api, "eighth")
    relic = next(
        m.code
        for m in (generate_classic(get_pack("eighth"), s) for s in range(500))
        if m.mission.key == "the_relic"
    )
    round_ = Game.objects.get(pk=game).round
    round_.mission_code = relic
    round_.save(update_fields=["mission_code"])
    url = f"/api/games/{game}/result/"
    bonus = api.post(url, {"secondary_a": 1, "vp_b": 0, "outcome": "a_wins"}, format="json")
    assert "not_in_pack" in bonus.json()["error_codes"]["secondary_a"]
    assert "outcome" in api.post(url, {"vp_a": 0, "vp_b": 0}, format="json").json()["error_codes"]
    got = api.post(url, {"vp_a": 0, "vp_b": 0, "outcome": "b_wins"}, format="json")
    assert got.status_code == 201, got.json()
    assert got.json()["outcome"] == "b"


def test_the_opponent_agrees_to_a_concession_by_entering_the_same_vp(api):
    # A claim that says how the battle ended is not contradicted by an entry that says
    # nothing of it (an unknown part contradicts nothing), so the same VP confirm it.
    from tests.tournament.api.test_mission_packs_events import key_client
    from tournament.models import Game

    _, game_id = _first_game(api, "eighth")
    game = Game.objects.get(pk=game_id)
    url = f"/api/games/{game_id}/result/"
    claim = {"vp_a": 9, "vp_b": 2, "outcome": "b_wins", "ended": "concession"}
    assert key_client(game.player_b.private_key).post(url, claim, format="json").status_code == 201
    again = key_client(game.player_a.private_key).post(url, {"vp_a": 9, "vp_b": 2}, format="json")
    assert again.json()["status"] == "confirmed", again.json()
    assert again.json()["outcome"] == "b"
