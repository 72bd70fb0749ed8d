"""The action table: each action type, the phases it may be sent in and whether it names a side.

Handlers mutate a private copy of the state; `engine.apply` owns copying and checking the clock.
"""

from __future__ import annotations

from tracker.engine.door import ActionSpec, registrar

ACTIONS: dict[str, ActionSpec] = {}
action = registrar(ACTIONS)
