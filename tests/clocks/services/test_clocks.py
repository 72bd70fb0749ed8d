"""The clock services: players move their own side, staff either; stale versions refused;
a judge call holds and releases the clock; the result takes its times; an extension adds
time to both sides."""

from __future__ import annotations

import datetime

import pytest

from clocks.models import GameClock
from clocks.services.clocks import (
    clock_hold,
    clock_move,
    clock_of,
    clock_release,
    clock_state,
)
from common.errors import Conflict, Forbidden, NotFound
from tournament.extensions import GAME_EXTENDED
from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db
T0 = datetime.datetime(2026, 11, 28, 10, 0, tzinfo=datetime.UTC)


def at(seconds: float) -> datetime.datetime:
    return T0 + datetime.timedelta(seconds=seconds)


def test_a_new_clock_gives_each_side_the_events_minutes(clock_game):
    state = clock_state(clock_of(game_id=clock_game.pk), now=T0)
    assert state["remaining_a"] == state["remaining_b"] == 90 * 60
    assert (state["running"], state["paused"], state["paused_for"], state["version"]) == (
        None,
        False,
        None,
        0,
    )
    assert state["at"] == T0.isoformat()


def test_players_start_and_pass_their_own_side(clock_game):
    a = clock_game.player_a
    clock_move(game_id=clock_game.pk, action="start", version=0, player=a, now=at(0))
    row = clock_move(game_id=clock_game.pk, action="pass", version=1, player=a, now=at(60))
    state = clock_state(row, now=at(90))
    assert state["running"] == "b"
    assert (state["remaining_a"], state["remaining_b"]) == (89 * 60, 90 * 60 - 30)
    with pytest.raises(Conflict) as caught:
        clock_move(game_id=clock_game.pk, action="pass", version=2, player=a, now=at(91))
    assert caught.value.codes == {"action": ["not_your_clock"]}
    assert row.changed_at == at(60)


def test_a_stale_version_is_409_and_changes_nothing(clock_game):
    a = clock_game.player_a
    clock_move(game_id=clock_game.pk, action="start", version=0, player=a, now=at(0))
    with pytest.raises(Conflict) as caught:
        clock_move(game_id=clock_game.pk, action="start", version=0, player=a, now=at(1))
    assert caught.value.codes == {"version": ["stale_clock"]}
    row = GameClock.objects.get(game=clock_game)
    assert (row.version, row.running, row.since) == (1, "a", int(T0.timestamp() * 1000))


def test_a_stranger_cannot_move_the_clock_and_staff_name_the_side(clock_game, organiser):
    from tournament.models import Player

    stranger = Player.objects.exclude(
        pk__in=[clock_game.player_a_id, clock_game.player_b_id]
    ).first()
    with pytest.raises(Forbidden):
        clock_move(game_id=clock_game.pk, action="start", version=0, player=stranger)
    with pytest.raises(Forbidden):
        clock_move(
            game_id=clock_game.pk, action="start", version=0, player=clock_game.player_a, side="b"
        )
    row = clock_move(game_id=clock_game.pk, action="start", version=0, user=organiser, side="b")
    assert row.running == "b"
    row = clock_move(game_id=clock_game.pk, action="pause", version=1, user=organiser)
    assert (row.paused, row.paused_for) == (True, "staff")
    # A player cannot resume what the staff paused.
    with pytest.raises(Conflict) as caught:
        clock_move(game_id=clock_game.pk, action="resume", version=2, player=clock_game.player_b)
    assert caught.value.codes == {"action": ["held"]}
    assert AuditEntry.objects.filter(action="game_clock").count() == 2


def test_a_judge_call_holds_the_clock_and_its_release_runs_the_same_side(clock_game):
    b = clock_game.player_b
    clock_move(game_id=clock_game.pk, action="start", version=0, player=b)
    clock_hold(game_id=clock_game.pk, reason="judge_call")
    row = GameClock.objects.get(game=clock_game)
    assert (row.paused, row.paused_for, row.held_side, row.running) == (
        True,
        "judge_call",
        "b",
        "",
    )
    clock_release(game_id=clock_game.pk, reason="staff")  # not held for that: nothing
    assert GameClock.objects.get(game=clock_game).paused
    clock_release(game_id=clock_game.pk, reason="judge_call")
    row = GameClock.objects.get(game=clock_game)
    assert (row.paused, row.paused_for, row.running, row.version) == (False, "", "b", 3)


def test_hold_and_release_do_nothing_without_a_running_clock(clock_game, event, organiser):
    clock_hold(game_id=clock_game.pk, reason="judge_call")
    clock_release(game_id=clock_game.pk, reason="judge_call")
    assert not GameClock.objects.filter(game=clock_game).exists()
    clock_hold(game_id=999_999, reason="judge_call")


def test_an_event_without_clocks_has_none(event, organiser):
    from tests.conftest import add_players
    from tournament.services.rounds.rounds import round_create

    players = add_players(event, organiser, 2)
    game = round_create(
        event_id=event.pk,
        user=organiser,
        pairings=[{"player_a": players[0].pk, "player_b": players[1].pk}],
    ).games.get()
    with pytest.raises(NotFound) as caught:
        clock_of(game_id=game.pk)
    assert caught.value.codes == {"clock": ["no_clock"]}
    with pytest.raises(Conflict):
        clock_move(game_id=game.pk, action="start", version=0, player=players[0])


