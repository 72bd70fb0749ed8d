"""Maelstrom of War game tracker (8th and 7th edition): a pure state machine for both players
of one battle, generating D66 Tactical Objectives by each mission's rule.

State is a JSON-able dict holding its own seeded dice; `apply` returns a new state or raises
`Refusal` (with a machine `code` and the `field` it is about) and never mutates its input.
"""

from tracker.engine.errors import Refusal
from tracker.engine.maelstrom.engine import ACTIONS, apply, clock_of, phase_actions, replay
from tracker.engine.maelstrom.rules import ENGINE, PLAYERS
from tracker.engine.maelstrom.scoring import final_score, score_sheet
from tracker.engine.maelstrom.state import new_game
from tracker.engine.maelstrom.view import options, view

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
    "view",
]
