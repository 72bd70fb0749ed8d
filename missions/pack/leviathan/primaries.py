"""Leviathan primary missions (9 cards)."""

from __future__ import annotations

from missions.pack.scoring import Scoring, Timing
from missions.pack.types import Card, CardKind

PRIMARY_CAP = 50
CMD = Timing.END_OF_YOUR_COMMAND_PHASE


def _per_turn(condition: str, vp: int, cap: int | None = None) -> tuple[Scoring, ...]:
    """The usual primary pattern: rounds 2-4 and round 5 for the player going first score at
    the end of their Command phase; in round 5 the player going second scores at turn end."""
    return (
        Scoring(condition, vp, CMD, rounds=(2, 3, 4), cap=cap),
        Scoring(condition, vp, CMD, rounds=(5,), cap=cap, turn_order="first"),
        Scoring(condition, vp, Timing.END_OF_YOUR_TURN, rounds=(5,), cap=cap, turn_order="second"),
    )


def _primary(name: str, summary: str, *lines: Scoring, turn_cap: int | None = None) -> Card:
    return Card(
        name=name,
        kind=CardKind.PRIMARY,
        summary=summary,
        scoring=lines,
        max_vp_fixed=PRIMARY_CAP,
        max_vp_tactical=PRIMARY_CAP,
        turn_cap=turn_cap,
    )


# Lines scored "per objective" need a cap so that one entry has a ceiling: No Man's Land holds
# at most 4 objectives (centre, two printed, one from Hidden Supplies).
MAX_NML_OBJECTIVES = 4


