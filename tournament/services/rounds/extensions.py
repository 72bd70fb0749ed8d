"""Per-table extensions (issue 35): staff give one game more minutes with a reason.

The game keeps the minutes beside the round's clock (`Game.extra_minutes`): its table ends at
the round's end plus them (`game_ends_at`), on every page and in the game's API, and the round
is complete only when its games have results, whatever the round's clock says. The game clocks
(another app) hear of it through GAME_EXTENDED. Logged with the reason; undoable: the undo
takes the minutes back (GAME_EXTENDED then hears the minutes negated).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils.translation import gettext

from common.errors import Conflict, Invalid
from tournament.extensions import GAME_EXTENDED
from tournament.models import Game, Result, ResultStatus, Round
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_target
from tournament.services.events.access import require_judge
from tournament.services.events.archive import event_require_writable
from tournament.services.players.names import text_checked
from tournament.services.rounds.games import game_lock

MAX_MINUTES = 120  # one extension: more is a typo, not a ruling
MAX_TOTAL = 240  # every extension of one table together
REASON_LIMIT = 500


def _minutes(minutes) -> int:
    if not isinstance(minutes, int) or isinstance(minutes, bool):
        raise Invalid("minutes", "invalid", gettext("Must be a whole number of minutes."))
    if not 1 <= minutes <= MAX_MINUTES:
        raise Invalid(
            "minutes",
            "range",
            gettext("Must be a whole number from 1 to %(MAX_MINUTES)s.")
            % {"MAX_MINUTES": MAX_MINUTES},
        )
    return minutes


def _reason(reason) -> str:
    if reason is None:
        raise Invalid("reason", "required", gettext("Say why the table gets more time."))
    text = text_checked(reason, field="reason", multiline=True, limit=REASON_LIMIT)
    if not text:
        raise Invalid("reason", "required", gettext("Say why the table gets more time."))
    return text


def table_words(game: Game) -> str:
    """ "Round 2, table 3", as staff find the game in the room."""
    return f"Round {game.round.number}, table {game.table_number or '–'}"


def game_extend(*, game_id: int, minutes: int, reason: str, user) -> Game:
    """Give one table `minutes` more (1..120) with a reason: staff (organisers and judges).
    A bye has no table to extend (409 `bye`); a table given more than 240 minutes in all is
    refused (400 on `minutes`)."""
    minutes = _minutes(minutes)
    reason = _reason(reason)
    with transaction.atomic():
        game = game_lock(game_id=game_id)
        event = game.round.event
        require_judge(user, event)
        event_require_writable(event)
        if game.player_b_id is None:
            raise Conflict("game", "bye", gettext("A bye has no table to give more time to."))
        total = game.extra_minutes + minutes
        if total > MAX_TOTAL:
            raise Invalid(
                "minutes",
                "total",
                gettext(
                    "%(table_words)s has %(extra_minutes)s extra minutes "
                    "already: at most %(MAX_TOTAL)s in all."
                )
                % {
                    "table_words": table_words(game),
                    "extra_minutes": game.extra_minutes,
                    "MAX_TOTAL": MAX_TOTAL,
                },
            )
        game.extra_minutes = total
        # Saving the game moves the event's revision on (signals): cached pages show the end.
        game.save(update_fields=["extra_minutes"])
        audit_record(
            event=event,
            action="game_extend",
            target=f"game:{game.pk}",
            user=user,
            before={"extra_minutes": total - minutes},
            after={"minutes": minutes, "extra_minutes": total, "reason": reason},
            revised=True,
        )
        for hook in GAME_EXTENDED:
            hook(game, minutes)
        return game


def game_ends_at(game: Game, round_ends_at: datetime | None) -> datetime | None:
    """When this table's time is up: the round's end plus the table's extra minutes; None
    while the round has no end (its clock not started, or paused)."""
    if round_ends_at is None:
        return None
    return round_ends_at + timedelta(minutes=game.extra_minutes)


def extended_tables(*, round_: Round, round_ends_at: datetime | None) -> list[dict]:
    """The round's tables staff gave more time that are still playing (no confirmed result),
    by table: {"table", "minutes", "ends_at" (None while the round has no end)}. A round whose
    clock is up still has these tables playing until their own end or their result."""
    confirmed = Result.objects.filter(
        game__round=round_, is_current=True, status=ResultStatus.CONFIRMED
    ).values("game_id")
    games = (
        Game.objects.filter(round=round_, extra_minutes__gt=0, player_b__isnull=False)
        .exclude(pk__in=confirmed)
        .order_by("table_number")
    )
    return [
        {
            "table": game.table_number,
            "minutes": game.extra_minutes,
            "ends_at": game_ends_at(game, round_ends_at),
        }
        for game in games
    ]


def _logged_minutes(entry) -> int:
    minutes = (entry.after or {})["minutes"]
    if not isinstance(minutes, int) or isinstance(minutes, bool) or minutes < 1:
        raise ValueError(minutes)  # not written by game_extend (audit/log.py _well_formed)
    return minutes


@undo_check("game_extend")
def _check_game_extend(entry) -> list[str]:
    minutes = _logged_minutes(entry)
    game = audit_target(entry, "game", gone="This game's round has been removed.")
    if game.extra_minutes < minutes:
        raise Conflict(
            "entry",
            "changed_since",
            gettext("%(table_words)s has only %(extra_minutes)s extra minutes now.")
            % {"table_words": table_words(game), "extra_minutes": game.extra_minutes},
        )
    return []


@undoable("game_extend")
def _undo_game_extend(entry) -> None:
    minutes = _logged_minutes(entry)
    game = audit_target(entry, "game", lock=True)
    game.extra_minutes -= minutes
    game.save(update_fields=["extra_minutes"])
    for hook in GAME_EXTENDED:
        hook(game, -minutes)
