"""What the rosters app registers with the tournament app at start-up (rosters.apps): the list
fields of players and events, their audit words, the table packs' lists, the list actions'
undo handlers (registered by importing their module) and the lists' checks in the event
document (list_exchange). The tournament app never imports this app
(tests/architecture/test_layers.py)."""

from __future__ import annotations


def register() -> None:
    from rosters.services import armylists, fields, words  # noqa: PLC0415
    from rosters.services import lists_exchange as list_exchange  # noqa: PLC0415
    from tournament.extensions import PLAYER_ERASERS, PRINT_LISTS_HOOKS  # noqa: PLC0415
    from tournament.services.events.extra_fields import extra_fields_register  # noqa: PLC0415

    extra_fields_register("player", fields.PLAYER_EXTRAS)
    extra_fields_register("event", fields.EVENT_EXTRAS)
    fields.install_attributes()
    words.register()
    list_exchange.register()
    PRINT_LISTS_HOOKS.register(armylists.army_lists_printed)
    PLAYER_ERASERS.register(list_erase)


def list_erase(player) -> list[str]:
    """A person's erasure (PLAYER_ERASERS): the player's list text, its check's comment and
    the organiser's overrules go; its status and detachments (no one's personal text) stay.
    Returns the texts blanked."""
    from rosters.models.armylists import ArmyList  # noqa: PLC0415

    row = ArmyList.objects.filter(player_id=player.pk).first()
    if row is None:
        return []
    gone = [text for text in (row.text, row.comment, *(row.overrules or {}).values()) if text]
    ArmyList.objects.filter(pk=row.pk).update(text="", comment="", overrules={})
    return [str(text) for text in gone]
