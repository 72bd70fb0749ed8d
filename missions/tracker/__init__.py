"""Per-game Secondary deck tracker: a pure state machine for both sides of one battle.

State is a JSON-able dict; `apply` returns a new state or raises `Refusal`.
"""

from missions.tracker.actions import ACTIONS
from missions.tracker.engine import apply, clock_of, phase_actions, replay
from missions.tracker.errors import Refusal
from missions.tracker.scoring import final_score, score_sheet
from missions.tracker.state import new_game
from missions.tracker.view import view

__all__ = [
    "ACTIONS",
    "Refusal",
    "apply",
    "clock_of",
    "final_score",
    "new_game",
    "phase_actions",
    "replay",
    "score_sheet",
    "view",
]
