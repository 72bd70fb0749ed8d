"""Combat Patrol (10th edition, seed 004): each patrol's fixed contents, as the organiser
enters them (there is no dataset of patrols). Each player takes one of their patrol's two
enhancements. The battlefield and mission sequence are in missions.pack.combat_patrol.
Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass

ENHANCEMENTS_PER_PATROL = 2


@dataclass(frozen=True)
class PatrolUnit:
    name: str
    models: int


@dataclass(frozen=True)
class Patrol:
    """One Combat Patrol's fixed contents: its units (a unit may appear more than once) and
    the enhancements its players choose one of (empty: not entered, not checked)."""

    name: str
    units: tuple[PatrolUnit, ...]
    enhancements: tuple[str, ...] = ()
    faction: str = ""
