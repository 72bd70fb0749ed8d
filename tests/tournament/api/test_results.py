"""Result entry through the API: organisers, players' keys, confirmation, versions, byes."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(api, event, players):
    ids = [p.pk for p in players]
    pairings = [{"player_a": ids[i], "player_b": ids[i + 1]} for i in range(0, 8, 2)]
    response = api.post(f"/api/events/{event.pk}/rounds/", {"pairings": pairings}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def key_client(player):
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Key {player.private_key}")
    return client


def test_round_shape_and_mission(paired):
    assert paired["number"] == 1
    assert [g["table"] for g in paired["games"]] == [1, 2, 3, 4]
    game = paired["games"][0]
    assert {"id", "table", "player_a", "player_b"} <= set(game)
    assert set(paired["mission"]) >= {"code", "primary", "mission_rule", "deployment"}


def test_organiser_entry_counts_at_once(api, paired):
    gid = paired["games"][0]["id"]
    response = api.post(f"/api/games/{gid}/result/", {"vp_a": 70, "vp_b": 40}, format="json")
    assert response.status_code == 201
    assert response.json()["status"] == "confirmed"
    assert response.json()["outcome"] == "a"
    # Entering the same result again changes nothing and adds no version.
    again = api.post(f"/api/games/{gid}/result/", {"vp_a": 70, "vp_b": 40}, format="json")
    assert again.status_code == 200
    assert len(api.get(f"/api/games/{gid}/result/").json()) == 1


def test_correction_adds_a_version_and_one_counts(api, paired):
    from tournament.models import Result

    gid = paired["games"][0]["id"]
    api.post(f"/api/games/{gid}/result/", {"vp_a": 70, "vp_b": 40}, format="json")
    api.post(f"/api/games/{gid}/result/", {"vp_a": 40, "vp_b": 70}, format="json")
    versions = api.get(f"/api/games/{gid}/result/").json()
    # Oldest first, as docs/api.md says; is_current marks the one that counts.
    assert [(v["version"], v["is_current"]) for v in versions] == [(1, False), (2, True)]
    current = Result.objects.get(game_id=gid, is_current=True)
    assert (current.vp_a, current.vp_b, current.version) == (40, 70, 2)


def test_bad_result_names_field_and_changes_nothing(api, paired):
    gid = paired["games"][0]["id"]
    response = api.post(f"/api/games/{gid}/result/", {"vp_a": 101, "vp_b": 40}, format="json")
    assert response.status_code == 400
    assert response.json()["vp_a"] == ["Must be at most 100."]
    assert response.json()["error_codes"]["vp_a"] == ["max_value"]
    assert api.get(f"/api/games/{gid}/result/").json() == []


def test_player_submits_opponent_confirms(players, paired):
    from tournament.models import Player

    game = paired["games"][0]
    a = Player.objects.get(pk=game["player_a"])
    b = Player.objects.get(pk=game["player_b"])
    submitted = key_client(a).post(
        f"/api/games/{game['id']}/result/", {"vp_a": 55, "vp_b": 50}, format="json"
    )
    assert submitted.status_code == 201
    assert submitted.json()["status"] == "pending"
    # The submitter cannot confirm their own entry; a player of another game cannot either.
    assert key_client(a).post(f"/api/games/{game['id']}/result/confirm/", {}).status_code == 403
    outsider = Player.objects.get(pk=paired["games"][1]["player_a"])
    assert (
        key_client(outsider).post(f"/api/games/{game['id']}/result/confirm/", {}).status_code == 403
    )
    confirmed = key_client(b).post(f"/api/games/{game['id']}/result/confirm/", {})
    assert confirmed.status_code == 200
    assert confirmed.json()["status"] == "confirmed"


def test_disagreeing_entry_is_disputed(players, paired):
    from tournament.models import Player

    game = paired["games"][0]
    a = Player.objects.get(pk=game["player_a"])
    b = Player.objects.get(pk=game["player_b"])
    key_client(a).post(f"/api/games/{game['id']}/result/", {"vp_a": 55, "vp_b": 50}, format="json")
    other = key_client(b).post(
        f"/api/games/{game['id']}/result/", {"vp_a": 50, "vp_b": 55}, format="json"
    )
    assert other.status_code == 201
    assert other.json()["status"] == "disputed"


def test_matching_entries_from_both_players_confirm(players, paired):
    from tournament.models import Player

    game = paired["games"][0]
    a = Player.objects.get(pk=game["player_a"])
    b = Player.objects.get(pk=game["player_b"])
    key_client(a).post(f"/api/games/{game['id']}/result/", {"vp_a": 55, "vp_b": 50}, format="json")
    same = key_client(b).post(
        f"/api/games/{game['id']}/result/", {"vp_a": 55, "vp_b": 50}, format="json"
    )
    assert same.status_code == 200
    assert same.json()["status"] == "confirmed"


def test_player_of_another_game_and_forged_key_are_refused(players, paired):
    from rest_framework.test import APIClient

    from tournament.models import Player

    game = paired["games"][0]
    outsider = Player.objects.get(pk=paired["games"][1]["player_a"])
    assert (
        key_client(outsider)
        .post(f"/api/games/{game['id']}/result/", {"vp_a": 1, "vp_b": 0}, format="json")
        .status_code
        == 403
    )
    forged = APIClient()
    forged.credentials(HTTP_AUTHORIZATION="Key not-a-real-key")
    assert (
        forged.post(
            f"/api/games/{game['id']}/result/", {"vp_a": 1, "vp_b": 0}, format="json"
        ).status_code
        == 401
    )
    anon = APIClient()
    assert (
        anon.post(
            f"/api/games/{game['id']}/result/", {"vp_a": 1, "vp_b": 0}, format="json"
        ).status_code
        == 401
    )


def test_bye_is_a_win_with_bye_vp(api, event, players):
    ids = [p.pk for p in players[:3]]
    body = {
        "pairings": [
            {"player_a": ids[0], "player_b": ids[1]},
            {"player_a": ids[2], "player_b": None},
        ]
    }
    api.patch(f"/api/events/{event.pk}/players/{players[3].pk}/", {"dropped": True}, format="json")
    for p in players[4:]:
        api.patch(f"/api/events/{event.pk}/players/{p.pk}/", {"dropped": True}, format="json")
    response = api.post(f"/api/events/{event.pk}/rounds/", body, format="json")
    assert response.status_code == 201, response.json()
    bye = next(g for g in response.json()["games"] if g["player_b"] is None)
    assert bye["table"] is None
    assert bye["result"]["vp_a"] == event.bye_vp
    assert bye["result"]["outcome"] == "a"
    assert bye["result"]["status"] == "confirmed"


def test_next_round_refused_while_results_missing(api, event, paired):
    response = api.post(f"/api/events/{event.pk}/rounds/", {}, format="json")
    assert response.status_code == 409
    assert response.json()["error_codes"]["round"] == ["results_missing"]
    assert event.rounds.count() == 1


@pytest.mark.parametrize(
    ("pairings", "code"),
    [
        ([{"player_a": 999999, "player_b": None}], "unknown_player"),
        ("nope", "not_a_list"),
    ],
)
def test_bad_manual_pairings_change_nothing(api, event, players, pairings, code):
    response = api.post(f"/api/events/{event.pk}/rounds/", {"pairings": pairings}, format="json")
    assert response.status_code == 400
    assert code in str(response.json()["error_codes"])
    assert event.rounds.count() == 0


def test_undo_result_restores_previous_version(api, event, paired):
    from tournament.models import Result

    gid = paired["games"][0]["id"]
    api.post(f"/api/games/{gid}/result/", {"vp_a": 70, "vp_b": 40}, format="json")
    api.post(f"/api/games/{gid}/result/", {"vp_a": 40, "vp_b": 70}, format="json")
    entry = event.audit.filter(action="result_enter").first()  # newest first
    assert entry.before["vp_a"] == 70
    assert entry.after["vp_a"] == 40
    response = api.post(f"/api/events/{event.pk}/audit/{entry.pk}/undo/", {}, format="json")
    assert response.status_code == 200
    current = Result.objects.get(game_id=gid, is_current=True)
    assert (current.vp_a, current.vp_b) == (70, 40)
    assert Result.objects.filter(game_id=gid).count() == 2  # nothing is lost


def test_pending_correction_of_confirmed_result_blocks_next_round(api, event, paired):
    from tournament.models import Player

    for game in paired["games"]:
        api.post(f"/api/games/{game['id']}/result/", {"vp_a": 60, "vp_b": 50}, format="json")
    # An organiser correction is confirmed; a player's later entry cannot override it...
    game = paired["games"][0]
    a = Player.objects.get(pk=game["player_a"])
    refused = key_client(a).post(
        f"/api/games/{game['id']}/result/", {"vp_a": 10, "vp_b": 50}, format="json"
    )
    assert refused.status_code == 409
    assert refused.json()["error_codes"]["result"] == ["confirmed"]
    # ...so the round stays complete and the next one can be paired.
    assert api.post(f"/api/events/{event.pk}/rounds/", {}, format="json").status_code == 201


def test_player_of_hidden_event_can_still_submit(api, event, paired):
    from tournament.models import Event, Player

    api.patch(f"/api/events/{event.pk}/", {"hidden": True}, format="json")
    game = paired["games"][0]
    a = Player.objects.get(pk=game["player_a"])
    response = key_client(a).post(
        f"/api/games/{game['id']}/result/", {"vp_a": 5, "vp_b": 4}, format="json"
    )
    assert response.status_code == 201
    outsider = Player.objects.create(event=Event.objects.create(name="Other"), name="X")
    assert key_client(outsider).get(f"/api/games/{game['id']}/").status_code == 404


def _mixed_round(api, paired):
    """Game 1 confirmed (A won), game 2 awaiting B's confirmation, game 3 disputed, game 4 empty."""
    from tournament.models import Player

    g1, g2, g3, _ = paired["games"]
    api.post(f"/api/games/{g1['id']}/result/", {"vp_a": 70, "vp_b": 40}, format="json")
    a2 = Player.objects.get(pk=g2["player_a"])
    assert (
        key_client(a2)
        .post(f"/api/games/{g2['id']}/result/", {"vp_a": 60, "vp_b": 40}, format="json")
        .json()["status"]
        == "pending"
    )
    a3 = Player.objects.get(pk=g3["player_a"])
    b3 = Player.objects.get(pk=g3["player_b"])
    key_client(a3).post(f"/api/games/{g3['id']}/result/", {"vp_a": 55, "vp_b": 45}, format="json")
    disputed = key_client(b3).post(
        f"/api/games/{g3['id']}/result/", {"vp_a": 40, "vp_b": 60}, format="json"
    )
    assert disputed.json()["status"] == "disputed"
    return paired["games"]


