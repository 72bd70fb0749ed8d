"""Rules shared by the 8th and 7th edition matched play missions, in our own words."""

from __future__ import annotations

from missions.classic.types import Rule

SLAY_THE_WARLORD = Rule("Slay the Warlord", "1 VP if the enemy Warlord has been slain.")
FIRST_BLOOD = Rule(
    "First Blood",
    "1 VP to the opponent of whoever loses the first unit destroyed; "
    "if both lose one at the same moment, both score it.",
)
LINEBREAKER_8TH = Rule(
    "Linebreaker", "1 VP if at the end of the battle you have a model in the enemy deployment zone."
)
LINEBREAKER_7TH = Rule(
    "Linebreaker",
    'At the end of the game, 1 VP if a model of one of your scoring units is wholly within 12" '
    "of the enemy's table edge.",
)
VARIABLE_LENGTH = (
    "After round 5 a D6 is rolled: on 3+ the battle goes on. After round 6 roll again: it goes "
    "on only on 4+. It always ends after round 7."
)
