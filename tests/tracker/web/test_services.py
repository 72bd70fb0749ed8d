"""Tracked games as services: create, act, refuse, replay, and one tracker per event game."""

from __future__ import annotations

import json

import pytest

from common.errors import Conflict, Forbidden, Invalid
from tests.tracker.web.helpers import Driver
from tracker.engine import leviathan as tracker
from tracker.models import TrackedAction, TrackedGame
from tracker.services.trackers import tracker_act, tracker_create, tracker_of_game, tracker_view

pytestmark = pytest.mark.django_db


def roles(tracked, attacker="player_1"):
    action = {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": attacker}
    return tracker_act(tracked_id=tracked.pk, action=action)


def test_create_from_mission_code_keeps_the_mission_rules_and_a_secret_seed():
    tracked = tracker_create(mission_code="LEV-F")
    assert tracked.mission_code == "LEV-F"
    assert tracked.state["phase"] == "roles"
    assert tracked.state["mission_rules"] == tracked.initial_args["mission_rules"]
    assert len(tracked.initial_args["seed"]) == 32
    assert len(tracked.token) >= 32
    assert not tracked.actions.exists()


def test_create_without_code_generates_a_mission():
    a, b = tracker_create(), tracker_create()
    assert a.mission_code
    assert b.mission_code
    assert a.token != b.token
    assert a.initial_args["seed"] != b.initial_args["seed"]


def test_unknown_mission_code_is_refused():
    with pytest.raises(Invalid) as err:
        tracker_create(mission_code="NOPE-1")
    assert "code" in err.value.codes
    assert not TrackedGame.objects.exists()


def test_act_stores_state_and_logs_the_action():
    tracked = roles(tracker_create(mission_code="LEV-A"))
    tracked.refresh_from_db()
    assert tracked.state["roles"] == {"attacker": "player_1", "defender": "player_2"}
    assert tracked.state["seq"] == 1
    logged = TrackedAction.objects.get(tracked=tracked)
    assert (logged.seq, logged.action["type"], logged.actor) == (1, "assign_roles", "link")


def test_refused_action_changes_neither_state_nor_log():
    tracked = roles(tracker_create(mission_code="LEV-A"))
    before = json.dumps(TrackedGame.objects.get(pk=tracked.pk).state, sort_keys=True)
    bad = {"type": "draw", "round": 0, "phase": "secondaries", "side": "attacker"}
    with pytest.raises(Invalid) as err:
        tracker_act(tracked_id=tracked.pk, action=bad)
    assert err.value.codes == {"type": ["not_in_this_phase"]}
    assert json.dumps(TrackedGame.objects.get(pk=tracked.pk).state, sort_keys=True) == before
    assert TrackedAction.objects.filter(tracked=tracked).count() == 1


def test_refusal_names_the_engine_field():
    tracked = tracker_create(mission_code="LEV-A")
    with pytest.raises(Invalid) as err:
        tracker_act(
            tracked_id=tracked.pk,
            action={"type": "assign_roles", "round": 0, "phase": "roles", "attacker": "zed"},
        )
    assert err.value.codes == {"attacker": ["bad_player"]}


def test_stale_seq_from_a_second_phone_is_refused():
    tracked = tracker_create(mission_code="LEV-A")
    first = {"type": "roll_off", "round": 0, "phase": "roles", "seq": 0}
    tracker_act(tracked_id=tracked.pk, action=first)
    with pytest.raises(Conflict) as err:  # built from the same old view
        tracker_act(tracked_id=tracked.pk, action={**first, "type": "assign_roles"})
    assert err.value.codes == {"seq": ["stale_action"]}
    assert TrackedAction.objects.filter(tracked=tracked).count() == 1


def test_the_log_replays_to_the_stored_state():
    tracked = tracker_create(mission_code="LEV-K")
    driver = Driver("player_1")
    for _ in range(200):
        if tracked.state["phase"] == "over":
            break
        tracked = tracker_act(tracked_id=tracked.pk, action=driver.next_action(tracked.state))
    assert tracked.finished
    args = tracked.initial_args
    initial = tracker.new_game(
        args["seed"],
        mission_rules=args["mission_rules"],
        players=args["players"],
        primary=args["primary"],
        nml_objectives=args["nml_objectives"],
    )
    log = [a.action for a in tracked.actions.order_by("seq")]
    assert tracker.replay(initial, log) == TrackedGame.objects.get(pk=tracked.pk).state


def test_view_never_holds_the_seed_or_the_other_sides_choice():
    tracked = roles(tracker_create(mission_code="LEV-A"))
    fixed = [k for k, c in tracked.state["cards"].items() if c["fixed_capable"]][:2]
    action = {"type": "select_secondaries", "round": 0, "phase": "secondaries",
              "side": "attacker", "mode": "fixed", "cards": fixed}  # fmt: skip
    tracked = tracker_act(tracked_id=tracked.pk, action=action)
    seed = tracked.initial_args["seed"]
    for side in ("attacker", "defender", None):
        text = json.dumps(tracker_view(tracked=tracked, side=side))
        assert seed not in text
        assert '"deck": [' not in text
    theirs = tracker_view(tracked=tracked, side="defender")["state"]["sides"]["attacker"]
    assert theirs["selection"] == "hidden"
    mine = tracker_view(tracked=tracked, side="attacker")["state"]["sides"]["attacker"]
    assert mine["selection"] == {"mode": "fixed", "cards": fixed}


def test_event_game_has_one_tracker_and_checks_players(event_game, stranger, organiser):
    a = tracker_of_game(game_id=event_game.pk, player=event_game.player_a)
    b = tracker_of_game(game_id=event_game.pk, player=event_game.player_b)
    c = tracker_of_game(game_id=event_game.pk, user=organiser)
    assert a.pk == b.pk == c.pk
    assert a.state["players"] == ["player_a", "player_b"]
    with pytest.raises(Forbidden) as err:
        tracker_of_game(game_id=event_game.pk, player=stranger)
    assert err.value.codes == {"game": ["not_your_game"]}


def test_roles_already_set_on_the_game_are_carried_in(event_game):
    event_game.attacker = event_game.player_b
    event_game.save()
    tracked = tracker_of_game(game_id=event_game.pk, player=event_game.player_a)
    assert tracked.state["roles"] == {"attacker": "player_b", "defender": "player_a"}
    assert tracked.actions.get().actor == "system"


def test_battle_ready_players_get_their_bonus_once_sides_are_known(event_game):
    defender = event_game.player_b
    defender.battle_ready = True
    defender.save()
    tracked = tracker_of_game(game_id=event_game.pk, player=event_game.player_a)
    action = {"type": "assign_roles", "round": 0, "phase": "roles", "attacker": "player_a"}
    tracker_act(tracked_id=tracked.pk, action=action, player=event_game.player_a)
    tracked.refresh_from_db()
    sheet = tracker.score_sheet(tracked.state)
    assert sheet["defender"]["battle_ready"] == 10
    assert sheet["attacker"]["battle_ready"] == 0
    event_game.refresh_from_db()
    assert event_game.attacker_id == event_game.player_a_id
