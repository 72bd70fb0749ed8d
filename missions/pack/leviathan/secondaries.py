"""Leviathan secondary missions: one player's deck of 16 (both decks are identical)."""

from __future__ import annotations

from missions.pack.scoring import FROM_ROUND_2, Mode, Scoring, Timing, WhenDrawn
from missions.pack.types import Card, CardKind

F, T, B = Mode.FIXED, Mode.TACTICAL, Mode.BOTH
YOUR_TURN = Timing.END_OF_YOUR_TURN
KILL = Timing.WHEN_DESTROYED
FIXED_CAP = 20


def _sec(name: str, summary: str, *lines: Scoring, fixed: bool = False, **kw: object) -> Card:
    """Per-entry maxima default to the best single line of the mode: the lines of a card are
    alternatives ("5VP, or 3VP if ..."); a card whose lines add up says so with a keyword."""
    tactical = [s for s in lines if s.mode is not F]
    per_turn = max((s.cap or s.vp) for s in tactical)
    fixed_best = max(((s.cap or s.vp) for s in lines if s.mode is not T), default=0)
    return Card(
        name=name,
        kind=CardKind.SECONDARY,
        summary=summary,
        fixed_capable=fixed,
        scoring=lines,
        max_vp_fixed=FIXED_CAP if fixed else None,
        max_vp_tactical=kw.pop("tactical_max", per_turn),  # type: ignore[arg-type]
        entry_max_fixed=kw.pop("fixed_entry_max", fixed_best) if fixed else None,  # type: ignore[arg-type]
        **kw,  # type: ignore[arg-type]
    )


