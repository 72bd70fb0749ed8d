"""The shape of a mission pack as data.

A pack is plain, frozen data: cards, deployment maps and a tournament pool. Nothing here
knows about Django, so the generator, the deck tracker and the renderers can all use it
directly and tests need no database. Another pack (Pariah Nexus, an older edition) is a
new module that builds a `Pack`, not new code paths.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from missions.pack.scoring import Mode, Scoring


class CardKind(StrEnum):
    DEPLOYMENT = "deployment"
    MISSION_RULE = "mission_rule"
    PRIMARY = "primary"
    SECONDARY = "secondary"
    GAMBIT = "gambit"


def card_key(name: str) -> str:
    """Stable key for a printed card name: "Secure No Man's Land" -> "secure_no_mans_land"."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


@dataclass(frozen=True)
class Card:
    """One printed card. `summary` is our own short wording, never the card's prose."""

    name: str
    kind: CardKind
    summary: str
    fixed_capable: bool = False
    # Drawn in battle round 1, it cannot be achieved: set aside, draw again, shuffle it back.
    redraw_in_first_round: bool = False
    key: str = field(default="")
    scoring: tuple[Scoring, ...] = ()
    # Most VP this card can give: a Fixed secondary over the whole battle, a drawn Tactical
    # secondary per achievement, a primary over the battle, a gambit on success.
    max_vp_fixed: int | None = None
    max_vp_tactical: int | None = None
    # A Fixed secondary's most VP from one scoring entry (one moment, or one model destroyed).
    entry_max_fixed: int | None = None
    # A primary's most VP from all its lines together at one scoring moment (None: the sum).
    turn_cap: int | None = None
    # A `WhenDrawn` effect of a secondary card (None: nothing happens on draw).
    when_drawn: str | None = None

    def __post_init__(self) -> None:
        if not self.key:
            object.__setattr__(self, "key", card_key(self.name))

    def max_vp(self, mode: Mode = Mode.TACTICAL) -> int:
        """Upper bound for a score entered against this card (0 when it never scores)."""
        if mode is Mode.FIXED and self.kind is CardKind.SECONDARY:
            return self.max_vp_fixed or 0
        if self.max_vp_tactical is not None:
            return self.max_vp_tactical
        return self.max_vp_fixed or 0

    def scoring_for(self, mode: Mode) -> tuple[Scoring, ...]:
        """The scoring lines that apply when the card is used as Fixed or Tactical."""
        return tuple(s for s in self.scoring if s.mode in (mode, Mode.BOTH))
