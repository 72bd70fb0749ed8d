"""Two phones opening an event game's tracker at the same moment make one tracked game."""

from __future__ import annotations

import pytest

from tests.threads import run_at_once
from tracker.models import TrackedGame
from tracker.services.trackers import tracker_act, tracker_of_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_one_tracker_per_event_game_when_both_phones_open_it_at_once(event_game):
    a, b = event_game.player_a, event_game.player_b
    outcomes = run_at_once(
        [lambda p=p: tracker_of_game(game_id=event_game.pk, player=p) for p in (a, b, a, b)]
    )
    assert {o[1].pk for o in outcomes} == {TrackedGame.objects.get(game=event_game).pk}
    assert TrackedGame.objects.filter(game=event_game).count() == 1


def test_same_action_from_two_phones_applies_once(event_game):
    tracked = tracker_of_game(game_id=event_game.pk, player=event_game.player_a)
    roll = {"type": "roll_off", "round": 0, "phase": "roles", "seq": 0}
    outcomes = run_at_once(
        [
            lambda p=p: tracker_act(tracked_id=tracked.pk, action=dict(roll), player=p)
            for p in (event_game.player_a, event_game.player_b)
        ]
    )
    assert sorted(o[0] for o in outcomes) == ["ok", "refused"]
    tracked.refresh_from_db()
    assert tracked.state["seq"] == 1
    assert tracked.actions.count() == 1


def test_one_maelstrom_tracker_per_event_game_when_both_phones_open_it_at_once(organiser):
    from tests.tracker.web.test_maelstrom_event import CLEANSE, make_game

    game = make_game(organiser, "eighth", CLEANSE)
    a, b = game.player_a, game.player_b
    outcomes = run_at_once(
        [lambda p=p: tracker_of_game(game_id=game.pk, player=p) for p in (a, b, a, b)]
    )
    tracked = TrackedGame.objects.get(game=game)
    assert {o[1].pk for o in outcomes} == {tracked.pk}
    assert tracked.state["engine"] == "maelstrom"
    first = {"type": "set_first_turn", "round": 0, "phase": "setup", "seq": 0, "first": "player_1"}
    outcomes = run_at_once(
        [
            lambda p=p: tracker_act(tracked_id=tracked.pk, action=dict(first), player=p)
            for p in (a, b)
        ]
    )
    assert sorted(o[0] for o in outcomes) == ["ok", "refused"]
    assert tracked.actions.count() == 1
