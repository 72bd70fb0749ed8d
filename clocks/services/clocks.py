"""Each game's clock, server-authoritative: read it, move it (players for their own side,
staff for either), hold it for a judge call and release it, stop it when the result is
entered, give it a table's extension. The rules are the engine's (clocks.engine.clock)."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from clocks.engine import clock as engine
from clocks.models import GameClock
from clocks.services.settings import game_clock_minutes
from common.errors import Conflict, Forbidden, Invalid, NotFound
from tournament.models import Game, Result
from tournament.services.audit.log import audit_record
from tournament.services.events.access import user_can_judge

ACTIONS = ("start", "pass", "pause", "resume")
MINUTE_MS = 60_000


def now_ms(now: datetime.datetime) -> int:
    return int(now.timestamp() * 1000)


def to_engine(row: GameClock) -> engine.Clock:
    return engine.Clock(
        budget=row.budget,
        used_a=row.used_a,
        used_b=row.used_b,
        running=row.running or None,
        since=row.since,
        paused=row.paused,
        paused_for=row.paused_for or None,
        held_side=row.held_side or None,
        version=row.version,
        timed_out=row.timed_out,
        started=row.started,
        finished=row.finished,
    )


def _store(row: GameClock, clock: engine.Clock, *, now: datetime.datetime) -> GameClock:
    row.budget, row.used_a, row.used_b = clock.budget, clock.used_a, clock.used_b
    row.running, row.since = clock.running or "", clock.since
    row.paused, row.paused_for = clock.paused, clock.paused_for or ""
    row.held_side, row.version, row.timed_out = (
        clock.held_side or "",
        clock.version,
        clock.timed_out,
    )
    row.started, row.finished = clock.started, clock.finished
    row.changed_at = now  # every change: the push channel follows it
    row.save()
    return row


def clock_state(clock: GameClock, *, now: datetime.datetime) -> dict:
    """The clock as the API and the pages give it: seconds left for each side at `at`."""
    state = to_engine(clock)
    ms = now_ms(now)
    return {
        "running": state.running,
        "remaining_a": engine.remaining(state, "a", ms) / 1000,
        "remaining_b": engine.remaining(state, "b", ms) / 1000,
        "paused": state.paused,
        "paused_for": state.paused_for,
        "version": state.version,
        "at": now.isoformat(),
        "timed_out": engine.out_of_time(state, ms) or None,
        "budget": state.budget / 1000,
        "started": state.started,
        "finished": state.finished,
        "game": clock.game_id,
    }


def game_has_clock(game: Game) -> bool:
    return bool(game.player_b_id) and game_clock_minutes(game.round.event) is not None


def _clock_row(game: Game, *, lock: bool) -> GameClock | None:
    """The game's clock (made on its first move from the event's minutes and the table's
    extra minutes); None when the event has no game clocks or the game is a bye."""
    rows = GameClock.objects.select_for_update() if lock else GameClock.objects
    row = rows.filter(game_id=game.pk).first()
    if row is not None or not game_has_clock(game):
        return row
    minutes = game_clock_minutes(game.round.event) + (game.extra_minutes or 0)
    if not lock:
        # A read makes no row: the clock as it will be, unsaved, until its first move.
        return GameClock(game_id=game.pk, budget=minutes * MINUTE_MS, changed_at=timezone.now())
    GameClock.objects.get_or_create(
        game_id=game.pk, defaults={"budget": minutes * MINUTE_MS, "changed_at": timezone.now()}
    )
    return rows.get(game_id=game.pk)


def _game(game_id: int) -> Game:
    game = Game.objects.select_related("round__event").filter(pk=game_id).first()
    if game is None:
        raise NotFound("game", "not_found", gettext("No such game."))
    return game


def clock_of(*, game_id: int) -> GameClock:
    """The game's clock for reading; NotFound `no_clock` when the event has no game clocks."""
    game = _game(game_id)
    row = _clock_row(game, lock=False)
    if row is None:
        raise NotFound("clock", "no_clock", _no_clock(game))
    return row


def _no_clock(game: Game) -> str:
    if not game.player_b_id:
        return gettext("A bye has no game clock.")
    return gettext(
        "This event has no game clocks (its organiser sets the minutes in its settings)."
    )


def _refused(exc: engine.ClockError) -> Exception:
    if exc.code == "stale_clock":
        return Conflict.from_rule(exc)
    return Conflict.from_rule(exc, field=exc.field or "action")


def _asker_side(game: Game, *, player, staff: bool, side: str | None) -> str | None:
    """The side the asker moves: a player's own (never another), staff's as named."""
    own = game.side_of(player.pk) if player is not None else None
    if staff:
        return side or own
    if own is None:
        raise Forbidden("game", "not_your_game", gettext("Only this game's players and staff may."))
    if side is not None and side != own:
        raise Forbidden("side", "not_your_side", gettext("A player moves only their own clock."))
    return own


