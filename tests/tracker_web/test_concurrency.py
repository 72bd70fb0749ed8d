"""Two phones opening an event game's tracker at the same moment make one tracked game."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from missions.models import TrackedGame
from missions.tracking import tracker_act, tracker_of_game
from tournament.errors import ServiceError

pytestmark = pytest.mark.django_db(transaction=True)


def run_at_once(jobs):
    barrier = threading.Barrier(len(jobs))
    outcomes = [None] * len(jobs)

    def worker(i, job):
        try:
            barrier.wait()
            outcomes[i] = ("ok", job())
        except ServiceError as exc:
            outcomes[i] = ("refused", exc)
        except Exception as exc:
            outcomes[i] = ("error", exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert [o for o in outcomes if o is None or o[0] == "error"] == []
    return outcomes


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
