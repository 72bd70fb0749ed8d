"""What every edition's tracked-game services share: a refusal as a 400, the result a game
entered, and who may say who attacks after the roll-off."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext

from common.errors import Forbidden, Invalid
from tracker.engine.errors import Refusal
from tracker.models import TrackedGame

# Logs one action as the system's (roles decided at the table, a registered Battle Ready
# player). The service passes it in: an edition's module cannot import the service.
Store = Callable[[TrackedGame, dict[str, Any]], dict[str, Any]]


def refusal(err: Refusal) -> Invalid:
    """An engine's refusal as a 400 on its field, else on the field its message starts with,
    in the reader's language."""
    field = err.field
    if not field:
        head = err.where or str(err).split(":", 1)[0]
        field = head if head.isidentifier() else "action"
    return Invalid(field, err.code, err.message)


def result_summary(tracked: TrackedGame) -> dict[str, Any] | None:
    result = tracked.result
    if result is None:
        return None
    return {
        "id": result.pk,
        "status": result.status,
        "source": result.source,
        "vp_a": result.vp_a,
        "vp_b": result.vp_b,
    }


def require_roll_off_winner(
    tracked: TrackedGame, action: Any, player, labels: tuple[str, str]
) -> None:
    """After the roll-off for roles only its winner says who attacks (before it the two
    players may simply agree, from either phone); organisers choose for the winner. `labels`
    name the game's player A and player B in the state's roll-offs."""
    if not isinstance(action, dict) or action.get("type") != "assign_roles":
        return
    roll = (tracked.state.get("roll_offs") or {}).get("roles")
    if roll is None:
        return
    game = tracked.game
    if roll["winner"] != labels[0 if player.pk == game.player_a_id else 1]:
        winner = game.player_a if roll["winner"] == labels[0] else game.player_b
        raise Forbidden(
            "attacker",
            "not_roll_off_winner",
            gettext("attacker: %(name)s won the roll-off and chooses who attacks")
            % {"name": winner.name},
        )
