"""Check-in through the API: an event that requires it pairs only checked-in players, names
the others in its refusal, and lets the organiser force the pairing."""

import pytest

from tests.conftest import add_players

pytestmark = pytest.mark.django_db


def pair(api, event, **body):
    return api.post(f"/api/events/{event.pk}/rounds/", body, format="json")


def require_check_in(api, event):
    response = api.patch(f"/api/events/{event.pk}/", {"check_in_required": True}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["check_in_required"] is True


def check_in(players, names=None):
    for player in players:
        if names is None or player.name in names:
            player.checked_in = True
            player.save(update_fields=["checked_in"])


def test_check_in_is_off_by_default_and_set_on_create_and_patch(api):
    plain = api.post("/api/events/", {"name": "Plain", "rounds": 3}, format="json").json()
    assert plain["check_in_required"] is False
    strict = api.post(
        "/api/events/", {"name": "Strict", "rounds": 3, "check_in_required": True}, format="json"
    ).json()
    assert strict["check_in_required"] is True
    assert api.get(f"/api/events/{strict['id']}/").json()["check_in_required"] is True
    patched = api.patch(
        f"/api/events/{strict['id']}/", {"check_in_required": False}, format="json"
    ).json()
    assert patched["check_in_required"] is False
    bad = api.patch(f"/api/events/{strict['id']}/", {"check_in_required": "perhaps"}, format="json")
    assert bad.status_code == 400
    assert "check_in_required" in bad.json()["error_codes"]


def test_pairing_refuses_and_names_the_players_not_checked_in(api, event, organiser):
    players = add_players(event, organiser, 8)
    require_check_in(api, event)
    check_in(players, {"Player 001", "Player 002", "Player 003", "Player 004", "Player 005"})
    # A dropped player is not expected at the table, checked in or not.
    players[7].dropped = True
    players[7].save(update_fields=["dropped"])
    response = pair(api, event, seed=1)
    assert response.status_code == 409
    body = response.json()
    assert body["error_codes"] == {"players": ["not_checked_in"]}
    message = body["players"][0]
    assert "Player 006" in message
    assert "Player 007" in message
    assert "Player 008" not in message
    assert "Player 001" not in message
    assert message.startswith("2 players are not checked in")
    assert not event.rounds.exists()


def test_forced_pairing_pairs_everyone_active(api, event, organiser):
    players = add_players(event, organiser, 8)
    require_check_in(api, event)
    check_in(players[:3])
    response = pair(api, event, seed=1, force=True)
    assert response.status_code == 201, response.json()
    paired = {p for g in response.json()["games"] for p in (g["player_a"], g["player_b"])}
    assert paired == {p.pk for p in players}


def test_checked_in_event_pairs(api, event, organiser):
    players = add_players(event, organiser, 6)
    require_check_in(api, event)
    check_in(players)
    assert pair(api, event, seed=1).status_code == 201


def test_without_the_setting_nobody_needs_checking_in(api, event, organiser):
    add_players(event, organiser, 6)
    assert pair(api, event, seed=1).status_code == 201


def test_late_entries_must_check_in_before_the_next_round(api, event, organiser):
    players = add_players(event, organiser, 4)
    require_check_in(api, event)
    check_in(players)
    r1 = pair(api, event, seed=1).json()
    for game in r1["games"]:
        api.post(f"/api/games/{game['id']}/result/", {"vp_a": 60, "vp_b": 40}, format="json")
    late = api.post(
        f"/api/events/{event.pk}/players/", {"name": "Late Larry", "faction": "Orks"}, format="json"
    )
    assert late.status_code == 201, late.json()
    response = pair(api, event, seed=2)
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"players": ["not_checked_in"]}
    assert response.json()["players"][0].startswith("1 player is not checked in: Late Larry.")
    api.patch(
        f"/api/events/{event.pk}/players/{late.json()['id']}/",
        {"checked_in": True},
        format="json",
    )
    assert pair(api, event, seed=2).status_code == 201
