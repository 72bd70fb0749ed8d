"""What staff should look at in a result that was accepted: it counts as entered, but something
in it does not match what the event knows (a Battle Ready bonus for a player not registered as
Battle Ready). Never a refusal: scripts and phones send such results today."""

from __future__ import annotations

from tournament.models import Game, Result


def result_warnings(game: Game, result: Result | None) -> list[str]:
    """Warnings in words, one per finding (empty when nothing is off)."""
    if result is None or game.player_b_id is None:
        return []
    warnings = []
    for side, player in (("a", game.player_a), ("b", game.player_b)):
        bonus = getattr(result, f"battle_ready_{side}")
        if bonus and not player.battle_ready:
            warnings.append(
                f"{player.name} has the Battle Ready bonus ({bonus} VP) but is not registered "
                "as Battle Ready."
            )
    return warnings
