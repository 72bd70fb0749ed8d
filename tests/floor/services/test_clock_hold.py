"""A judge call holds a running game clock and resolving runs the same side again."""

import pytest

from clocks.services.clocks import clock_move, clock_of
from floor.services.calls import judge_call_claim, judge_call_open, judge_call_resolve
from tournament.services.events.events import event_update

pytestmark = pytest.mark.django_db


def test_call_pauses_and_resolve_runs_the_running_side(event, organiser, game, judge):
    event_update(event=event, user=organiser, changes={"game_clock_minutes": 90})
    clock = clock_of(game_id=game.pk)
    clock = clock_move(game_id=game.pk, action="start", version=clock.version, player=game.player_b)
    assert clock.running == "b"
    call, _ = judge_call_open(game_id=game.pk, player=game.player_a)
    held = clock_of(game_id=game.pk)
    assert held.paused
    assert held.paused_for == "judge_call"
    judge_call_claim(call_id=call.pk, user=judge)
    judge_call_resolve(call_id=call.pk, user=judge, ruling="Play on.", minutes_added=5)
    after = clock_of(game_id=game.pk)
    assert not after.paused
    assert after.running == "b"
    assert after.budget == held.budget + 5 * 60 * 1000  # the extension reached the clock


def test_a_started_clock_shows_the_table_playing(event, organiser, paired):
    from floor.services.board import tables_at_a_glance

    event_update(event=event, user=organiser, changes={"game_clock_minutes": 90})
    game = paired[1]
    clock = clock_of(game_id=game.pk)
    clock_move(game_id=game.pk, action="start", version=clock.version, player=game.player_a)
    states = {row.table: row.state for row in tables_at_a_glance(round_=game.round)}
    assert states[game.table_number] == "playing"
    assert states[paired[0].table_number] == "not_started"
