"""Shared rules for acting on one game: lock its row, and check who may act on it."""

from __future__ import annotations

from django.db import connection

from tournament.errors import Forbidden, NotFound
from tournament.models import Event, Game, Player, Round
from tournament.services import rowsql
from tournament.services.access import NOT_STAFF, user_can_judge

_CHAIN = (Game, Round, Event)


def game_lock(*, game_id: int) -> Game:
    """The game with its round and event, the game locked until the transaction ends
    (PostgreSQL row lock; SQLite takes its write lock at BEGIN), so concurrent writers to one
    game are serialised. Every result entry starts here, so it is one hand-written statement
    (see rowsql) rather than the ORM's, which orders by the event's and the round's orderings."""
    sql = (
        f"SELECT {rowsql.columns(Game, 'g')}, {rowsql.columns(Round, 'r')}, "  # noqa: S608 - names from the models
        f"{rowsql.columns(Event, 'e')} FROM {rowsql.table(Game)} g "
        f"JOIN {rowsql.table(Round)} r ON r.id = g.round_id "
        f"JOIN {rowsql.table(Event)} e ON e.id = r.event_id WHERE g.id = %s"
    )
    if connection.features.has_select_for_update_of:
        sql += " FOR UPDATE OF g"
    found = rowsql.fetch(_CHAIN, sql, [game_id])
    if found is None:
        raise NotFound("game", "not_found", "No such game.")
    game, round_, event = found[1]
    round_.event = event
    game.round = round_
    return game


def game_authorise(game: Game, *, user=None, player: Player | None = None) -> None:
    """A player may act on their own game only; otherwise an organiser or a judge of the
    event (judges enter, correct, confirm and settle results)."""
    if player is not None:
        event = game.round.event
        if player.event_id != event.pk and event.hidden:
            raise NotFound("game", "not_found", "No such game.")  # as if it did not exist
        if player.pk not in (game.player_a_id, game.player_b_id):
            raise Forbidden("game", "not_your_game", "You are not playing in this game.")
    elif not user_can_judge(user, game.round.event):
        raise Forbidden("game", "not_staff", NOT_STAFF)
