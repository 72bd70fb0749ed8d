"""Judge calls: a player of a game (by their key) or staff call a judge to its table; a judge
claims the call and resolves it with a ruling, optionally giving the table more time.

Calling pauses the game's clock (clocks.clock_hold) and resolving starts it again for the side
that was running (clock_release); minutes added extend that one table (game_extend, logged
there). Every step is in the event's audit log. At most one call per game is unresolved: a
second press, or a phone sending the same press twice, answers the call already made.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from clocks.services.clocks import clock_hold, clock_release
from common.errors import Conflict, Invalid, NotFound
from floor.models import NOTE_LIMIT, RULING_LIMIT, CallCategory, CallStatus, JudgeCall
from tournament.models import Player
from tournament.services.audit.log import audit_entry, audit_writes
from tournament.services.audit.targets import audit_target_kind
from tournament.services.events.access import require_judge
from tournament.services.events.archive import event_require_writable
from tournament.services.players.names import text_checked
from tournament.services.results import rowsql
from tournament.services.rounds.extensions import MAX_MINUTES, REASON_LIMIT, game_extend
from tournament.services.rounds.games import game_authorise, game_lock

MINUTES_MAX = MAX_MINUTES
HOLD_REASON = "judge_call"

audit_target_kind("judge_call", JudgeCall, "event_id")


def user_name(user) -> str:
    """A staff member as the pages name them."""
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()


def _log(call: JudgeCall, action: str, *, user=None, player=None, after: dict) -> None:
    """The step in the event's audit log. It moves the event's revision on (pages polling it,
    the big screen's count of calls) but never the published standings."""
    entry = audit_entry(
        event=call.event,
        action=action,
        target=f"judge_call:{call.pk}",
        user=user,
        player=player,
        after={"table": call.game.table_number, **after},
    )
    *writes, insert = audit_writes(entry, standings=False)
    rowsql.saved(entry, rowsql.together(writes, insert)[0])


def _unresolved(game_id: int) -> JudgeCall | None:
    return (
        JudgeCall.objects.filter(game_id=game_id, status__in=[CallStatus.OPEN, CallStatus.CLAIMED])
        .select_related("claimed_by")
        .first()
    )


def judge_call_open(
    *, game_id: int, note: str = "", player: Player | None = None, user=None
) -> tuple[JudgeCall, bool]:
    """Call a judge to the game's table: (the call, whether it is new). A player of the game
    (once its round is released) or the event's staff; the game's clock is paused."""
    note = text_checked(note or "", field="note", limit=NOTE_LIMIT)
    try:
        with transaction.atomic():
            game = game_lock(game_id=game_id)
            game_authorise(game, user=user, player=player)
            event = game.round.event
            event_require_writable(event)
            if game.player_b_id is None:
                raise Conflict("game", "bye", gettext("A bye has no table to call a judge to."))
            existing = _unresolved(game.pk)
            if existing is not None:
                return existing, False
            call = JudgeCall.objects.create(
                event=event,
                game=game,
                called_by_player=player,
                called_by_user=user if player is None and user.is_authenticated else None,
                note=note,
                called_at=timezone.now(),
            )
            call.game = game
            _log(call, "judge_call_open", user=user, player=player, after={"note": note})
            clock_hold(game_id=game.pk, reason=HOLD_REASON)
            return call, True
    except IntegrityError:
        # Both players pressed in the same instant on a database without row locks: the other
        # press made the call.
        existing = _unresolved(game_id)
        if existing is None:
            raise
        return existing, False


def _call_lock(call_id: int, user) -> JudgeCall:
    call = (
        JudgeCall.objects.select_for_update(of=("self",))
        .select_related("event", "game", "claimed_by", "resolved_by")
        .filter(pk=call_id)
        .first()
        if 0 < call_id <= rowsql.ID_MAX
        else None
    )
    if call is None:
        raise NotFound("call", "not_found", gettext("No such judge call."))
    require_judge(user, call.event)
    event_require_writable(call.event)
    return call


def _table(call: JudgeCall) -> str:
    number = call.game.table_number
    return f"table {number}" if number else "this table"


def _resolved_conflict(call: JudgeCall) -> Conflict:
    return Conflict(
        "call",
        "resolved",
        gettext("The call at %(_table)s was already resolved by %(user_name)s.")
        % {"_table": _table(call), "user_name": user_name(call.resolved_by)},
    )


@transaction.atomic
def judge_call_claim(*, call_id: int, user) -> JudgeCall:
    """A judge takes the call ("on the way"). Claiming one's own claim again changes nothing;
    another judge's claim is a Conflict naming who holds it."""
    call = _call_lock(call_id, user)
    if call.status == CallStatus.RESOLVED:
        raise _resolved_conflict(call)
    if call.status == CallStatus.CLAIMED:
        if call.claimed_by_id == user.pk:
            return call
        raise Conflict(
            "call",
            "claimed",
            gettext("%(user_name)s has already claimed the call at %(_table)s.")
            % {"user_name": user_name(call.claimed_by), "_table": _table(call)},
        )
    call.status = CallStatus.CLAIMED
    call.claimed_by = user
    call.claimed_at = timezone.now()
    call.save(update_fields=["status", "claimed_by", "claimed_at"])
    _log(call, "judge_call_claim", user=user, after={"judge": user_name(user)})
    return call


def _category(value) -> str:
    if value in ("", None):
        return CallCategory.OTHER
    if value not in CallCategory.values:
        raise Invalid(
            "category",
            "invalid_choice",
            gettext("Choose one of: %(join)s.") % {"join": ", ".join(CallCategory.values)},
        )
    return value


def _minutes(value) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise Invalid("minutes_added", "invalid", gettext("Must be a whole number of minutes."))
    if not 0 <= value <= MINUTES_MAX:
        raise Invalid(
            "minutes_added",
            "range",
            gettext("From 0 to %(MINUTES_MAX)s minutes.") % {"MINUTES_MAX": MINUTES_MAX},
        )
    return value


@transaction.atomic
def judge_call_resolve(
    *, call_id: int, user, ruling: str, category: str = "", minutes_added: int = 0
) -> JudgeCall:
    """The judge's ruling (shown to the table's players), its category and any minutes given
    to the table; the game's clock runs again for the side that was running. An open call is
    claimed by whoever resolves it."""
    ruling = text_checked(ruling, field="ruling", multiline=True, limit=RULING_LIMIT)
    if not ruling:
        raise Invalid("ruling", "blank", gettext("Say what the ruling was."))
    category = _category(category)
    minutes_added = _minutes(minutes_added)
    call = _call_lock(call_id, user)
    if call.status == CallStatus.RESOLVED:
        raise _resolved_conflict(call)
    now = timezone.now()
    if call.status == CallStatus.OPEN:
        call.claimed_by, call.claimed_at = user, now
    call.status = CallStatus.RESOLVED
    call.resolved_by, call.resolved_at = user, now
    call.ruling, call.category, call.minutes_added = ruling, category, minutes_added
    call.save()
    _log(
        call,
        "judge_call_resolve",
        user=user,
        after={"ruling": ruling, "category": category, "minutes": minutes_added},
    )
    if minutes_added:
        reason = f"Judge call: {ruling}"[:REASON_LIMIT]
        try:
            game_extend(game_id=call.game_id, minutes=minutes_added, reason=reason, user=user)
        except Invalid as exc:
            # The table's extensions are capped in all: said on the field the judge filled.
            raise Invalid.from_errors(
                {"minutes_added" if f == "minutes" else f: e for f, e in exc.errors.items()}
            ) from exc
    clock_release(game_id=call.game_id, reason=HOLD_REASON)
    return call
