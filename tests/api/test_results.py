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
    assert [v["version"] for v in versions] == [2, 1]
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
    response = api.post(f"/api/events/{event.pk}/audit/{entry.pk}/undo/")
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
