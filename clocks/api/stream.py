"""`GET /api/games/{gid}/clock/stream/`: the game clock as server-sent events.

Each message is the clock as `GET /api/games/{gid}/clock/` gives it, sent when it changes
(a tap, a pause, a judge call, time added); the first is the clock as it stands. The phones'
EventSource cannot send an Authorization header, so a player names their key in `?key=`
(the same key as their page's address; the push server keeps no access log). Served by the
push server under `make serve` (ops/push/server.py), by the page's own server otherwise.
"""

from __future__ import annotations

import functools
import hmac
from datetime import timedelta

from asgiref.sync import sync_to_async
from django.db import close_old_connections
from django.http import Http404
from django.utils import timezone

from clocks.models import GameClock
from clocks.services.clocks import clock_of, clock_state
from common.errors import ServiceError
from ops.push.feed import ChangeFeed
from ops.push.sse import event_stream
from tournament.models import Game
from tournament.services.events.access import events_visible_to, user_can_judge

# The feed reads the clocks changed this long ago as well as the newest: a move committed a
# moment after a later one's poll (two transactions crossing) is still caught; versions keep
# it from being sent twice.
LOOKBACK = timedelta(seconds=2)
POLL_S = 0.1


def _changed_clocks() -> list:
    close_old_connections()  # as a request would: a broken or too old connection is replaced
    now = timezone.now()
    rows = GameClock.objects.filter(changed_at__gt=now - LOOKBACK)
    return [(row.game_id, row.version, clock_state(row, now=now)) for row in rows]


@functools.cache
def clock_feed() -> ChangeFeed:
    """One feed per process: one query a tick for every phone this process holds."""
    return ChangeFeed(sync_to_async(_changed_clocks), interval=POLL_S)


def _may_read(request, game: Game) -> bool:
    event = game.round.event
    key = request.GET.get("key", "")
    players = [p for p in (game.player_a, game.player_b) if p is not None]
    if key and any(hmac.compare_digest(key, p.private_key) for p in players):
        return True
    if not game.round.released and not user_can_judge(request.user, event):
        return False
    return events_visible_to(request.user).filter(pk=event.pk).exists()


def clock_stream(request, game_id: int):
    game = (
        Game.objects.select_related("round__event", "player_a", "player_b")
        .filter(pk=game_id)
        .first()
    )
    if game is None or not _may_read(request, game):
        raise Http404("No such game.")
    try:
        clock_of(game_id=game.pk)
    except ServiceError as exc:
        raise Http404(str(exc)) from None

    def read() -> dict | None:
        try:
            return clock_state(clock_of(game_id=game.pk), now=timezone.now())
        except ServiceError:
            return None  # the game or its clock went away while the stream was open

    return event_stream(request, feed=clock_feed, key=game.pk, read=read)
