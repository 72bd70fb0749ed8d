"""The mission sequence as constants: sides, phases, mission rule keys and score caps."""

from __future__ import annotations

# The ruleset's key (tracker.engine.rulesets). Leviathan states carry no "engine": they predate it.
ENGINE = "leviathan"

SIDES = ("attacker", "defender")
# Choices each side makes face down, revealed once both have chosen.
SECRET_ACTIONS = ("select_secondaries", "choose_gambit")

# Pre-battle steps, in order; the clock's round is 0 while they run.
ROLES = "roles"
SECONDARIES = "secondaries"
FIRST_TURN = "first_turn"
# Each turn's phases. Only command and end_of_turn carry card rules; the others exist so a
# tracker page can follow the game and refuse actions that belong to another phase.
COMMAND = "command"
END_OF_TURN = "end_of_turn"
TURN_PHASES = (COMMAND, "movement", "shooting", "charge", "fight", END_OF_TURN)
# Between battle rounds 3 and 4, then after round 5, then the finished game.
GAMBITS = "gambits"
END_OF_BATTLE = "end_of_battle"
OVER = "over"

LAST_ROUND = 5
GAMBIT_ROUND = 3

FIXED = "fixed"
TACTICAL = "tactical"
MODES = (FIXED, TACTICAL)

# Mission rule card keys that change the secondary deck.
TARGETS_OF_OPPORTUNITY = "targets_of_opportunity"
SECRET_INTEL = "secret_intel"  # noqa: S105 - a card key, not a secret
VOX_STATIC = "vox_static"

NO_GAMBIT = "proceed_as_planned"
DEFAULT_GAMBIT_VP = 30
# "When drawn" effects (pack data, `missions.pack.scoring.WhenDrawn`) the engine models.
MAY_REDRAW_IF_FEW_UNITS = "may_redraw_if_few_units"
OPPONENT_PICKS_NML_OBJECTIVE = "opponent_picks_nml_objective"

ACTIVE_CARDS = 2
ACTIVE_CARDS_TARGETS_OF_OPPORTUNITY = 3
NEW_ORDERS_CP = 1
NEW_ORDERS_CP_VOX_STATIC = 2

# The core Stratagems a player spends CP on (10th edition core rules: key -> name, cost);
# Vox Static makes Command Re-roll cost 2CP, like New Orders.
CORE_STRATAGEMS = {
    "command_reroll": ("Command Re-roll", 1),
    "epic_challenge": ("Epic Challenge", 1),
    "insane_bravery": ("Insane Bravery", 1),
    "grenade": ("Grenade", 1),
    "tank_shock": ("Tank Shock", 1),
    "rapid_ingress": ("Rapid Ingress", 1),
    "fire_overwatch": ("Fire Overwatch", 1),
    "go_to_ground": ("Go to Ground", 1),
    "smokescreen": ("Smokescreen", 1),
    "heroic_intervention": ("Heroic Intervention", 2),
}
COMMAND_REROLL_CP_VOX_STATIC = 2

# Command points (core rules): none at the start, 1CP to each player at the start of every
# Command phase (both players' phases), and at most 1CP more per battle round from anything
# else, end-of-turn discards included.
CP_RULES = {"at_start": 0, "per_command_phase": 1, "extra_per_round": 1}

DEFAULT_CAPS = {
    "primary_and_gambit": 50,
    "secondary": 40,
    "per_fixed_card": 20,
    "battle_ready": 10,
    "total": 100,
}


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]
