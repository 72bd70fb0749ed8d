"""The 11th-edition event sequence as constants: sides, phases, timings, caps and CP.

Facts from the Event Companion as summarised for the project (sections 1, 3 and 4 of the
rules facts): five battle rounds exactly; primary and secondary capped separately at 45 per
game and 15 per battle round; 20 per Fixed card; Battle Ready 10, all or nothing.
"""

from __future__ import annotations

ENGINE = "eleventh"

# Player A and player B of the game (an event game's player_a / player_b; the dispositions
# and primaries are given in this order). Attacker and Defender are recorded, not sides.
SIDES = ("a", "b")
# Choices each side makes face down, revealed once both have chosen.
SECRET_ACTIONS = ("choose_secondaries",)

# Pre-battle steps, in order; the clock's round is 0 while they run.
ROLES = "roles"
SECONDARIES = "secondaries"
FIRST_TURN = "first_turn"
COMMAND = "command"
END_OF_TURN = "end_of_turn"
# Only command and end_of_turn carry scoring windows; the others let a page follow the game.
TURN_PHASES = (COMMAND, "movement", "shooting", "charge", "fight", END_OF_TURN)
END_OF_BATTLE = "end_of_battle"
OVER = "over"

ROUNDS = 5

FIXED = "fixed"
TACTICAL = "tactical"
MODES = (FIXED, TACTICAL)
FIXED_CARDS = 2  # a Fixed player picks two Fixed-capable cards
DRAW_PER_COMMAND = 2  # a Tactical player draws two at the start of each own Command phase

# When a scoring window is open for a side (see timing.window_open).
YOUR_COMMAND = "your_command"  # end of your Command phase
YOUR_TURN = "your_turn"  # end of your turn
OPPONENT_TURN = "opponent_turn"  # end of your opponent's turn
# End of the opponent's turn, or the end of round 5 if that comes first (held secondaries).
OPPONENT_TURN_OR_LAST = "opponent_turn_or_last"
EITHER_TURN = "either_turn"  # end of either player's turn
BATTLE_END = "battle_end"  # end of the battle
TIMINGS = (YOUR_COMMAND, YOUR_TURN, OPPONENT_TURN, OPPONENT_TURN_OR_LAST, EITHER_TURN, BATTLE_END)

# When Drawn operations (Tactical play only).
REDRAW = "redraw"  # shuffle it back and draw another (mandatory)
REPLACE = "replace"  # the player may discard it and draw another

CAPS = {
    "primary": 45,
    "secondary": 45,
    "primary_per_round": 15,
    "secondary_per_round": 15,
    "per_fixed_card": 20,
    "battle_ready": 10,
}

# Command points: none at the start, 1 to each player at the start of every Command phase
# (both players'), and at most 1 more per battle round from anything else (discards
# included). The swap of a Tactical card costs 1, once per battle.
CP_RULES = {"at_start": 0, "per_command_phase": 1, "extra_per_round": 1, "swap": 1}


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]