PRIMARIES: tuple[Card, ...] = (
    _primary(
        "Take and Hold",
        "Rounds 2-5: 5VP per objective you control, at most 15VP per turn (round 5, the second "
        "player scores at the end of their turn).",
        *_per_turn("objective controlled (each)", 5, cap=15),
    ),
    _primary(
        "Scorched Earth",
        "From round 2 a unit that skips shooting and charging can burn (remove) an objective you "
        'control within 1" of it at the start of your next Command phase. Rounds 2-5: 5VP per '
        "objective held, at most 10VP per turn. End of battle: 5VP if you burned a No Man's Land "
        "objective, 10VP if you burned the one in the enemy deployment zone.",
        *_per_turn("objective controlled (each)", 5, cap=10),
        Scoring("burned a No Man's Land objective", 5, Timing.END_OF_BATTLE, rounds=(5,)),
        Scoring(
            "burned the enemy deployment zone objective", 10, Timing.END_OF_BATTLE, rounds=(5,)
        ),
    ),
    _primary(
        "Purge the Foe",
        "Rounds 2-5: 4VP for holding any objective, +4VP for holding more than your opponent. "
        "End of every battle round: 4VP if you destroyed an enemy unit that round, +4VP if you "
        "destroyed more units than you lost.",
        *_per_turn("control one or more objectives", 4),
        *_per_turn("control more objectives than opponent", 4),
        Scoring("destroyed an enemy unit this round", 4, Timing.END_OF_BATTLE_ROUND),
        Scoring("destroyed more enemy units than lost this round", 4, Timing.END_OF_BATTLE_ROUND),
    ),
    _primary(
        "Sites of Power",
        "No Man's Land objectives are sites of power: at the end of your Command phase you "
        "empower each one you control with a CHARACTER in range (it stays yours while one "
        "remains). Rounds 2-5: 3VP per objective held plus 3VP per site you have empowered, at "
        "most 15VP per turn.",
        # One cap for both lines together: 15VP per turn in all, not 15VP per line.
        *_per_turn("objective controlled (each)", 3, cap=15),
        *_per_turn("site of power empowered (each)", 3, cap=3 * MAX_NML_OBJECTIVES),
        turn_cap=15,
    ),
    _primary(
        "The Ritual",
        "Only the No Man's Land objective nearest the centre stays. In your Shooting phase a "
        "unit that skips shooting and charging may, at turn end, set up a new objective wholly "
        'in No Man\'s Land within 1" of it, exactly 9" from one objective and not within 6" '
        "of any other. Rounds 2-5: 5VP per No Man's Land objective held, at most 15VP per turn.",
        *_per_turn("No Man's Land objective controlled (each)", 5, cap=15),
    ),
    _primary(
        "Priority Targets",
        "Rounds 2-5, end of your Command phase: 5VP per objective held, at most 10VP per turn. "
        "End of battle: 5VP per objective held, at most 15VP.",
        Scoring("objective controlled (each)", 5, CMD, rounds=(2, 3, 4, 5), cap=10),
        Scoring(
            "objective controlled at end of battle (each)",
            5,
            Timing.END_OF_BATTLE,
            rounds=(5,),
            cap=15,
        ),
    ),
    _primary(
        "Supply Drop",
        "Two different No Man's Land objectives are drawn at random: Alpha, then Omega. Alpha is "
        "removed at the start of round 4; at the start of round 5 every No Man's Land objective "
        "except Omega goes. Per No Man's Land objective held: 5VP in rounds 2-3, 8VP in round "
        "4; round 5: 15VP for holding Omega.",
        Scoring(
            "No Man's Land objective controlled (each)",
            5,
            CMD,
            rounds=(2, 3),
            cap=5 * MAX_NML_OBJECTIVES,
            per_nml=0,
        ),
        # Alpha is gone by round 4: one objective fewer.
        Scoring(
            "No Man's Land objective controlled (each)",
            8,
            CMD,
            rounds=(4,),
            cap=8 * (MAX_NML_OBJECTIVES - 1),
            per_nml=1,
        ),
        Scoring("control the Omega objective", 15, CMD, rounds=(5,), turn_order="first"),
        Scoring(
            "control the Omega objective",
            15,
            Timing.END_OF_YOUR_TURN,
            rounds=(5,),
            turn_order="second",
        ),
    ),
    _primary(
        "Deploy Servo-skulls",
        "Objectives starting in No Man's Land are servo-skulls: at the end of each turn their "
        'controller may move each up to 6". Rounds 2-5, end of your turn, per skull (best band '
        'only): wholly within the enemy deployment zone 8VP, within 6" of it 5VP, within 12" '
        "of it 2VP.",
        Scoring(
            "servo-skull wholly within enemy deployment zone (each)",
            8,
            Timing.END_OF_YOUR_TURN,
            rounds=(2, 3, 4, 5),
            cap=8 * MAX_NML_OBJECTIVES,
            per_nml=0,
        ),
        Scoring(
            "servo-skull wholly within 6in of enemy deployment zone (each)",
            5,
            Timing.END_OF_YOUR_TURN,
            rounds=(2, 3, 4, 5),
            cap=5 * MAX_NML_OBJECTIVES,
            per_nml=0,
        ),
        Scoring(
            "servo-skull wholly within 12in of enemy deployment zone (each)",
            2,
            Timing.END_OF_YOUR_TURN,
            rounds=(2, 3, 4, 5),
            cap=2 * MAX_NML_OBJECTIVES,
            per_nml=0,
        ),
        # Each skull scores its best band only.
        turn_cap=8 * MAX_NML_OBJECTIVES,
    ),
    _primary(
        "Vital Ground",
        "Drawn with Hidden Supplies: discard it and draw another primary. The No Man's Land "
        "objective nearest the centre is removed. Rounds 2-5: 2VP for your own home objective, "
        "5VP per No Man's Land objective, 6VP for the enemy's home objective.",
        *_per_turn("control own deployment zone objective", 2),
        # The centre objective is removed (and Hidden Supplies never joins): two left.
        *_per_turn("No Man's Land objective controlled (each)", 5, cap=10),
        *_per_turn("control enemy deployment zone objective", 6),
    ),
)
