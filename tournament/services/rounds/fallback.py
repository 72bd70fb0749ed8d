"""A released round's paper pack (pairings by name and by table, a result slip per table),
made in the background as soon as the round is released, for when phones, wifi or the server
fail mid-round.

One pack per pairing of the round: its revision is a digest of what the pack prints about the
pairing (tables, players, primaries and layouts, the mission), so a release retried or run
twice finds the pack it made, and a re-pair, a swap or a new layout makes a new one that
replaces the old. The pack is asked for after the transaction that changed the round commits,
so a rolled-back release prints nothing and the worker reads what was committed.

Services never import tasks: the app registers the starter (tournament.tasks) in PACK_STARTERS
at start-up; with none registered (a bare service call in a script) the job waits, listed with
Retry once stalled.
"""

from __future__ import annotations

import hashlib
import json
import logging

from django.conf import settings
from django.core.files.storage import default_storage
from django.db import IntegrityError, transaction

from tournament.extensions import PACK_STARTERS
from tournament.models import PrintJob, Round
from tournament.printing.render import FALLBACK
from tournament.services.documents.printing import print_job_status

log = logging.getLogger(__name__)

__all__ = [
    "FALLBACK",
    "PACK_STARTERS",
    "fallback_pack_after_commit",
    "fallback_pack_make",
    "fallback_pack_offered",
]


def fallback_revision(round_: Round) -> str:
    """A digest of the round's pairing as its pack prints it."""
    games = sorted(
        round_.games.values_list(
            "pk",
            "table_number",
            "player_a_id",
            "player_b_id",
            "disposition_a",
            "disposition_b",
            "layout",
        )
    )
    what = {"number": round_.number, "mission": round_.mission_code, "games": games}
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()


def fallback_pack_make(*, round_id: int) -> PrintJob | None:
    """The pack of the round's current pairing: made (and started) if it is not yet; None
    when the round is gone or not released (nobody prints pairings players were not shown)."""
    round_ = Round.objects.filter(pk=round_id).first()
    if round_ is None or not round_.released:
        return None
    revision = fallback_revision(round_)
    try:
        with transaction.atomic():
            job, created = PrintJob.objects.get_or_create(
                round=round_,
                kind=FALLBACK,
                revision=revision,
                defaults={"event_id": round_.event_id},
            )
    except IntegrityError:  # another process made it a moment ago
        return PrintJob.objects.get(round=round_, kind=FALLBACK, revision=revision)
    if not created:
        return job
    _replace_older(job)
    for start in PACK_STARTERS:
        start(job.pk)
    return job


def _replace_older(job: PrintJob) -> None:
    """The packs of the round's earlier pairings go, files and all: they print tables that
    are no longer played. A worker still making one finds its job gone and stops."""
    older = PrintJob.objects.filter(round_id=job.round_id, kind=FALLBACK).exclude(pk=job.pk)
    for old in older:
        if old.file and default_storage.exists(old.file.name):
            default_storage.delete(old.file.name)
    older.delete()


def fallback_pack_after_commit(*, round_id: int) -> None:
    """Ask for the round's pack once the current transaction commits (at once outside one)."""
    if not settings.PAPER_PACK_ON_RELEASE:
        return

    def make() -> None:
        try:
            fallback_pack_make(round_id=round_id)
        except Exception:  # the change is committed: a pack that cannot start is only logged
            log.exception("paper pack of round %s not started", round_id)

    transaction.on_commit(make)


def fallback_pack_offered(*, round_: Round | None) -> dict:
    """What the pairing and print pages show of a round's pack: the round when it is released
    (`paper_round`) and its newest pack's status (`paper_pack`, None before any is made)."""
    if round_ is None or not round_.released:
        return {"paper_round": None, "paper_pack": None}
    job = (
        PrintJob.objects.filter(round=round_, kind=FALLBACK)
        .select_related("event", "round")
        .order_by("-pk")
        .first()
    )
    return {"paper_round": round_, "paper_pack": print_job_status(job) if job else None}
