"""The rosters app's models (Django reads them from here)."""

from rosters.patrol_models import CombatPatrol

__all__ = ["CombatPatrol"]
