"""What staff should look at in a result that was accepted: it counts as entered, but something
in it does not match what the event knows (a Battle Ready bonus for a player not registered as
Battle Ready). Never a refusal: scripts and phones send such results today."""

from __future__ import annotations

from missions.scoring.rules import scoring_rules
from tournament.models import Game, Result


def _without_bonus(pack_key: str) -> int | None:
    """The most VP a player scores without the Battle Ready bonus (its pack's total cap less
    the bonus: 90 of 100); None for packs without the bonus or a capped total."""
    rules = scoring_rules(pack_key)
    bonus = rules.part("battle_ready")
    if bonus is None or rules.total_cap is None:
        return None
    return rules.total_cap - bonus.maximum


def result_warnings(game: Game, result: Result | None, *, pack_key: str) -> list[str]:
    """Warnings in words, one per finding (empty when nothing is off); `pack_key` is the
    event's mission pack (the board has the event at hand)."""
    if result is None or game.player_b_id is None:
        return []
    warnings = []
    most = _without_bonus(pack_key)
    for side, player in (("a", game.player_a), ("b", game.player_b)):
        if player.battle_ready:
            continue
        bonus = getattr(result, f"battle_ready_{side}")
        vp = getattr(result, f"vp_{side}")
        if bonus:
            warnings.append(
                f"{player.name} has the Battle Ready bonus ({bonus} VP) but is not registered "
                "as Battle Ready."
            )
        elif bonus is None and most is not None and vp is not None and vp > most:
            # A bare total: only the bonus takes it past the caps of the other parts.
            warnings.append(
                f"{player.name} scored {vp} VP, more than the {most} VP anyone scores without "
                "the Battle Ready bonus, but is not registered as Battle Ready."
            )
    return warnings
