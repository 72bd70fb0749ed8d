"""8th edition D66 Tactical Objectives (rulebook, matched play). Names as printed (the book
sets them in capitals; we use title case), types as printed, summaries in our own words.

8th edition checks objectives at the end of every turn: those worded "during this turn"
(or not tied to "your turn") are `END_OF_ANY_TURN`; the rest need the end of your own turn.
"""

from __future__ import annotations

from missions.classic.tactical.types import (
    BONUS_OBJECTIVE,
    END_OF_ANY_TURN,
    ROLL_MARKER,
    Outcome,
    TacticalObjective,
    check_table,
    secure_objective,
)

CAPTURE = "Capture and Control"
TAKE = "Take and Hold"
STORM = "Storm and Defend"
SEIZE = "Seize Ground"
PURGE = "Purge"
ANNIHILATION = "Annihilation"
PRIORITY = "Priority Order"
CATEGORIES = (CAPTURE, TAKE, STORM, SEIZE, PURGE, ANNIHILATION, PRIORITY)


# Defend Objective 1-6: held "at the end of two consecutive turns", so never achieved at the
# end of the game's first turn (no turn before it).
TWO_TURNS = frozenset(range(31, 37))


def _defend(number: int) -> TacticalObjective:
    marker = number % 10
    return TacticalObjective(
        number,
        f"Defend Objective {marker}",
        STORM,
        (Outcome("2", f"you control marker {marker} at the end of two turns in a row"),),
        f"Hold objective marker {marker} at the end of two consecutive turns: 2VP.",
        when=END_OF_ANY_TURN,
        marker=marker,
    )


def _two(number, name, category, low, high, summary, *, when=None, high_vp="D3"):  # noqa: PLR0917 - table rows read best in order
    extra = {"when": when} if when else {}
    return TacticalObjective(
        number, name, category, (Outcome("1", low), Outcome(high_vp, high)), summary, **extra
    )