def test_the_result_stops_the_clock_and_keeps_its_times(clock_game):
    from tournament.services.results.results import result_enter

    a = clock_game.player_a
    start = datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=100)
    clock_move(game_id=clock_game.pk, action="start", version=0, player=a, now=start)
    clock_move(
        game_id=clock_game.pk,
        action="pass",
        version=1,
        player=a,
        now=start + datetime.timedelta(minutes=95),
    )
    result, _ = result_enter(game_id=clock_game.pk, data={"vp_a": 60, "vp_b": 50}, player=a)
    assert result.timed_out == "a"
    assert result.time_used_a == 90 * 60
    assert 5 * 60 - 2 <= result.time_used_b <= 5 * 60 + 2
    row = GameClock.objects.get(game=clock_game)
    assert (row.finished, row.running) == (True, "")


def test_an_extension_adds_the_minutes_to_both_sides(clock_game):
    clock_move(game_id=clock_game.pk, action="start", version=0, player=clock_game.player_a)
    for hook in GAME_EXTENDED:
        hook(clock_game, 10)
    row = GameClock.objects.get(game=clock_game)
    assert row.budget == 100 * 60_000


def test_an_extension_undone_takes_its_minutes_back_from_the_clock(clock_game, organiser):
    from tournament.services.audit.log import audit_undo
    from tournament.services.rounds.extensions import game_extend

    clock_move(game_id=clock_game.pk, action="start", version=0, player=clock_game.player_a)
    game_extend(game_id=clock_game.pk, minutes=10, reason="Late start", user=organiser)
    assert GameClock.objects.get(game=clock_game).budget == 100 * 60_000
    entry = AuditEntry.objects.get(action="game_extend")
    audit_undo(entry_id=entry.pk, user=organiser)
    row = GameClock.objects.get(game=clock_game)
    assert row.budget == 90 * 60_000
    assert row.version == 3  # start, the extension, its undo


def test_taking_time_back_never_goes_below_what_a_side_used():
    from clocks.engine import clock as engine

    clock = engine.Clock(budget=60_000, used_a=55_000, used_b=1_000, version=4, started=True)
    taken = engine.add_time(clock, -30_000, version=4, now=0)
    assert taken.budget == 55_000
    assert engine.remaining(taken, "a", 0) == 0
    assert engine.remaining(taken, "b", 0) == 54_000


def test_staff_moves_read_in_words_in_the_log(clock_game, organiser):
    from tournament.services.audit.words import audit_describe

    clock_move(game_id=clock_game.pk, action="start", version=0, user=organiser, side="b")
    entry = AuditEntry.objects.get(action="game_clock")
    words = audit_describe([entry])[entry.pk]
    assert words == f"Round 1, table {clock_game.table_number}: started Player 002's clock"


@pytest.mark.django_db(transaction=True)
def test_two_taps_at_once_make_one_move(clock_game):
    from tests.threads import run_at_once

    a, b = clock_game.player_a, clock_game.player_b
    clock_move(game_id=clock_game.pk, action="start", version=0, player=a)

    def tap(player):
        return lambda: clock_move(game_id=clock_game.pk, action="pause", version=1, player=player)

    outcomes = run_at_once([tap(a), tap(b), tap(a)])
    assert sorted(kind for kind, _ in outcomes) == ["ok", "refused", "refused"]
    assert all(
        exc.codes == {"version": ["stale_clock"]} for kind, exc in outcomes if kind == "refused"
    )
    assert GameClock.objects.get(game=clock_game).version == 2


def test_a_judge_call_holds_a_clock_a_player_paused(clock_game):
    a = clock_game.player_a
    clock_move(game_id=clock_game.pk, action="start", version=0, player=a)
    clock_move(game_id=clock_game.pk, action="pause", version=1, player=a)
    clock_hold(game_id=clock_game.pk, reason="judge_call")
    with pytest.raises(Conflict):
        clock_move(game_id=clock_game.pk, action="resume", version=3, player=a)
    clock_release(game_id=clock_game.pk, reason="judge_call")
    row = GameClock.objects.get(game=clock_game)
    assert (row.running, row.paused, row.version) == ("a", False, 4)


def test_a_judges_minutes_reach_both_sides(clock_game):
    from clocks.services.clocks import clock_add_time

    clock_move(game_id=clock_game.pk, action="start", version=0, player=clock_game.player_a)
    clock_add_time(game_id=clock_game.pk, minutes=5)
    row = GameClock.objects.get(game=clock_game)
    assert (row.budget, row.version) == (95 * 60_000, 2)
    clock_add_time(game_id=999_999, minutes=5)  # no such game: nothing


def test_no_clock_starts_once_the_result_is_in(clock_game, organiser):
    from tournament.services.results.results import result_enter

    result_enter(game_id=clock_game.pk, data={"vp_a": 60, "vp_b": 50}, user=organiser)
    with pytest.raises(Conflict) as caught:
        clock_move(game_id=clock_game.pk, action="start", version=0, player=clock_game.player_a)
    assert caught.value.codes == {"game": ["result_entered"]}
