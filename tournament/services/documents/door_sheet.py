"""The door sheet's data: each player in the field, their round 1 seat and private link."""

from __future__ import annotations

from tournament.models import Event, PlayerStatus
from tournament.printing.documents.door import DoorCard, DoorSheet, DoorSheetPrint
from tournament.services.documents.printing import event_info, player_link
from tournament.services.players.players import players_by_name


def _seats(event: Event) -> dict[int, str]:
    """Each player's round 1 seat in words, by player id."""
    round_ = event.rounds.filter(number=1).first()
    if round_ is None:
        return {}
    seats = {}
    games = round_.games.select_related("player_a", "player_b")
    for game in games:
        if game.player_b_id is None:
            seats[game.player_a_id] = "Round 1: bye"
            continue
        table = f"table {game.table_number}" if game.table_number else "table to be set"
        seats[game.player_a_id] = f"Round 1: {table}, side A, against {game.player_b.name}"
        seats[game.player_b_id] = f"Round 1: {table}, side B, against {game.player_a.name}"
    return seats


def door_sheet_data(*, event: Event) -> DoorSheetPrint:
    """Every approved player still in the event, by name (the order people look names up)."""
    players = players_by_name(event.players.filter(status=PlayerStatus.APPROVED, dropped=False))
    # The cards go to the players: a round 1 still under the organiser's review stays off them.
    paired = event.rounds.filter(number=1, released=True).exists()
    seats = _seats(event) if paired else {}
    cards = tuple(
        DoorCard(
            name=p.name,
            seat=seats.get(p.pk, "Round 1: not in this round" if paired else ""),
            link=player_link(p.private_key),
        )
        for p in players
    )
    if not paired:
        waiting = (
            "Round 1 pairings not released yet"
            if event.rounds.filter(number=1).exists()
            else "Round 1 not paired yet"
        )
        cards = tuple(DoorCard(c.name, waiting, c.link) for c in cards)
    return DoorSheetPrint(event=event_info(event), cards=cards)


def door_sheet_pdf(*, event: Event) -> bytes:
    return DoorSheet(door_sheet_data(event=event)).render()
