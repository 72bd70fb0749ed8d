"""Pure play-off engines: brackets as data (plain records in, plain records out, no ORM)."""

from playoffs.engine.bracket import (
    ABSENT,
    Match,
    MatchState,
    bracket_rounds,
    bracket_state,
    champion,
    placings,
)
from playoffs.engine.formats import (
    FORMATS,
    THIRD_PLACE,
    bracket_build,
    double_elimination,
    seed_order,
    shadow_round,
    single_elimination,
    with_qualifier,
)
from playoffs.engine.tiebreak import KNOCKOUT_TIEBREAKS, knockout_winner

__all__ = [
    "ABSENT",
    "FORMATS",
    "KNOCKOUT_TIEBREAKS",
    "THIRD_PLACE",
    "Match",
    "MatchState",
    "bracket_build",
    "bracket_rounds",
    "bracket_state",
    "champion",
    "double_elimination",
    "knockout_winner",
    "placings",
    "seed_order",
    "shadow_round",
    "single_elimination",
    "with_qualifier",
]