def _engine_move(clock: engine.Clock, action: str, side, *, version, ms: int, hold) -> engine.Clock:
    if action == "start":
        if side is None:
            raise Invalid("side", "required", gettext('Say whose clock starts: "a" or "b".'))
        return engine.start(clock, side, version=version, now=ms)
    if action == "pass":
        return engine.pass_turn(clock, side or clock.running, version=version, now=ms)
    if action == "pause":
        return engine.pause(clock, version=version, now=ms, reason=hold)
    return engine.resume(clock, version=version, now=ms, staff=hold == "staff")


def clock_move(
    *,
    game_id: int,
    action: str,
    version: int,
    player=None,
    user=None,
    side: str | None = None,
    now: datetime.datetime | None = None,
) -> GameClock:
    """A tap on the clock, made against `version`: `start` runs the asker's side, `pass` stops
    it and runs the opponent's, `pause` and `resume`. A player acts for their own side only;
    staff for either (`side` names it for start and pass)."""
    if action not in ACTIONS:
        raise Invalid("action", "invalid_choice", gettext("Must be start, pass, pause or resume."))
    game = _game(game_id)
    event = game.round.event
    staff = user is not None and user_can_judge(user, event)
    side = _asker_side(game, player=player, staff=staff, side=side)
    # Staff acting as staff (not as one of the game's players): their pause holds the clock
    # until staff resume it, and their moves are logged.
    as_staff = staff and (player is None or game.side_of(player.pk) is None)
    if not game.round.released:
        raise Conflict(
            "game", "not_released", gettext("This round's pairings are not released yet.")
        )
    with transaction.atomic():
        row = _clock_row(game, lock=True)
        if row is None:
            raise Conflict("game", "no_clock", _no_clock(game))
        # The moment is read once the row is ours: moves are stored in the order of their
        # times, and changed_at only grows for a clock.
        now = now or timezone.now()
        clock = to_engine(row)
        if action == "start" and Result.objects.filter(game_id=game.pk).exists():
            raise Conflict(
                "game", "result_entered", gettext("This game's result is in: no clock starts.")
            )
        try:
            moved = _engine_move(
                clock,
                action,
                side,
                version=version,
                ms=now_ms(now),
                hold="staff" if as_staff else None,
            )
        except engine.ClockError as exc:
            raise _refused(exc) from None
        _store(row, moved, now=now)
        if as_staff:
            # Not a standings change: logged for the record, the revision left alone.
            audit_record(
                event=event,
                action="game_clock",
                target=f"game:{game.pk}",
                user=user,
                before={"running": clock.running, "paused": clock.paused},
                after={"action": action, "running": moved.running, "paused": moved.paused},
                revised=True,
            )
    return row


def clock_hold(*, game_id: int, reason: str) -> None:
    """Hold the game's clock for `reason` ("judge_call"): a running clock pauses, one a player
    paused stays paused but held; nothing when the game has no clock, it has not started, is
    already held or is finished."""
    with transaction.atomic():
        row = GameClock.objects.select_for_update().filter(game_id=game_id).first()
        if row is None or not row.started or row.finished or row.paused_for:
            return
        now = timezone.now()
        clock = to_engine(row)
        _store(
            row, engine.hold(clock, version=clock.version, now=now_ms(now), reason=reason), now=now
        )


def clock_release(*, game_id: int, reason: str) -> None:
    """Run the side that ran when the clock was held for `reason`; nothing otherwise."""
    with transaction.atomic():
        row = GameClock.objects.select_for_update().filter(game_id=game_id).first()
        if row is None or not row.paused or row.paused_for != reason or row.finished:
            return
        now = timezone.now()
        clock = to_engine(row)
        moved = engine.resume(clock, version=clock.version, now=now_ms(now), reason=reason)
        _store(row, moved, now=now)


def clock_times(game: Game) -> dict | None:
    """GAME_CLOCK_TIMES: the result is entered, the clock stops; each side's time used in
    whole seconds and who ran out. None when the game never had a clock."""
    row = GameClock.objects.select_for_update().filter(game_id=game.pk).first()
    if row is None or not row.started:
        return None
    now = timezone.now()
    clock = to_engine(row)
    out = engine.out_of_time(clock, now_ms(now))
    if clock.finished:
        done = clock
    else:
        done, _, _ = engine.finish(clock, now=now_ms(now))
        _store(row, done, now=now)
    return {
        "time_used_a": done.used_a // 1000,
        "time_used_b": done.used_b // 1000,
        "timed_out": out or "",
    }


def clock_extend(game: Game, minutes: int) -> None:
    """GAME_EXTENDED: each side's clock gains the table's extra minutes (loses them when the
    extension is undone: negative minutes)."""
    if not minutes:
        return
    row = GameClock.objects.select_for_update().filter(game_id=game.pk).first()
    if row is None or row.finished:
        return  # a clock made later counts the game's extra minutes itself
    now = timezone.now()
    clock = to_engine(row)
    moved = engine.add_time(clock, minutes * MINUTE_MS, version=clock.version, now=now_ms(now))
    _store(row, moved, now=now)


def clock_add_time(*, game_id: int, minutes: int) -> None:
    """Both sides of the game's clock gain `minutes` (a judge's ruling); nothing when the game
    has no clock yet or it is finished."""
    with transaction.atomic():
        game = Game.objects.filter(pk=game_id).first()
        if game is not None:
            clock_extend(game, minutes)
