"""Shared rules for acting on one game: lock its row, and check who may act on it."""

from __future__ import annotations

from django.db import connection
from django.utils.translation import gettext, gettext_lazy

from common.errors import Conflict, Forbidden, NotFound
from tournament.models import Event, Game, Player, Round
from tournament.services.events.access import NOT_STAFF, event_hidden_from, user_can_judge
from tournament.services.results import rowsql

_CHAIN = (Game, Round, Event)
NO_GAME = gettext_lazy("No such game.")


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
    # A path's id may have any number of digits: the driver refuses one past 64 bits, which no
    # row can have (the ORM's lookups know this; a hand-written statement must say it).
    found = rowsql.fetch(_CHAIN, sql, [game_id]) if 0 < game_id <= rowsql.ID_MAX else None
    if found is None:
        raise NotFound("game", "not_found", NO_GAME)
    game, round_, event = found[1]
    round_.event = event
    game.round = round_
    return game


def game_authorise(game: Game, *, user=None, player: Player | None = None) -> None:
    """A player may act on their own game only, once its round is released (before, the draw
    is the staff's alone: not even its players may open the game); otherwise an organiser or
    a judge of the event (judges enter, correct, confirm and settle results)."""
    if player is not None:
        event = game.round.event
        if player.event_id != event.pk and event.hidden:
            raise NotFound("game", "not_found", NO_GAME)  # as if it did not exist
        if player.pk not in (game.player_a_id, game.player_b_id):
            raise Forbidden("game", "not_your_game", gettext("You are not playing in this game."))
        if not game.round.released:
            raise Conflict(
                "round",
                "not_released",
                gettext(
                    "Round %(number)s's pairings are not released yet: your game "
                    "opens once the organiser releases them."
                )
                % {"number": game.round.number},
            )
    elif not user_can_judge(user, game.round.event):
        if game.round.event.hidden:
            raise NotFound("game", "not_found", NO_GAME)  # as if it did not exist
        raise Forbidden("game", "not_staff", NOT_STAFF)


def game_require_known(*, game_id: int, user=None) -> None:
    """404 for a game the asker may not know of: one that does not exist, or one of a hidden
    event they are not on the staff of. Callers check this before telling a signed-out visitor
    to sign in or send a key, which would say that the game exists."""
    game = Game.objects.select_related("round__event").filter(pk=game_id).first()
    if game is None or event_hidden_from(user, game.round.event):
        raise NotFound("game", "not_found", NO_GAME)
