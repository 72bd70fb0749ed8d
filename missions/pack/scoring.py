"""Scoring as numbers: how many VP a card gives, when, in which rounds, up to what cap."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

ALL_ROUNDS = (1, 2, 3, 4, 5)
FROM_ROUND_2 = (2, 3, 4, 5)


class Mode(StrEnum):
    """Whether a scoring line applies to Fixed secondaries, Tactical ones, or both."""

    FIXED = "fixed"
    TACTICAL = "tactical"
    BOTH = "both"


class Timing(StrEnum):
    END_OF_YOUR_COMMAND_PHASE = "end_of_your_command_phase"
    END_OF_YOUR_TURN = "end_of_your_turn"
    END_OF_OPPONENT_TURN = "end_of_opponent_turn"
    END_OF_ANY_TURN = "end_of_any_turn"
    END_OF_BATTLE_ROUND = "end_of_battle_round"
    WHEN_DESTROYED = "when_destroyed"
    END_OF_YOUR_FIFTH_TURN = "end_of_your_fifth_turn"
    END_OF_BATTLE = "end_of_battle"
    ONCE_PER_BATTLE = "once_per_battle"


class WhenDrawn(StrEnum):
    """What a secondary card makes happen the moment it is drawn."""

    # The drawer may discard it and draw again if only one or two qualifying units remain.
    MAY_REDRAW_IF_FEW_UNITS = "may_redraw_if_few_units"
    # The opponent picks one No Man's Land objective marker that the card then refers to.
    OPPONENT_PICKS_NML_OBJECTIVE = "opponent_picks_nml_objective"


@dataclass(frozen=True)
class Scoring:
    """One way a card scores. `cap` bounds what this line can give in one turn (None: no cap)."""

    condition: str
    vp: int
    timing: Timing
    rounds: tuple[int, ...] = ALL_ROUNDS
    mode: Mode = Mode.BOTH
    cap: int | None = None
    # Primaries: in round 5 the player going second scores at the end of the turn instead.
    turn_order: str | None = None  # "first" | "second" | None (either player)
    # The cap is `vp` per No Man's Land marker less this many (Supply Drop's Alpha gone by
    # round 4: 1): the tracker derives it from the map's markers; None: the cap is fixed.
    per_nml: int | None = None


@dataclass(frozen=True)
class ScoreCaps:
    """Per-player VP limits of a pack."""

    primary_and_gambit: int
    secondary: int
    per_fixed_card: int
    battle_ready: int
    total: int
