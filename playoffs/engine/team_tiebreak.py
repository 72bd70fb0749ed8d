"""Deciding a team knockout match, which cannot end drawn. A team match is drawn while the
two teams' scores are within the event's draw margin (teams/engine/scoring.py); the event's
`knockout_tiebreak` then says who goes through:

- higher_seed: the higher seed (the default);
- game_points: the team with more game points in the match (the margin no longer matters),
  then more VP over its games, then the higher seed;
- primary_vp: the team whose players scored more primary VP in total, then the higher seed;
- organiser: the organiser decides (and is logged)."""

from __future__ import annotations

from teams.engine.scoring import match_outcome2

TEAM_KNOCKOUT_TIEBREAKS = {
    "higher_seed": "On a drawn match, the higher-seeded team goes through.",
    "game_points": "On a drawn match, the team with more game points goes through; if equal, "
    "the team with more VP; if equal again, the higher seed.",
    "primary_vp": "On a drawn match, the team whose players scored more primary VP goes "
    "through; if equal, the higher seed.",
    "organiser": "On a drawn match, the organiser decides which team goes through.",
}


def _more(a: int, b: int) -> str | None:
    return None if a == b else ("a" if a > b else "b")


def team_knockout_winner(
    *,
    rule: str,
    score_a: int,
    score_b: int,
    draw_margin: int,
    seed_a: int,
    seed_b: int,
    vp_a: int = 0,
    vp_b: int = 0,
    primary_a: int = 0,
    primary_b: int = 0,
    decided: str | None = None,
) -> str | None:
    """ "a" or "b" for the team going through; None while the organiser must still decide."""
    twice_a, _ = match_outcome2(score_a, score_b, draw_margin)
    if twice_a != 1:
        return "a" if twice_a == 2 else "b"
    if rule == "organiser":
        return decided if decided in ("a", "b") else None
    if rule == "game_points":
        found = _more(score_a, score_b) or _more(vp_a, vp_b)
        if found:
            return found
    if rule == "primary_vp":
        found = _more(primary_a, primary_b)
        if found:
            return found
    return "a" if seed_a < seed_b else "b"
