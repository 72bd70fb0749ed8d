"""The API exposes what the audit page shows: undo previews with dependents in words, a
confirm flag, and field keys with machine codes (never page labels) in its errors."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def _pair(api, event, **body):
    response = api.post(f"/api/events/{event.pk}/rounds/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_undo_preview_and_confirm_over_the_api(api, event, players):
    r1 = _pair(api, event, seed=1)
    games = [g for g in r1["games"] if g["player_b"] is not None]
    for game in games:
        api.post(f"/api/games/{game['id']}/result/", {"vp_a": 60, "vp_b": 40}, format="json")
    _pair(api, event, seed=2)
    entry = event.audit.filter(action="result_enter", target=f"game:{games[0]['id']}").get()
    url = f"/api/events/{event.pk}/audit/{entry.pk}/undo/"
    preview = api.get(url).json()
    assert preview["can_undo"] is True
    assert preview["needs_confirmation"] is True
    assert preview["dependents"] == [
        "Round 2 was paired after this result; its pairings stay as they are."
    ]
    refused = api.post(url, {}, format="json")
    assert refused.status_code == 409
    assert refused.json()["error_codes"] == {"confirm": ["confirmation_required"]}
    assert api.post(url, {"confirm": True}, format="json").status_code == 200
    assert api.get(url).json()["code"] == "already_undone"


def test_audit_list_says_each_entry_in_words_and_whether_it_can_be_undone(api, event, players):
    _pair(api, event, seed=1)
    _pair(api, event, seed=2, force=True)
    rows = {row["description"]: row for row in api.get(f"/api/events/{event.pk}/audit/").json()}
    r1 = rows["Round 1 paired by the pairing engine (seed 1): 4 games"]
    r2 = rows["Round 2 paired by the pairing engine (seed 2): 4 games"]
    assert (r1["can_undo"], r2["can_undo"]) == (False, True)
    assert r1["undo_blocked"].startswith("Only the latest round can be undone")
    assert r1["label"] == "Round paired"
    entry = event.audit.filter(action="round_create", after__number=1).get()
    refused = api.post(f"/api/events/{event.pk}/audit/{entry.pk}/undo/", {"confirm": True})
    assert refused.status_code == 409
    assert refused.json()["error_codes"] == {"entry": ["not_latest"]}


def test_swap_errors_keep_the_field_key_and_code(api, event, players):
    r1 = _pair(api, event, seed=1)
    game = next(g for g in r1["games"] if g["player_b"] is not None)
    response = api.post(
        f"/api/events/{event.pk}/rounds/1/swap/",
        {"player_x": game["player_a"], "player_y": game["player_b"]},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["error_codes"] == {"player_y": ["same_game"]}
    assert body["player_y"] == [
        f"{_name(game['player_a'])} and {_name(game['player_b'])} already play each other."
    ]


def _name(player_id: int) -> str:
    from tournament.models import Player

    return Player.objects.get(pk=player_id).name
