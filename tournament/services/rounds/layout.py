"""The organiser changes an 11th-edition game's layout letter: logged in words, undoable."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from common.errors import Conflict
from tournament.models import Game
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_edit_check, audit_restore, audit_restores
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable
from tournament.services.rounds.eleventh import is_eleventh, layout_clean
from tournament.services.rounds.fallback import fallback_pack_after_commit
from tournament.services.rounds.games import game_lock


def game_where(game: Game) -> str:
    """ "Round 2, table 3", as the organiser finds the game in the room."""
    return f"Round {game.round.number}, table {game.table_number or '–'}"


def game_set_layout(*, game_id: int, user, layout) -> Game:
    """Set an 11th-edition game's layout letter (a bye has none); unchanged: nothing logged."""
    letter = layout_clean(layout)
    with transaction.atomic():
        game = game_lock(game_id=game_id)
        event = game.round.event
        require_organiser(user, event)
        event_require_writable(event)
        if not is_eleventh(event):
            raise Conflict(
                "layout", "not_in_pack", gettext("Only 11th-edition games have a layout.")
            )
        if game.player_b_id is None:
            raise Conflict("layout", "bye", gettext("A bye has no table and no layout."))
        before = game.layout
        if before == letter:
            return game
        game.layout = letter
        game.save(update_fields=["layout"])
        audit_record(
            event=event,
            action="game_layout",
            target=f"game:{game.pk}",
            user=user,
            before={"layout": before},
            after={"layout": letter},
            revised=True,
        )
        fallback_pack_after_commit(round_id=game.round_id)  # the slips name the layout
        return game


audit_restores("game_layout", "game", ("layout",))


@undo_check("game_layout")
def _check_game_layout(entry) -> list[str]:
    audit_edit_check(entry, game_where)
    return []


@undoable("game_layout")
def _undo_game_layout(entry) -> None:
    audit_restore(entry)
