"""Deciding a knockout game, which cannot end drawn: the event's `knockout_tiebreak`."""

from __future__ import annotations

KNOCKOUT_TIEBREAKS = {
    "higher_seed": "On equal VP, the higher seed goes through.",
    "primary_vp": "On equal VP, the player with more primary VP goes through; if equal "
    "again, the higher seed.",
    "organiser": "On equal VP, the organiser decides who goes through.",
}


def knockout_winner(
    *,
    rule: str,
    vp_a: int,
    vp_b: int,
    seed_a: int,
    seed_b: int,
    primary_a: int | None = None,
    primary_b: int | None = None,
    decided: str | None = None,
) -> str | None:
    """ "a" or "b" for the side going through; None when the organiser must still decide."""
    if vp_a != vp_b:
        return "a" if vp_a > vp_b else "b"
    if rule == "organiser":
        return decided if decided in ("a", "b") else None
    if rule == "primary_vp" and (primary_a or 0) != (primary_b or 0):
        return "a" if (primary_a or 0) > (primary_b or 0) else "b"
    return "a" if seed_a < seed_b else "b"
