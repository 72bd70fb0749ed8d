"""What the people app hooks into the tournament app at start-up (people.apps): every saved
player is linked to a person (services/people.py). The tournament app never imports this."""

from __future__ import annotations

from django.db.models.signals import post_save


def _player_saved(sender, instance, created, raw=False, **kwargs) -> None:
    if raw or not created:  # fixtures load rows as they are; a new player is linked once
        return
    from people.services.people import person_link_player  # noqa: PLC0415

    person_link_player(player=instance)


def register() -> None:
    from tournament.models import Player  # noqa: PLC0415

    post_save.connect(_player_saved, sender=Player, dispatch_uid="people-link-player")
