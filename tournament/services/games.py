"""Shared rules for acting on one game: lock its row, and check who may act on it."""

from __future__ import annotations

from tournament.errors import Forbidden, NotFound
from tournament.models import Game, Player
from tournament.services.access import NOT_STAFF, user_can_judge


def game_lock(*, game_id: int) -> Game:
    """The game, locked until the transaction ends (PostgreSQL row lock; SQLite takes its
    write lock at BEGIN), so concurrent writers to one game are serialised."""
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("round__event")
        .filter(pk=game_id)
        .first()
    )
    if game is None:
        raise NotFound("game", "not_found", "No such game.")
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
