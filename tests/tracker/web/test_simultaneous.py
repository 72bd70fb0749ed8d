"""Two phones at one table: secret choices made at the same moment both go through, in either
order (the other side's hidden choice changes nothing this side may do); a change that does
alter this side's options is still stale. And after a roll-off only its winner chooses who
attacks."""

from __future__ import annotations

import pytest

from tests.tracker.web.conftest import key_client
from tracker.models import TrackedGame

pytestmark = pytest.mark.django_db

FIXED = ["assassination", "bring_it_down"]
DECOYS = ["area_denial", "capture_enemy_outpost"]


def post(client, url, body):
    return client.post(url, body, format="json")


def _pick(side, seq, mode="fixed"):
    return {
        "type": "select_secondaries",
        "round": 0,
        "phase": "secondaries",
        "seq": seq,
        "side": side,
        "mode": mode,
        "cards": FIXED if mode == "fixed" else DECOYS,
    }


def _with_roles(event_game):
    """Player A attacks (agreed without a roll-off); both phones then read the game."""
    url = f"/api/games/{event_game.pk}/tracker/"
    a, b = key_client(event_game.player_a), key_client(event_game.player_b)
    roles = {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": "player_a"}
    assert post(a, url, roles).status_code == 200
    return url, {"attacker": a, "defender": b}


@pytest.mark.parametrize("first", ["attacker", "defender"])
def test_both_phones_choose_secondaries_at_the_same_moment(event_game, first):
    url, phones = _with_roles(event_game)
    seen = {side: phone.get(url).json()["clock"]["seq"] for side, phone in phones.items()}
    second = "defender" if first == "attacker" else "attacker"
    for side in (first, second):
        response = post(phones[side], url, _pick(side, seen[side]))
        assert response.status_code == 200, response.json()
    state = TrackedGame.objects.get(game=event_game).state
    assert state["phase"] == "first_turn"
    assert state["sides"]["attacker"]["fixed"] == FIXED
    assert state["sides"]["defender"]["fixed"] == FIXED


def test_a_second_phone_of_the_same_side_is_still_stale(event_game):
    url, phones = _with_roles(event_game)
    seq = phones["attacker"].get(url).json()["clock"]["seq"]
    assert post(phones["attacker"], url, _pick("attacker", seq)).status_code == 200
    # The same player's other phone, on the same old screen: its own side has moved on.
    response = post(phones["attacker"], url, _pick("attacker", seq, mode="tactical"))
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"seq": ["stale_action"]}


def test_a_choice_after_the_reveal_is_stale(event_game):
    url, phones = _with_roles(event_game)
    seq = phones["defender"].get(url).json()["clock"]["seq"]
    first_turn = {"type": "set_first_turn", "round": 0, "phase": "first_turn", "seq": seq}
    post(phones["attacker"], url, _pick("attacker", seq))
    post(phones["defender"], url, _pick("defender", seq))
    # Revealed: the defender's screen from before both chose is out of date for anything.
    response = post(phones["defender"], url, {**first_turn, "first": "defender"})
    assert response.status_code == 409
    assert response.json()["error_codes"] == {"seq": ["stale_action"]}


@pytest.mark.parametrize("first", ["attacker", "defender"])
def test_gambits_chosen_at_the_same_moment(first):
    from tests.tracker.web.helpers import Driver
    from tracker.services.trackers import tracker_act, tracker_create

    tracked = tracker_create(mission_code="LEV-A")
    driver = Driver("player_1")
    for _ in range(300):
        if tracked.state["phase"] == "gambits":
            break
        tracked = tracker_act(tracked_id=tracked.pk, action=driver.next_action(tracked.state))
    state = tracked.state
    seq = state["seq"]
    second = "defender" if first == "attacker" else "attacker"
    for side in (first, second):
        card = state["sides"][side]["gambit_hand"][0]
        action = {"type": "choose_gambit", "round": state["round"], "phase": "gambits"}
        tracker_act(
            tracked_id=tracked.pk, action={**action, "seq": seq, "side": side, "card": card}
        )
    tracked.refresh_from_db()
    assert tracked.state["revealed"]["gambits"]


def _rolled(event_game):
    url = f"/api/games/{event_game.pk}/tracker/"
    phones = {
        "player_a": key_client(event_game.player_a),
        "player_b": key_client(event_game.player_b),
    }
    body = post(phones["player_a"], url, {"type": "roll_off", "round": 0, "phase": "roles"})
    winner = body.json()["state"]["roll_offs"]["roles"]["winner"]
    loser = "player_b" if winner == "player_a" else "player_a"
    return url, phones, winner, loser


def test_only_the_roll_off_winner_chooses_who_attacks(event_game):
    url, phones, winner, loser = _rolled(event_game)
    names = {"player_a": event_game.player_a.name, "player_b": event_game.player_b.name}
    for attacker in (winner, loser):
        choose = {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": attacker}
        response = post(phones[loser], url, choose)
        assert response.status_code == 403
        assert response.json()["error_codes"] == {"attacker": ["not_roll_off_winner"]}
        assert names[winner] in response.json()["attacker"][0]
    assert TrackedGame.objects.get(game=event_game).state["roles"] is None
    choose = {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": loser}
    assert post(phones[winner], url, choose).status_code == 200
    assert TrackedGame.objects.get(game=event_game).state["roles"]["attacker"] == loser


def test_the_organiser_may_choose_for_the_winner(event_game, api):
    url, _, _, loser = _rolled(event_game)
    choose = {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": loser}
    assert post(api, url, choose).status_code == 200
