"""Saving anything an event shows moves the event's revision on (services/revision.py).

Receivers, not calls in each service, so that no future write path can forget it; the few
writes that bypass save() (queryset updates in swaps) are also audited, and audit_record moves
the revision on too. Deletes are caught at the round and the player: a round's games and results
go with it, and receivers on those would stop Django from deleting them in bulk.
"""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournament.caching.revision import event_revision_bump, event_revision_bump_for_game
from tournament.models import Announcement, Event, Game, Player, Result, Round, Table
from tournament.services.events.status import event_status_follow


@receiver(post_save, sender=Result)
def _result_saved(sender, instance: Result, **kwargs) -> None:
    event_revision_bump_for_game(game_id=instance.game_id)


@receiver(post_save, sender=Game)
def _game_saved(sender, instance: Game, **kwargs) -> None:
    event_revision_bump_for_game(game_id=instance.pk)


@receiver(post_save, sender=Announcement)
@receiver(post_save, sender=Round)
@receiver(post_save, sender=Player)
@receiver(post_save, sender=Table)
def _event_part_saved(sender, instance, **kwargs) -> None:
    event_revision_bump(event_id=instance.event_id)


@receiver(post_save, sender=Round)
def _round_saved(sender, instance: Round, **kwargs) -> None:
    # A round paired or completed moves an automatic event status (services/event_status.py).
    event_status_follow(event_id=instance.event_id)


@receiver(post_delete, sender=Round)
def _round_deleted(sender, instance: Round, origin=None, **kwargs) -> None:
    if not (isinstance(origin, Event) or getattr(origin, "model", None) is Event):
        event_status_follow(event_id=instance.event_id)


@receiver(post_delete, sender=Announcement)
@receiver(post_delete, sender=Round)
@receiver(post_delete, sender=Player)
@receiver(post_delete, sender=Table)
def _event_part_deleted(sender, instance, origin=None, **kwargs) -> None:
    # Deleting the whole event takes its parts with it: there is nothing left to mark.
    deleting_event = isinstance(origin, Event) or getattr(origin, "model", None) is Event
    if not deleting_event:
        event_revision_bump(event_id=instance.event_id)


@receiver(post_save, sender=Event)
def _event_saved(sender, instance: Event, created: bool, **kwargs) -> None:
    if not created:
        event_revision_bump(event_id=instance.pk)
