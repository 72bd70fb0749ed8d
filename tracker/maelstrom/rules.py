"""The Maelstrom game sequence as constants: phases, game length, bonus points."""

from __future__ import annotations

ENGINE = "maelstrom"  # `state["engine"]`: tells a Maelstrom state from a Leviathan one
PLAYERS = ("player_1", "player_2")

SETUP = "setup"  # before the first turn: Tactical Priority, who goes first
START_OF_TURN = "start_of_turn"  # the mission's generation rule
# 8th edition: right after generating, the one moment New Orders may be used (seed 000's
# stratagem text); the player leaves it by playing the turn.
ORDERS = "orders"
TURN = "turn"  # the player's phases (stratagems that generate objectives)
END_OF_TURN = "end_of_turn"  # achieve, then at most one voluntary discard
GAME_LENGTH = "game_length"  # after rounds 5 and 6: does the battle go on?
END_OF_GAME = "end_of_game"  # last bonus points, then finish
OVER = "over"
PHASES = (SETUP, START_OF_TURN, ORDERS, TURN, END_OF_TURN, GAME_LENGTH, END_OF_GAME, OVER)

# Variable game length (both editions): after round 5 the game goes on with a D6 of 3+, after
# round 6 with 4+, and it always ends after round 7.
MIN_ROUNDS = 5
MAX_ROUNDS = 7
CONTINUE_ON = {5: 3, 6: 4}

BONUS_VP = 1  # Slay the Warlord, First Blood, Linebreaker: 1VP each
END_BONUS_VP = 1  # Steal the Loot, Mission Priorities
PRIORITY_VP = 1  # Tactical Priority: +1 per achieved, -1 per discarded of the named type


def other(side: str) -> str:
    return PLAYERS[1 - PLAYERS.index(side)]
