"""7th edition D66 Tactical Objectives ("Preparing for Battle", Tactical Objectives table).
Names and types as printed (including "Ascendency" and "Hold The Line"); summaries in our
own words. 7th edition scores Tactical Objectives only at the end of your own turn.
"""

from __future__ import annotations

from missions.classic.tactical.types import (
    Outcome,
    TacticalObjective,
    check_table,
    secure_objective,
)

CAPTURE = "Capture & Control"
TAKE = "Take & Hold"
STORM = "Storm & Defend"
SEIZE = "Seize Ground"
PURGE = "Purge"
ANNIHILATION = "Annihilation"
CATEGORIES = (CAPTURE, TAKE, STORM, SEIZE, PURGE, ANNIHILATION)


def _one(number, name, category, condition, summary, vp="1"):  # noqa: PLR0917 - table rows read best in order
    return TacticalObjective(number, name, category, (Outcome(vp, condition),), summary)


def _two(number, name, category, low, high, summary, high_vp="D3"):  # noqa: PLR0917 - table rows read best in order
    return TacticalObjective(
        number, name, category, (Outcome("1", low), Outcome(high_vp, high)), summary
    )


TABLE: tuple[TacticalObjective, ...] = check_table(
    (
        *(secure_objective(n, CAPTURE) for n in range(11, 17)),
        *(secure_objective(n, TAKE) for n in range(21, 27)),
        *(secure_objective(n, STORM) for n in range(31, 37)),
        _one(
            41,
            "Recon",
            SEIZE,
            "with Mysterious Objectives: every objective has been identified",
            "Every objective identified (Mysterious Objectives in use), now or earlier: 1VP.",
        ),
        _two(
            42,
            "Behind Enemy Lines",
            SEIZE,
            "a scoring unit within 12\" of the opponent's table edge",
            "three or more scoring units there",
            'Scoring units within 12" of the enemy table edge: 1VP, D3 for three or more.',
        ),
        _one(
            43,
            "Hold The Line",
            SEIZE,
            'three of your scoring units and no enemy scoring unit within 12" of your edge',
            "Three scoring units and no enemy scoring unit near your own edge: 1VP.",
        ),
        _one(
            44,
            "Ascendency",
            SEIZE,
            "you control any three markers",
            "Hold any three objective markers: D3VP.",
            vp="D3",
        ),
        _one(
            45,
            "Supremacy",
            SEIZE,
            "you control two or more markers and twice as many as the opponent",
            "Hold at least two markers and twice the opponent's count: D3VP.",
            vp="D3",
        ),
        _one(
            46,
            "Domination",
            SEIZE,
            "you control every marker",
            "Hold every objective marker: D3+3VP.",
            vp="D3+3",
        ),
        _two(
            51,
            "Overwhelming Firepower",
            PURGE,
            "an enemy unit wiped out in your Shooting phase",
            "three or more wiped out in your Shooting phase",
            "Wipe out enemy units by shooting: 1VP, D3 for three or more.",
        ),
        _two(
            52,
            "Blood and Guts",
            PURGE,
            "an enemy unit wiped out in your Assault phase",
            "three or more wiped out in your Assault phase",
            "Wipe out enemy units in your Assault phase: 1VP, D3 for three or more.",
        ),
        TacticalObjective(
            53,
            "No Prisoners",
            PURGE,
            (
                Outcome("1", "an enemy unit wiped out in your turn"),
                Outcome("D3", "three to five wiped out in your turn"),
                Outcome("D3+3", "six or more wiped out in your turn"),
            ),
            "Wipe out enemy units in your turn: 1VP; D3 for 3-5; D3+3 for six or more.",
        ),
        _two(
            54,
            "Hungry for Glory",
            PURGE,
            "you issued a challenge in your turn",
            "you issued three or more challenges",
            "Issue challenges in your turn: 1VP, D3 for three or more.",
        ),
        _two(
            55,
            "Psychological Warfare",
            PURGE,
            "the opponent failed a Morale, Pinning or Fear test this turn",
            "three or more such tests failed",
            "Opponent fails Morale, Pinning or Fear tests: 1VP, D3 for three or more.",
        ),
        _two(
            56,
            "Harness the Warp",
            PURGE,
            "you manifested a psychic power in your turn",
            "three or more manifested",
            "Manifest psychic powers in your turn: 1VP, D3 for three or more.",
        ),
        _one(
            61,
            "Kingslayer",
            ANNIHILATION,
            "the enemy Warlord has been removed as a casualty, this turn or before",
            "The enemy Warlord is dead (this turn or earlier): D3VP.",
            vp="D3",
        ),
        _one(
            62,
            "Witch Hunter",
            ANNIHILATION,
            "an enemy psyker unit wiped out in your turn",
            "Wipe out an enemy Psyker (or Psychic Pilot, Brotherhood) unit: 1VP.",
        ),
        _one(
            63,
            "Scour the Skies",
            ANNIHILATION,
            "an enemy Flyer or Flying Monstrous Creature removed in your turn",
            "Remove an enemy Flyer or Flying Monstrous Creature: 1VP.",
        ),
        _two(
            64,
            "Assassinate",
            ANNIHILATION,
            "an enemy character removed as a casualty in your turn",
            "three or more enemy characters removed",
            "Kill enemy characters in your turn: 1VP, D3 for three or more.",
        ),
        _two(
            65,
            "Demolitions",
            ANNIHILATION,
            "a gun emplacement or enemy building destroyed in your turn",
            "an enemy Mighty Bulwark building destroyed",
            "Destroy an emplacement or enemy building: 1VP; a Mighty Bulwark one: D3.",
        ),
        _two(
            66,
            "Big Game Hunter",
            ANNIHILATION,
            "an enemy Vehicle or Monstrous Creature destroyed in your turn",
            "an enemy Super-heavy or Gargantuan Creature destroyed",
            "Destroy an enemy Vehicle or Monstrous Creature: 1VP; a Super-heavy or Gargantuan: D3.",
        ),
    )
)