def _wins(rows) -> dict[int, int]:
    return {row["player"]: row["wins"] for row in rows}


def test_public_standings_count_confirmed_results_only(api, anon, event, paired):
    g1, g2, g3, _ = _mixed_round(api, paired)
    response = anon.get(f"/api/events/{event.pk}/standings/")
    assert response.status_code == 200
    assert isinstance(response.json(), list)  # the contract: a bare list of rows
    wins = _wins(response.json())
    assert wins[g1["player_a"]] == 1
    # Neither the entry awaiting confirmation nor the disputed one gives anybody the win.
    assert wins[g2["player_a"]] == wins[g2["player_b"]] == 0
    assert wins[g3["player_a"]] == wins[g3["player_b"]] == 0
    assert response.headers["X-Results-Unconfirmed"] == "1"
    assert response.headers["X-Results-Disputed"] == "1"
    assert response.headers["X-Results-Missing"] == "1"
    assert response.headers["X-Standings-After-Round"] == "0"
    assert response.headers["X-Standings-Provisional"] == "0"


def test_provisional_standings_are_for_organisers_only(api, anon, players, event, paired):
    g1, g2, g3, _ = _mixed_round(api, paired)
    response = api.get(f"/api/events/{event.pk}/standings/?provisional=1")
    assert response.status_code == 200
    assert response.headers["X-Standings-Provisional"] == "1"
    wins = _wins(response.json())
    assert wins[g1["player_a"]] == 1
    assert wins[g2["player_a"]] == 1  # the entry as it stands
    assert wins[g3["player_b"]] == 1  # the disputed game's latest claim
    for client in (anon, key_client(players[0])):
        refused = client.get(f"/api/events/{event.pk}/standings/?provisional=1")
        assert refused.status_code == 403
        assert refused.json()["error_codes"] == {"provisional": ["not_staff"]}
    bad = api.get(f"/api/events/{event.pk}/standings/?provisional=yes")
    assert bad.status_code == 400
    assert bad.json()["error_codes"] == {"provisional": ["invalid"]}


