"""The Maelstrom game sequence as constants: phases, game length, bonus points."""

from __future__ import annotations

from tracker.engine.classic import CONTINUE_ON, MAX_ROUNDS, MIN_ROUNDS, PLAYERS, other

ENGINE = "maelstrom"  # `state["engine"]`: tells a Maelstrom state from a Leviathan one

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

BONUS_VP = 1  # Slay the Warlord, First Blood, Linebreaker: 1VP each
END_BONUS_VP = 1  # Steal the Loot, Mission Priorities
PRIORITY_VP = 1  # Tactical Priority: +1 per achieved, -1 per discarded of the named type


__all__ = ["CONTINUE_ON", "MAX_ROUNDS", "MIN_ROUNDS", "PLAYERS", "other"]
