"""Releasing a round's pairings: with the event's `review_pairings` on, a newly paired round
stays with the staff (who may swap or re-pair it) until the organiser releases it.

Before release nobody but the staff sees its games, and no result is entered for it: a player
cannot report a game they were never shown."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from common.errors import Conflict, NotFound
from tournament.caching.cached import event_cached
from tournament.models import Event, Result, ResultSource, Round
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_target
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable
from tournament.services.rounds.fallback import fallback_pack_after_commit

NOT_RELEASED = "not_released"


def _locked_event(event_id: int) -> Event:
    # Its own lock, as rounds.py takes it: results.py imports this module, rounds.py results.
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise NotFound("event", "not_found", gettext("No such event."))
    return event


def round_released_cached(*, event: Event, number: int, revision: int) -> bool | None:
    """Whether round `number` is released (None: no such round), read once per revision: a
    phone polling the round pays no query for it."""
    return event_cached(
        event=event,
        name="released",
        variant=number,
        revision=revision,
        compute=lambda: (
            event.rounds.filter(number=number).values_list("released", flat=True).first()
        ),
    )


def round_require_released(round_: Round) -> None:
    """Refuse a result for a round whose pairings the players have not been shown."""
    if not round_.released:
        raise Conflict(
            "round",
            NOT_RELEASED,
            gettext(
                "Round %(number)s's pairings are not released yet: results "
                "are entered once the organiser releases them."
            )
            % {"number": round_.number},
        )


def round_release(*, event_id: int, user, number: int) -> Round:
    """Show round `number`'s pairings to everyone (logged; releasing twice changes nothing)."""
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        round_ = event.rounds.select_for_update().filter(number=number).first()
        if round_ is None:
            raise NotFound(
                "round",
                "not_found",
                gettext("Round %(number)s is not paired.") % {"number": number},
            )
        # Released already (a retried request): its pack is found made, or made if it is not.
        fallback_pack_after_commit(round_id=round_.pk)
        if round_.released:
            return round_
        round_.released = True
        round_.save(update_fields=["released"])
        audit_record(
            event=event,
            action="round_release",
            target=f"round:{round_.pk}",
            user=user,
            before={"number": number, "released": False},
            after={"number": number, "released": True},
        )
        return round_


def _released_round(entry) -> Round:
    """The round an entry released, while taking it back hides nothing a player has used."""
    number = (entry.after or {}).get("number", "?")
    round_ = audit_target(entry, "round", gone=f"Round {number} has been removed.")
    if Result.objects.filter(game__round=round_).exclude(source=ResultSource.BYE).exists():
        raise Conflict(
            "entry",
            "has_results",
            gettext("Round %(number)s has results; its pairings stay released.")
            % {"number": round_.number},
        )
    return round_


@undo_check("round_release")
def _check_round_release(entry) -> list[str]:
    _released_round(entry)
    return []


@undoable("round_release")
def _undo_round_release(entry) -> None:
    _locked_event(entry.event_id)
    round_ = _released_round(entry)
    round_.released = False
    round_.save(update_fields=["released"])
