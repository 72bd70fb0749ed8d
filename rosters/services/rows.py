"""A player's army list row and an event's list settings, read with their defaults (no row:
no list; the default settings), and written only when they hold something."""

from __future__ import annotations

from rosters.models.armylists import ArmyList, ListSettings, ListStatus
from tournament.models import Event, Player
from tournament.services.events.extra_fields import side_row


def list_row(player: Player) -> ArmyList:
    """The player's list row (cached on the player); an unsaved empty one when none."""
    try:
        return player.list_row
    except ArmyList.DoesNotExist:
        return ArmyList(player_id=player.pk, status=ListStatus.NONE)


def list_settings(event: Event) -> ListSettings:
    """The event's list settings (cached on the event); unsaved defaults when none."""
    return side_row(event, "list_settings", ListSettings)


def list_row_save(player: Player, row: ArmyList) -> ArmyList:
    """Store `row` for `player` and keep it cached on the player object."""
    row.player_id = player.pk
    row.save()
    player.list_row = row
    return row


def list_settings_save(event: Event, settings: ListSettings) -> ListSettings:
    settings.event_id = event.pk
    settings.save()
    event.list_settings = settings
    return settings


def lists_preload(player: Player) -> None:
    """Read the player's list row and their event's list settings in one query and keep them
    cached on `player` and `player.event` (the player's page reads both)."""
    found = (
        Player.objects.filter(pk=player.pk)
        .select_related("list_row", "event__list_settings")
        .first()
    )
    if found is None:
        return
    row_field = Player._meta.get_field("list_row")
    settings_field = Event._meta.get_field("list_settings")
    row_field.set_cached_value(player, getattr(found, "list_row", None))
    settings_field.set_cached_value(player.event, getattr(found.event, "list_settings", None))