def test_standings_status_endpoint(api, anon, event, paired):
    _mixed_round(api, paired)
    body = anon.get(f"/api/events/{event.pk}/standings/status/").json()
    assert body == {
        "last_complete_round": 0,
        "round_in_play": 1,
        "in_play_confirmed": 1,
        "in_play_games": 4,
        "unconfirmed": 1,
        "disputed": 1,
        "missing": 1,
        "heading": "Round 1 in play: 1 of 4 results confirmed",
    }


def _confirm_all_but(api, paired, keep: int) -> None:
    for i, game in enumerate(paired["games"]):
        if i != keep:
            api.post(f"/api/games/{game['id']}/result/", {"vp_a": 60, "vp_b": 40}, format="json")


def test_pairing_refused_while_a_result_awaits_confirmation(api, event, players, paired):
    from tournament.models import Player

    _confirm_all_but(api, paired, keep=0)
    game = paired["games"][0]
    a = Player.objects.get(pk=game["player_a"])
    key_client(a).post(f"/api/games/{game['id']}/result/", {"vp_a": 60, "vp_b": 40}, format="json")
    response = api.post(f"/api/events/{event.pk}/rounds/", {}, format="json")
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"round": ["results_missing"]}
    # The refusal names the table and its players, not only how many results are missing.
    b = Player.objects.get(pk=game["player_b"])
    assert response.json()["round"] == [
        f"Round 1 still lacks 1 confirmed result: table {game['table']}, {a.name} v {b.name} "
        "(awaiting confirmation). Enter or confirm it, or force the pairing."
    ]
    assert event.rounds.count() == 1
    forced = api.post(f"/api/events/{event.pk}/rounds/", {"force": True}, format="json")
    assert forced.status_code == 201


