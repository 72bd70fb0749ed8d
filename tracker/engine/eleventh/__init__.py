"""11th-edition game tracker: a pure state machine for both players of one battle.

Each player has their own primary (their disposition's row, the opponent's column), chooses
Fixed or Tactical secondaries in secret, and plays exactly five battle rounds under the
Event Companion's caps. State is a JSON-able dict holding its own seeded shuffles; `apply`
returns a new state or raises `Refusal` (machine `code`, the `field` it is about) and never
mutates its input; `replay` rebuilds a game from its action log.
"""

from tracker.engine.eleventh.actions import ACTIONS
from tracker.engine.eleventh.engine import apply, clock_of, phase_actions, replay
from tracker.engine.eleventh.rules import ENGINE, SECRET_ACTIONS, SIDES
from tracker.engine.eleventh.scoring import final_score, score_sheet
from tracker.engine.eleventh.state import new_game
from tracker.engine.eleventh.view import options, view
from tracker.engine.errors import Refusal

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