SECONDARIES: tuple[Card, ...] = (
    _sec(
        "A Tempting Target",
        "On draw, your opponent picks one No Man's Land objective. End of your turn: control "
        "it for 5VP.",
        Scoring("control the objective your opponent picked", 5, YOUR_TURN),
        when_drawn=WhenDrawn.OPPONENT_PICKS_NML_OBJECTIVE,
    ),
    _sec(
        "Area Denial",
        'End of your turn: a unit of yours (not Battle-shocked) wholly within 6" of the centre '
        'and no enemy unit wholly within 6": 5VP. If enemies are wholly within 6" but none '
        'within 3" of the centre: 3VP.',
        Scoring("own unit wholly within 6in of centre, no enemy wholly within 6in", 5, YOUR_TURN),
        Scoring("enemy wholly within 6in of centre but none within 3in", 3, YOUR_TURN),
    ),
    _sec(
        "Assassination",
        "Fixed: 4VP each time an enemy CHARACTER model is destroyed. Tactical: end of any turn "
        "in which an enemy CHARACTER unit died, or once all enemy CHARACTER units are dead: 5VP.",
        Scoring("enemy CHARACTER model destroyed (each)", 4, KILL, mode=F),
        Scoring(
            "enemy CHARACTER unit destroyed this turn, or all of them destroyed",
            5,
            Timing.END_OF_ANY_TURN,
            mode=T,
        ),
        fixed=True,
    ),
    _sec(
        "Behind Enemy Lines",
        "End of your turn: two or more of your units (not AIRCRAFT) wholly within the enemy "
        "deployment zone: 4VP Fixed / 5VP Tactical; only one such unit: 3VP.",
        Scoring("2+ units wholly within enemy deployment zone", 4, YOUR_TURN, mode=F),
        Scoring("2+ units wholly within enemy deployment zone", 5, YOUR_TURN, mode=T),
        Scoring("1 unit wholly within enemy deployment zone", 3, YOUR_TURN),
        fixed=True,
    ),
    _sec(
        "Bring It Down",
        "Each enemy MONSTER or VEHICLE model destroyed: 2VP, +1 each for Wounds 10+, 15+ and "
        "20+. Tactical: +1VP when achieved, at most 8VP from one card.",
        Scoring("enemy MONSTER/VEHICLE model destroyed (each)", 2, KILL),
        Scoring("destroyed model had W10+ / W15+ / W20+ (each, cumulative)", 1, KILL, cap=3),
        # Achieved at the end of the turn it scored in, which can be the opponent's.
        Scoring("achieved this turn (Tactical bonus)", 1, Timing.END_OF_ANY_TURN, mode=T),
        fixed=True,
        tactical_max=8,
        # One model destroyed: 2VP plus up to 3VP for its Wounds, all together.
        fixed_entry_max=5,
    ),
    _sec(
        "Capture Enemy Outpost",
        "End of your turn: control an objective in the enemy deployment zone for 8VP.",
        Scoring("control an objective in the enemy deployment zone", 8, YOUR_TURN),
    ),
    _sec(
        "Cleanse",
        "In your Shooting phase pick units that give up shooting and charging. End of your turn, "
        "each objective you control outside your deployment zone with one of them in range is "
        "cleansed: 1 objective 2VP Fixed / 3VP Tactical; 2+ objectives 4VP / 5VP.",
        Scoring("1 objective cleansed", 2, YOUR_TURN, mode=F),
        Scoring("2+ objectives cleansed", 4, YOUR_TURN, mode=F),
        Scoring("1 objective cleansed", 3, YOUR_TURN, mode=T),
        Scoring("2+ objectives cleansed", 5, YOUR_TURN, mode=T),
        fixed=True,
    ),
    _sec(
        "Defend Stronghold",
        "End of your opponent's turn (or end of battle, whichever first): control an objective "
        "in your own deployment zone for 3VP. Not achievable in round 1: redraw if drawn then.",
        Scoring(
            "control an objective in your deployment zone",
            3,
            Timing.END_OF_OPPONENT_TURN,
            rounds=FROM_ROUND_2,
        ),
        Scoring("control an objective in your deployment zone", 3, Timing.END_OF_BATTLE),
        redraw_in_first_round=True,
    ),
    _sec(
        "Deploy Teleport Homer",
        "In your Shooting phase pick one unit that gives up shooting and charging. End of your "
        'turn, if it is within 6" of the centre: 3VP; in the enemy deployment zone: 4VP Fixed / '
        "5VP Tactical.",
        Scoring("homer within 6in of centre", 3, YOUR_TURN),
        Scoring("homer in enemy deployment zone", 4, YOUR_TURN, mode=F),
        Scoring("homer in enemy deployment zone", 5, YOUR_TURN, mode=T),
        fixed=True,
    ),
    _sec(
        "Engage on All Fronts",
        "End of your turn: units (not Battle-shocked) wholly within different table quarters and "
        'more than 3" from the other quarters: 3 quarters 2VP, 4 quarters 4VP; Tactical +1VP. '
        "With only 1-2 such units left when drawn, you may redraw.",
        Scoring("units in 3 table quarters", 2, YOUR_TURN, mode=F),
        Scoring("units in 4 table quarters", 4, YOUR_TURN, mode=F),
        Scoring("units in 3 table quarters", 3, YOUR_TURN, mode=T),
        Scoring("units in 4 table quarters", 5, YOUR_TURN, mode=T),
        fixed=True,
        when_drawn=WhenDrawn.MAY_REDRAW_IF_FEW_UNITS,
    ),
    _sec(
        "Extend Battle Lines",
        "End of your turn: control an objective in your deployment zone and one in No Man's "
        "Land for 5VP; if you have a single unit left, it holding a No Man's Land objective "
        "gives 2VP.",
        Scoring("objective in own deployment zone and one in No Man's Land", 5, YOUR_TURN),
        Scoring("last unit controls a No Man's Land objective", 2, YOUR_TURN),
    ),
    _sec(
        "Investigate Signals",
        "In your Shooting phase pick units that give up shooting and charging. End of your turn, "
        '2VP for each battlefield corner with one of them wholly within 9" of it.',
        Scoring("corner scanned (each)", 2, YOUR_TURN, cap=8),
    ),
    _sec(
        "No Prisoners",
        "While active, 2VP each time an enemy unit is destroyed, at most 5VP.",
        Scoring("enemy unit destroyed (each)", 2, KILL, cap=5),
    ),
    _sec(
        "Overwhelming Force",
        "While active, 3VP each time an enemy unit that began the turn in range of an objective "
        "is destroyed, at most 5VP.",
        Scoring("enemy unit destroyed that started the turn near an objective", 3, KILL, cap=5),
    ),
    _sec(
        "Secure No Man's Land",
        "End of your turn: control two or more No Man's Land objectives for 5VP, or just one "
        "for 2VP.",
        Scoring("control 2+ No Man's Land objectives", 5, YOUR_TURN),
        Scoring("control 1 No Man's Land objective", 2, YOUR_TURN),
    ),
    _sec(
        "Storm Hostile Objective",
        "End of your turn: control an objective your opponent held at the start of your turn "
        "(or, if they held none, one you did not hold): 4VP Fixed / 5VP Tactical. Not "
        "achievable in round 1: redraw if drawn then.",
        Scoring("took an objective", 4, YOUR_TURN, rounds=FROM_ROUND_2, mode=F),
        Scoring("took an objective", 5, YOUR_TURN, rounds=FROM_ROUND_2, mode=T),
        fixed=True,
        redraw_in_first_round=True,
    ),
)