def test_pairing_refused_while_a_result_is_disputed(api, event, players, paired):
    from tournament.models import Player

    _g1, g2, g3, g4 = _mixed_round(api, paired)
    response = api.post(f"/api/events/{event.pk}/rounds/", {}, format="json")
    assert response.status_code == 409

    def names(g):
        return " v ".join(Player.objects.get(pk=g[k]).name for k in ("player_a", "player_b"))

    assert response.json()["round"] == [
        f"Round 1 still lacks 3 confirmed results: table {g2['table']}, {names(g2)} "
        f"(awaiting confirmation); table {g3['table']}, {names(g3)} (disputed); "
        f"table {g4['table']}, {names(g4)} (missing). "
        "Enter or confirm them, or force the pairing."
    ]
    # Only the disputed game left: still refused.
    api.post(f"/api/games/{g2['id']}/result/confirm/", {}, format="json")
    api.post(f"/api/games/{g4['id']}/result/", {"vp_a": 50, "vp_b": 50}, format="json")
    response = api.post(f"/api/events/{event.pk}/rounds/", {}, format="json")
    assert response.status_code == 409
    assert (
        f"1 confirmed result: table {g3['table']}, {names(g3)} (disputed)."
        in (response.json()["round"][0])
    )
    assert event.rounds.count() == 1


@pytest.mark.parametrize("field", ["gambit_a", "gambit_b"])
@pytest.mark.parametrize("value", [17, 29, 31, 50])
def test_gambit_is_30_or_nothing(api, paired, field, value):
    gid = paired["games"][0]["id"]
    body = {"vp_a": 0, "vp_b": 0} | {field: value}
    body.pop(f"vp_{field[-1]}")
    response = api.post(f"/api/games/{gid}/result/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error_codes"][field] == ["choice"]
    assert response.json()[field] == ["Must be 0 or 30 (a gambit scores 30 VP or nothing)."]
    assert api.get(f"/api/games/{gid}/result/").json() == []
    body[field] = 30
    assert api.post(f"/api/games/{gid}/result/", body, format="json").status_code == 201


def test_pairing_refusal_names_five_games_and_counts_the_rest(api, event, organiser):
    from tests.conftest import add_players

    add_players(event, organiser, 14)
    assert (
        api.post(f"/api/events/{event.pk}/rounds/", {"seed": 1}, format="json").status_code == 201
    )
    response = api.post(f"/api/events/{event.pk}/rounds/", {}, format="json")
    text = response.json()["round"][0]
    assert text.startswith("Round 1 still lacks 7 confirmed results: table 1, ")
    assert text.count("(missing)") == 5
    assert "table 5, " in text
    assert "table 6, " not in text
    assert text.endswith("; and 2 more. Enter or confirm them, or force the pairing.")
