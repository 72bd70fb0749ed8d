"""The audit log: every organiser action that changes standings, and how to undo it.

Each undoable action registers two functions beside the service that logs it:
- a check (`undo_check`) that raises `Conflict` when the undo cannot happen now, saying why
  in words, and otherwise returns what depends on the change (in words), so the page offers
  Undo only where it can succeed and warns before undoing what later steps were built on;
- a handler (`undoable`) that replays the entry's `before` state.
`audit_undo` runs both in one transaction and records the undo as an entry of its own.
Both read the entry's objects only inside its own event and put back only what its action
logs (targets.py). Entries that came with an imported file are history: shown, never
undone, since nothing on this instance wrote them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import Conflict, NotFound
from tournament.caching.revision import event_revision_bump_sql
from tournament.extensions import UNDO_CHECKS, UNDO_HANDLERS
from tournament.localtime import when
from tournament.models import AuditEntry, Event, Round
from tournament.services.audit.targets import audit_judging, audit_judging_memo
from tournament.services.audit.words import audit_describe, audit_label
from tournament.services.events.access import require_organiser
from tournament.services.results import rowsql

# The services that register undo handlers and checks; loaded before any undo is judged, so
# the answer does not depend on which page happened to import them first.
_HANDLER_MODULES = (
    "tournament.services.standings.awards",
    "tournament.services.players.checkin",
    "tournament.services.rounds.eleventh",
    "tournament.services.rounds.layout",
    "tournament.services.rounds.extensions",
    "tournament.services.players.penalties",
    "tournament.services.events.events",
    "tournament.services.players.players",
    "tournament.services.players.registration",
    "tournament.services.rounds.release",
    "tournament.services.results.results",
    "tournament.services.rounds.rounds",
    "tournament.services.rounds.swaps",
)


def undoable(action: str):
    def register(handler: Callable[[AuditEntry], None]):
        UNDO_HANDLERS.register(action, handler)
        return handler

    return register


def undo_check(action: str):
    """Register `check(entry) -> dependents`: raise Conflict if the undo cannot happen now."""

    def register(check: Callable[[AuditEntry], list[str]]):
        UNDO_CHECKS.register(action, check)
        return check

    return register


def _load_handlers() -> None:
    for module in _HANDLER_MODULES:
        importlib.import_module(module)


def audit_entry(
    *, event: Event, action: str, target: str, user=None, player=None, before=None, after=None
) -> AuditEntry:
    """An entry of the log, not yet written: a write path writes it with its own statements
    (audit_writes)."""
    return AuditEntry(
        event=event,
        action=action,
        target=target,
        actor_user=user if user is not None and user.is_authenticated else None,
        actor_player=player,
        before=before,
        after=after,
        created_at=timezone.now(),
    )


def audit_writes(
    entry: AuditEntry, *, revised: bool = False, standings: bool = True
) -> list[tuple[str, list]]:
    """The statements that log `entry` and move its event's revision on (unless `revised`:
    a save in this transaction already did), to run with rowsql.together. `standings=False`:
    the change is one the published standings never show (services/revision.py)."""
    bump = event_revision_bump_sql(event_id=entry.event_id, standings=standings)
    writes = [] if revised else [bump]
    return [*writes, rowsql.insert_sql(entry)]


def audit_record(
    *,
    event: Event,
    action: str,
    target: str,
    user=None,
    player=None,
    before=None,
    after=None,
    revised: bool = False,
) -> AuditEntry:
    # Some logged changes bypass save() (queryset updates): the log moves the revision on too,
    # unless the caller says a save in this transaction already did (`revised`). Written by
    # hand (rowsql), the revision in the same statement on PostgreSQL.
    entry = audit_entry(
        event=event,
        action=action,
        target=target,
        user=user,
        player=player,
        before=before,
        after=after,
    )
    *writes, insert = audit_writes(entry, revised=revised)
    rowsql.saved(entry, rowsql.together(writes, insert)[0])
    return entry


def audit_changes(
    *, event: Event, action: str, target: str, user, before: dict, after: dict, fields
) -> AuditEntry | None:
    """Log the fields among `fields` whose value changed; nothing if none did."""
    changed = [k for k in after if k in fields and before[k] != after[k]]
    if not changed:
        return None
    return audit_record(
        event=event,
        action=action,
        target=target,
        user=user,
        before={k: before[k] for k in changed},
        after={k: after[k] for k in changed},
    )


def rounds_paired_after(entry: AuditEntry, *, after_round: int = 0) -> list[str]:
    """Rounds numbered above `after_round` that were paired after this entry (and still are).

    Log order, not clock time, says what came after: entry ids only grow. While a page of
    entries is judged, the event's pairings are read once for the whole page.
    """
    memo = audit_judging_memo()
    key = ("paired", entry.event_id)
    if memo is None or key not in memo:
        paired = _rounds_paired(entry.event_id)
        if memo is not None:
            memo[key] = paired
    else:
        paired = memo[key]
    return sorted({n for pk, n in paired if pk > entry.pk and n > after_round})


def _rounds_paired(event_id: int) -> list[tuple[int, int]]:
    """(log entry id, round number) of each pairing still logged as done and its round there."""
    logged = AuditEntry.objects.filter(
        event_id=event_id, action="round_create", undone_at__isnull=True
    ).values_list("pk", "target")
    entry_of = {
        int(target.split(":")[1]): pk for pk, target in logged if target.startswith("round:")
    }
    numbers = Round.objects.filter(pk__in=entry_of).values_list("pk", "number")
    return [(entry_of[pk], number) for pk, number in numbers]


@dataclass
class UndoPreview:
    """Whether an entry can be undone now, and what the organiser should know first."""

    entry_id: int
    action: str
    label: str
    description: str
    can_undo: bool
    code: str = ""
    reason: str = ""
    dependents: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "entry": self.entry_id,
            "action": self.action,
            "label": self.label,
            "description": self.description,
            "can_undo": self.can_undo,
            "code": self.code,
            "reason": self.reason,
            "dependents": self.dependents,
            "needs_confirmation": bool(self.dependents),
        }


IMPORTED_REASON = (
    "Imported with the event from a file: part of its history, which cannot be undone here."
)


def _unarchives(entry: AuditEntry) -> bool:
    """Undoing the archiving itself is the one undo an archived event takes."""
    after = entry.after
    return (
        entry.action == "event_update" and isinstance(after, dict) and after.get("archived") is True
    )


def _judge(entry: AuditEntry) -> tuple[str, str, list[str]]:
    """(code, reason, dependents); an empty code means the undo can happen now."""
    if entry.undone_at is not None:
        at = when(entry.undone_at, entry.event.time_zone)
        return "already_undone", f"Already undone ({at}).", []
    if entry.imported:
        return "imported", IMPORTED_REASON, []
    if entry.event.archived and not _unarchives(entry):
        name = entry.event.name
        return "event_archived", f"{name} is archived; unarchive it to undo changes.", []
    if entry.action not in UNDO_HANDLERS:
        return "not_undoable", f"“{audit_label(entry.action)}” cannot be undone.", []
    check = UNDO_CHECKS.get(entry.action)
    try:
        with _well_formed(entry):
            dependents = check(entry) if check else []
    except Conflict as exc:
        (code, message), *_ = next(iter(exc.errors.values()))
        return code, message, []
    return "", "", dependents


@contextmanager
def _well_formed(entry: AuditEntry):
    """An entry not written as its undo expects (not by this instance's services) is refused
    in words rather than half-read."""
    try:
        yield
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        label = audit_label(entry.action)
        raise Conflict(
            "entry",
            "not_undoable",
            gettext("“%(label)s” cannot be undone: the entry is not well formed.")
            % {"label": label},
        ) from None


def audit_undo_previews(entries) -> dict[int, UndoPreview]:
    """Previews for a page of entries, by id (descriptions loaded in one batch)."""
    _load_handlers()
    entries = list(entries)
    words = audit_describe(entries)
    previews = {}
    with audit_judging(entries):
        judged = {entry.pk: _judge(entry) for entry in entries}
    for entry in entries:
        code, reason, dependents = judged[entry.pk]
        previews[entry.pk] = UndoPreview(
            entry_id=entry.pk,
            action=entry.action,
            label=audit_label(entry.action),
            description=words[entry.pk],
            can_undo=not code,
            code=code,
            reason=reason,
            dependents=dependents,
        )
    return previews


def audit_undo_preview(*, entry_id: int, event_id: int | None = None) -> UndoPreview:
    """Whether `entry_id` can be undone now, why not, and what depends on it, in words."""
    entries = AuditEntry.objects.select_related("event").filter(pk=entry_id)
    if event_id is not None:
        entries = entries.filter(event_id=event_id)
    entry = entries.first()
    if entry is None:
        raise NotFound("entry", "not_found", gettext("No such change in this event's log."))
    return audit_undo_previews([entry])[entry.pk]


def audit_undo(*, entry_id: int, user, confirm: bool = False) -> AuditEntry:
    """Undo one logged change. When later steps depend on it, `confirm` must be given."""
    _load_handlers()
    with transaction.atomic():
        entry = AuditEntry.objects.select_for_update().select_related("event").get(pk=entry_id)
        # Judges read the log but may not undo: undoing can re-pair or change the standings.
        require_organiser(user, entry.event)
        code, reason, dependents = _judge(entry)
        if code:
            raise Conflict("entry", code, reason)
        if dependents and not confirm:
            raise Conflict(
                "confirm",
                "confirmation_required",
                " ".join(dependents) + " Confirm to undo anyway.",
            )
        # Handlers take the entry only; one that records who acted (a pairing record's swap
        # back) reads the undoing user from it.
        entry.undoing_user = user
        with _well_formed(entry):
            UNDO_HANDLERS[entry.action](entry)
        entry.undone_at = timezone.now()
        entry.undone_by = user if user is not None and user.is_authenticated else None
        entry.save(update_fields=["undone_at", "undone_by"])
        audit_record(
            event=entry.event,
            action="undo",
            target=f"audit:{entry.pk}",
            user=user,
            before=entry.after,
            after=entry.before,
        )
        return entry
