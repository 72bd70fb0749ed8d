"""A player's list read and checked, from the stored text and the event's pinned rules data:
below both the list services (armylists) and the recorded fields (recorded), which use it."""

from __future__ import annotations

from rosters.services.checking import RosterCheck, roster_check_event
from rosters.services.rows import list_row, list_settings
from tournament.models import Event, Player


def army_list_rules(*, player: Player, event: Event | None = None) -> RosterCheck | None:
    """The list read into its parts and checked against the muster rules of the event's
    edition (rosters.services.checking), with the disposition recorded for the player;
    None without a list. Computed from the stored text, so it always matches it."""
    text = list_row(player).text
    if not text:
        return None
    event = event or player.event
    return roster_check_event(
        event=event,
        text=text,
        disposition=player.disposition or None,
        # The event's pinned rules data: changing it rechecks every list on its next read.
        data_version=list_settings(event).data_version or None,
    )
