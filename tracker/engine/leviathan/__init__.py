"""Per-game Secondary deck tracker: a pure state machine for both sides of one battle.

State is a JSON-able dict; `apply` returns a new state or raises `Refusal`.
"""

from tracker.engine.errors import Refusal
from tracker.engine.leviathan.actions import ACTIONS
from tracker.engine.leviathan.engine import apply, clock_of, phase_actions, replay
from tracker.engine.leviathan.rules import ENGINE, SECRET_ACTIONS, SIDES
from tracker.engine.leviathan.scoring import final_score, score_sheet
from tracker.engine.leviathan.state import new_game
from tracker.engine.leviathan.view import options, view

__all__ = [
    "ACTIONS",
    "ENGINE",
    "SECRET_ACTIONS",
    "SIDES",
    "Refusal",
    "apply",
    "clock_of",
    "final_score",
    "new_game",
    "options",
    "phase_actions",
    "replay",
    "score_sheet",
    "view",
]
