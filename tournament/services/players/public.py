"""The names the public reads (issue 36): each event shows its players to anyone but its staff
by its `public_names` setting (engine/public_names.py). The staff's pages and API keep full
names; every public surface passes what it shows through these before it is rendered.

Player rows read for the public are renamed in memory only (`.name`), never saved: the public
views only read. Rows of dicts (standings, awards) are copied with their names replaced."""

from __future__ import annotations

from collections.abc import Iterable

from tournament.engine.public_names import FULL, public_names_distinct
from tournament.models import Event, Player


def names_are_full(event: Event) -> bool:
    return event.public_names == FULL


def names_audience(event: Event, *, staff: bool) -> str:
    """A cache variant's part naming what names an answer holds: "full" for the staff and for
    an event showing full names (one answer for both), else the event's mode."""
    return "full" if staff or names_are_full(event) else event.public_names


def public_names_of(event: Event) -> dict[int, str] | None:
    """{player id: the name the public reads}, or None when the event shows full names (every
    caller then leaves its rows alone: no query, no copy). One query over the whole event:
    two players who would read alike ("Anna K.") are told apart (engine/public_names.py)."""
    if names_are_full(event):
        return None
    rows = Player.objects.filter(event_id=event.pk).values_list("pk", "name", "nickname")
    return public_names_distinct(list(rows), mode=event.public_names)


def player_public_name(player: Player, event: Event | None = None) -> str:
    event = event or player.event
    names = public_names_of(event)
    return player.name if names is None else names.get(player.pk, player.name)


def players_named_for_public(event: Event, players: Iterable[Player | None]) -> None:
    """Give each loaded player (None skipped) the name the public reads, in memory."""
    names = public_names_of(event)
    if names is None:
        return
    for player in players:
        if player is not None:
            player.name = names.get(player.pk, player.name)


def games_named_for_public(event: Event, games: Iterable) -> None:
    """The players of loaded games (and who entered each current result) as the public reads
    them; each player object is renamed once even when games share it."""
    if names_are_full(event):
        return
    seen: dict[int, Player] = {}
    for game in games:
        for attr in ("player_a", "player_b", "attacker"):
            player = getattr(game, attr, None) if getattr(game, f"{attr}_id", None) else None
            if player is not None and id(player) not in seen:
                seen[id(player)] = player
        for result in getattr(game, "current_results", ()) or ():
            if result.entered_by_player_id and result.entered_by_player is not None:
                seen.setdefault(id(result.entered_by_player), result.entered_by_player)
    players_named_for_public(event, seen.values())


def rows_named_for_public(
    event: Event, rows: list[dict], *, id_key: str = "player", name_key: str = "name"
) -> list[dict]:
    """Copies of `rows` whose `name_key` is the public name of the player `id_key` names (the
    rows themselves when the event shows full names)."""
    names = public_names_of(event)
    if names is None:
        return rows
    return [
        {**row, name_key: names.get(row.get(id_key), row.get(name_key))}
        if isinstance(row, dict)
        else row
        for row in rows
    ]
