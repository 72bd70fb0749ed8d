"""The Eternal War / Only War game sequence as constants: phases and how a battle is won."""

from __future__ import annotations

from tracker.engine.classic import PLAYERS, other

ENGINE = "eternal"  # `state["engine"]`: tells this engine's states from the others'

SETUP = "setup"  # marker rolls after deployment, Power Levels (Only War), who goes first
BATTLE_START = "battle_start"  # Ancient Relic: the marker that stays, before the first turn
TURN = "turn"  # a player's turn: enemy units destroyed; its end scores per-turn markers
GAME_LENGTH = "game_length"  # after rounds 5 and 6 (8th and 7th): does the battle go on?
END_OF_GAME = "end_of_game"  # markers held, the Relic, bonus points; then finish
OVER = "over"
PHASES = (SETUP, BATTLE_START, TURN, GAME_LENGTH, END_OF_GAME, OVER)
PLAYING = (BATTLE_START, TURN)  # when a side may concede or be tabled

# The kinds of win a result can be (the words people read).
CRUSHING, MAJOR, MINOR, WIN, DRAW = "crushing", "major", "minor", "win", "draw"

VP_LIMIT = 999  # results refuse more (missions.scoring.rules.VP_CEILING): kills are capped there
KILLS_PER_ENTRY = 50  # one entry adds or takes back at most this many destroyed units
POWER_LIMIT = 999


__all__ = ["PLAYERS", "other"]
