"""Ratings rebuilt in the background. Tasks take names and ids only; with no broker they run
in-process (eager), like every task here."""

from __future__ import annotations

import logging

from celery import shared_task
from kombu.exceptions import OperationalError as BrokerError

from ratings.services.ratings import ratings_rebuild, ratings_rebuild_for_event

log = logging.getLogger(__name__)


@shared_task
def ratings_rebuild_task(edition: str) -> None:
    ratings_rebuild(edition=edition)


@shared_task
def ratings_round_complete(round_id: int, event_id: int) -> None:
    """A round's results are all confirmed: its event's edition group is rated again. The
    whole group is computed from scratch (deterministic, and corrections are taken in)."""
    ratings_rebuild_for_event(event_id=event_id)


def _send(task, *args) -> None:
    # A broker outage leaves the ratings as they were until the next round or
    # `manage.py ratings_rebuild`: never fails the request that completed the round.
    try:
        task.delay(*args)
    except (BrokerError, OSError) as exc:
        log.warning("ratings not queued: broker unreachable (%s)", exc)


def editions_start(editions: tuple[str, ...]) -> None:
    for edition in editions:
        _send(ratings_rebuild_task, edition)


def round_complete_start(round_id: int, event_id: int) -> None:
    _send(ratings_round_complete, round_id, event_id)
