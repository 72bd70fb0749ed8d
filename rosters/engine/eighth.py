"""8th edition's organised-event guidelines (rulebook, "Organised events"), as data.

The rulebook suggests, by the game's points limit, how many Detachments an army may take and
how many times it may include the same datasheet; Troops and Dedicated Transport units do not
count towards the datasheet limit (nor units bought with reinforcement points during a battle,
which a list does not hold). Above 3,000 points the table gives no guideline. Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Guideline:
    # The row covers points limits up to and including `up_to` (and above the row before).
    up_to: int
    detachments: int
    datasheet_repeats: int
    battlefield: str
    game_length: str


GUIDELINES: tuple[Guideline, ...] = (
    Guideline(1000, 2, 2, "4' x 4'", "up to 2 hours"),
    Guideline(2000, 3, 3, "6' x 4'", "2 to 3 hours"),
    Guideline(3000, 4, 4, "8' x 4'", "3 hours or more"),
)
# Battlefield roles (as the roster names its groups) the datasheet limit leaves out.
EXEMPT_ROLES = frozenset({"troops", "dedicated-transport"})
# The roles a BattleScribe 8th-edition list groups units under: a unit outside them has a
# role the checks cannot see.
ROLES = frozenset(
    {
        "hq",
        "troops",
        "elites",
        "fast-attack",
        "heavy-support",
        "dedicated-transport",
        "flyer",
        "lord-of-war",
        "fortification",
    }
)


def guideline_for(points_limit: int) -> Guideline | None:
    """The guideline row for a game of `points_limit` points (None above the table)."""
    for row in GUIDELINES:
        if points_limit <= row.up_to:
            return row
    return None
