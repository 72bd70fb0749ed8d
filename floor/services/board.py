"""What the floor reads: the queue of calls, every table of the round at a glance, the median
time from a call to its claim, the call a player's page shows and the count on the big screen.

Each is a fixed number of queries whatever the number of calls or tables (no query per row).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Exists, OuterRef, Prefetch, Q, Subquery
from django.utils import timezone

from floor.engine.floor import (
    ACTIVE,
    QueuedCall,
    TableFacts,
    median_seconds,
    queue_order,
    table_glance,
    waiting_seconds,
    waiting_words,
)
from floor.models import CallStatus, JudgeCall
from tournament.models import Event, Game, Player, Result, Round

STATUSES = tuple(CallStatus.values)


def calls_listed(*, event: Event, status: str | None = None) -> list[JudgeCall]:
    """The event's calls with their game, players and judges: the unresolved ones (or those of
    one `status`), oldest first. Each carries `waiting` (seconds) and `waiting_words`."""
    rows = JudgeCall.objects.filter(event=event).select_related(
        "game__player_a", "game__player_b", "claimed_by", "resolved_by"
    )
    rows = rows.filter(status=status) if status else rows.filter(status__in=ACTIVE)
    calls = list(rows)
    if status == CallStatus.RESOLVED:
        ordered = sorted(calls, key=lambda c: (c.called_at, c.pk))
    else:
        by_id = {c.pk: c for c in calls}
        order = queue_order(QueuedCall(c.pk, c.called_at, c.status) for c in calls)
        ordered = [by_id[q.id] for q in order]
    now = timezone.now()
    for call in ordered:
        end = call.claimed_at if call.status != CallStatus.OPEN and call.claimed_at else now
        call.waiting = waiting_seconds(call.called_at, end)
        call.waiting_words = waiting_words(call.waiting)
        call.players = [p.name for p in (call.game.player_a, call.game.player_b) if p]
    return ordered


def open_count(*, event: Event) -> int:
    """Calls waiting for a judge or with one on the way."""
    return JudgeCall.objects.filter(event=event, status__in=ACTIVE).count()


def call_to_claim_median(*, event: Event) -> Fraction | None:
    """The median seconds from a call to its claim over the event's claimed calls, exact."""
    pairs = JudgeCall.objects.filter(event=event, claimed_at__isnull=False).values_list(
        "called_at", "claimed_at"
    )
    return median_seconds([waiting_seconds(called, claimed) for called, claimed in pairs])


@dataclass
class TableRow:
    game: Game
    table: int | None
    players: list[str]
    state: str
    state_words: str
    called: bool
    extended: bool
    extra_minutes: int


def _started_filter() -> Q:
    """A game whose play has begun: its tracker opened, or its game clock started."""
    return Q(tracker__isnull=False) | Q(clock__started=True)


def tables_at_a_glance(*, round_: Round | None) -> list[TableRow]:
    """Every game of the round with its state, by table."""
    if round_ is None:
        return []
    unresolved = JudgeCall.objects.filter(game=OuterRef("pk"), status__in=ACTIVE)
    started = Game.objects.filter(pk=OuterRef("pk")).filter(_started_filter())
    games = (
        Game.objects.filter(round=round_)
        .select_related("player_a", "player_b")
        .annotate(called=Exists(unresolved), started=Exists(started))
        .prefetch_related(
            Prefetch(
                "results",
                queryset=Result.objects.filter(is_current=True).only("game_id", "status"),
                to_attr="current_results",
            )
        )
    )
    rows = []
    for game in games:
        current = game.current_results[0] if game.current_results else None
        glance = table_glance(
            TableFacts(
                bye=game.player_b_id is None,
                result_status=current.status if current else "",
                started=game.started,
                called=game.called,
                extra_minutes=game.extra_minutes,
            )
        )
        rows.append(
            TableRow(
                game=game,
                table=game.table_number,
                players=[p.name for p in (game.player_a, game.player_b) if p],
                state=glance.state,
                state_words=glance.words,
                called=glance.called,
                extended=glance.extended,
                extra_minutes=game.extra_minutes,
            )
        )
    return rows


def player_call(*, player: Player, game: Game | None) -> JudgeCall | None:
    """The call a player's page shows for their current game: the unresolved one, else the
    latest resolved one (its ruling)."""
    if game is None:
        return None
    return (
        JudgeCall.objects.filter(game=game)
        .select_related("claimed_by")
        .order_by("-called_at", "-pk")
        .first()
    )


def current_game_with_call(*, player: Player) -> Game | None:
    """The player's game (not a bye) in the event's latest round, once released, with
    `last_call`: the id of its latest call (None when it has had none). One query."""
    latest = Round.objects.filter(event_id=player.event_id).order_by("-number").values("number")
    last_call = JudgeCall.objects.filter(game=OuterRef("pk")).order_by("-called_at", "-pk")
    return (
        Game.objects.filter(
            Q(player_a=player) | Q(player_b=player),
            round__event_id=player.event_id,
            round__number=Subquery(latest[:1]),
            round__released=True,
            player_b__isnull=False,
        )
        .annotate(last_call=Subquery(last_call.values("pk")[:1]))
        .first()
    )


def call_of(call_id: int) -> JudgeCall | None:
    return JudgeCall.objects.select_related("claimed_by").filter(pk=call_id).first()
