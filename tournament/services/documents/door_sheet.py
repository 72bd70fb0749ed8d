"""The door sheet's data: each player in the field, their round 1 seat and private link."""

from __future__ import annotations

from django.utils.translation import gettext

from tournament.models import Event, PlayerStatus
from tournament.printing.documents.door import DoorCard, DoorSheet, DoorSheetPrint
from tournament.services.documents.printing import event_info, player_link
from tournament.services.events.language import event_language
from tournament.services.players.players import players_by_name


def _seats(event: Event) -> dict[int, tuple[str, ...]]:
    """Each player's round 1 seat in words, by player id: the seat, then (when paired) the
    opponent, as the card prints them on two lines."""
    round_ = event.rounds.filter(number=1).first()
    if round_ is None:
        return {}
    seats = {}
    games = round_.games.select_related("player_a", "player_b")
    for game in games:
        if game.player_b_id is None:
            seats[game.player_a_id] = (gettext("Round 1: bye"),)
            continue
        table = (
            gettext("table %(number)s") % {"number": game.table_number}
            if game.table_number
            else gettext("table to be set")
        )
        for me, side, them in (
            (game.player_a_id, "A", game.player_b),
            (game.player_b_id, "B", game.player_a),
        ):
            seats[me] = (
                gettext("Round 1: %(table)s, side %(side)s") % {"table": table, "side": side},
                gettext("against %(name)s") % {"name": them.name},
            )
    return seats


def door_sheet_data(*, event: Event) -> DoorSheetPrint:
    """Every approved player still in the event, by name (the order people look names up)."""
    players = players_by_name(event.players.filter(status=PlayerStatus.APPROVED, dropped=False))
    # The cards go to the players: a round 1 still under the organiser's review stays off them.
    paired = event.rounds.filter(number=1, released=True).exists()
    seats = _seats(event) if paired else {}
    absent = (gettext("Round 1: not in this round"),) if paired else ("",)
    cards = tuple(
        DoorCard(
            name=p.name,
            seat=", ".join(seats.get(p.pk, absent)),
            link=player_link(p.private_key),
            lines=seats.get(p.pk, absent),
        )
        for p in players
    )
    if not paired:
        waiting = (
            gettext("Round 1 pairings not released yet")
            if event.rounds.filter(number=1).exists()
            else gettext("Round 1 not paired yet")
        )
        cards = tuple(DoorCard(c.name, waiting, c.link, (waiting,)) for c in cards)
    return DoorSheetPrint(event=event_info(event), cards=cards)


def door_sheet_pdf(*, event: Event) -> bytes:
    """In the event's language, whoever asks: the cards are handed out at its door."""
    with event_language(event):
        return DoorSheet(door_sheet_data(event=event)).render()
