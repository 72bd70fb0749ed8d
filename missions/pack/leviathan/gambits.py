"""Leviathan gambits: one player's deck of 4 (both decks are identical)."""

from __future__ import annotations

from missions.pack.scoring import Scoring, Timing
from missions.pack.types import Card, CardKind

GAMBIT_VP = 30
FIFTH = Timing.END_OF_YOUR_FIFTH_TURN


def _gambit(name: str, summary: str, *lines: Scoring) -> Card:
    top = max((s.vp for s in lines), default=0)
    return Card(
        name=name,
        kind=CardKind.GAMBIT,
        summary=summary,
        scoring=lines,
        max_vp_tactical=top,
        max_vp_fixed=top,
    )


GAMBITS: tuple[Card, ...] = (
    _gambit(
        "Proceed as Planned",
        "No gambit: keep scoring your Primary Mission to the end of the battle.",
    ),
    _gambit(
        "Delaying Tactics",
        "End of your fifth turn: roll a D6 per enemy unit in Engagement Range of yours (+1 if "
        "it is Battle-shocked, -1 if your engaged unit is); each 4+ is delayed. Succeed if "
        "delayed units reach half the engaged enemy units, rounded up, minimum 4: 30VP.",
        Scoring("delayed enemy units >= target", GAMBIT_VP, FIFTH, rounds=(5,)),
    ),
    _gambit(
        "Emergency Evacuation",
        'End of your fifth turn: roll a D6 per unit of yours wholly within 6" of the centre '
        "(-1 if Battle-shocked); each 4+ is evacuated. Succeed if evacuated units reach half "
        "your units on the battlefield at the end, rounded up, minimum 4: 30VP.",
        Scoring("evacuated units >= target", GAMBIT_VP, FIFTH, rounds=(5,)),
    ),
    _gambit(
        "Orbital Strike Coordinates",
        'End of your fifth turn: with a unit (not Battle-shocked) wholly within 9" of a corner '
        "and outside your deployment zone, roll 2D6, +1 per other corner you hold the same way "
        "(unengaged). 12+ succeeds: 30VP.",
        Scoring("2D6 + other corners >= 12", GAMBIT_VP, FIFTH, rounds=(5,)),
    ),
)