TABLE: tuple[TacticalObjective, ...] = check_table(
    (
        *(secure_objective(n, CAPTURE) for n in range(11, 17)),
        *(secure_objective(n, TAKE) for n in range(21, 27)),
        *(_defend(n) for n in range(31, 37)),
        TacticalObjective(
            41,
            "Advance",
            SEIZE,
            (Outcome("1", "none of your units is in your deployment zone"),),
            "End your turn with no unit in your own deployment zone: 1VP.",
        ),
        _two(
            42,
            "Behind Enemy Lines",
            SEIZE,
            "at least one unit wholly in the enemy deployment zone",
            "three or more units in the enemy deployment zone",
            "Units in the enemy deployment zone at the end of your turn: 1VP, D3 with three.",
        ),
        TacticalObjective(
            43,
            "Hold the Line",
            SEIZE,
            (Outcome("1", "three units wholly in your zone and no enemy model in it"),),
            "Three units wholly in your zone and no enemy in it at the end of your turn: 1VP. "
            "Not on your first turn.",
            not_on_first_turn=True,
        ),
        TacticalObjective(
            44,
            "Mission Critical Objective",
            SEIZE,
            (
                Outcome("1", "you control the rolled marker"),
                Outcome("D3", "the opponent held it at the start of your turn; you hold it now"),
            ),
            "A D6 picks a marker when generated. Hold it at the end of your turn: 1VP; D3 if "
            "you took it from the opponent this turn.",
            on_generate=ROLL_MARKER,
        ),
        TacticalObjective(
            45,
            "Supremacy",
            SEIZE,
            (Outcome("D3", "you control any three markers"),),
            "Hold any three objective markers at the end of your turn: D3VP.",
        ),
        TacticalObjective(
            46,
            "Domination",
            SEIZE,
            (Outcome("D3+3", "you control every marker"),),
            "Hold every objective marker at the end of your turn: D3+3VP.",
        ),
        _two(
            51,
            "Overwhelming Firepower",
            PURGE,
            "an enemy unit destroyed in your Shooting phase",
            "three or more destroyed in your Shooting phase",
            "Destroy enemy units by shooting in your turn: 1VP, D3 for three or more.",
        ),
        _two(
            52,
            "Blood and Guts",
            PURGE,
            "an enemy unit destroyed in this turn's Fight phase",
            "three or more destroyed in this turn's Fight phase",
            "Destroy enemy units in the Fight phase this turn: 1VP, D3 for three or more.",
            when=END_OF_ANY_TURN,
        ),
        TacticalObjective(
            53,
            "No Prisoners",
            PURGE,
            (
                Outcome("1", "an enemy unit destroyed in your turn"),
                Outcome("D3", "three to five destroyed in your turn"),
                Outcome("D3+3", "six or more destroyed in your turn"),
            ),
            "Destroy enemy units in your turn: 1VP; D3 for 3-5; D3+3 for six or more.",
        ),
        _two(
            54,
            "Area Denial",
            PURGE,
            'no enemy model within 6" of the centre',
            'no enemy model within 12" of the centre',
            'Keep enemies away from the centre at the end of your turn: 6" for 1VP, 12" for D3.',
        ),
        _two(
            55,
            "Psychological Warfare",
            PURGE,
            "the opponent failed a Morale test this turn",
            "the opponent failed three or more Morale tests",
            "Opponent fails Morale tests this turn: 1VP, D3 for three or more.",
            when=END_OF_ANY_TURN,
        ),
        _two(
            56,
            "Master the Warp",
            PURGE,
            "you manifested or denied a psychic power this turn",
            "three or more manifested or denied",
            "Manifest or deny psychic powers this turn: 1VP, D3 for three or more.",
            when=END_OF_ANY_TURN,
        ),
        TacticalObjective(
            61,
            "Kingslayer",
            ANNIHILATION,
            (Outcome("D3", "the enemy Warlord has been destroyed, this turn or before"),),
            "The enemy Warlord is dead (this turn or earlier): D3VP.",
            when=END_OF_ANY_TURN,
        ),
        TacticalObjective(
            62,
            "Witch Hunter",
            ANNIHILATION,
            (Outcome("1", "an enemy PSYKER unit destroyed this turn"),),
            "Destroy an enemy PSYKER unit this turn: 1VP.",
            when=END_OF_ANY_TURN,
        ),
        TacticalObjective(
            63,
            "Scour the Skies",
            ANNIHILATION,
            (Outcome("1", "an enemy unit that can FLY destroyed this turn"),),
            "Destroy an enemy unit that can FLY this turn: 1VP.",
            when=END_OF_ANY_TURN,
        ),
        _two(
            64,
            "Assassinate",
            ANNIHILATION,
            "an enemy CHARACTER destroyed this turn",
            "three or more enemy CHARACTERS destroyed this turn",
            "Kill enemy CHARACTERS this turn: 1VP, D3 for three or more.",
            when=END_OF_ANY_TURN,
        ),
        _two(
            65,
            "Big Game Hunter",
            ANNIHILATION,
            "an enemy unit with 10+ Wounds destroyed this turn",
            "an enemy unit with 20+ Wounds destroyed this turn",
            "Destroy a 10+ Wounds enemy unit this turn: 1VP; 20+ Wounds: D3.",
            when=END_OF_ANY_TURN,
        ),
        TacticalObjective(
            66,
            "Priority Orders Received",
            PRIORITY,
            (Outcome("3", "your Warlord alone achieves the bonus objective (its VP + 3)"),),
            "Generate a bonus objective (not counted as active) that only your Warlord may "
            "achieve: its VP plus 3. Discarding this discards the bonus too.",
            on_generate=BONUS_OBJECTIVE,
        ),
    )
)

# VP added to the bonus objective's own VP when the Warlord achieves it (66).
PRIORITY_ORDERS_BONUS_VP = 3
