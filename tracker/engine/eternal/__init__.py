"""The simple tracker for Eternal War (8th and 7th edition) and Only War games: a pure state
machine scoring each mission's primary by battle round and at the end, the bonus points,
the game length and a sudden-death end, for both players of one battle.

State is a JSON-able dict holding its own seeded dice; `apply` returns a new state or raises
`Refusal` (with a machine `code` and the `field` it is about) and never mutates its input.
"""

from tracker.engine.errors import Refusal
from tracker.engine.eternal.engine import ACTIONS, apply, clock_of, phase_actions, replay
from tracker.engine.eternal.rules import ENGINE, PLAYERS
from tracker.engine.eternal.scoring import final_score, score_sheet, underdog, winner
from tracker.engine.eternal.state import new_game
from tracker.engine.eternal.view import options, view

__all__ = [
    "ACTIONS",
    "ENGINE",
    "PLAYERS",
    "Refusal",
    "apply",
    "clock_of",
    "final_score",
    "new_game",
    "options",
    "phase_actions",
    "replay",
    "score_sheet",
    "underdog",
    "view",
    "winner",
]
