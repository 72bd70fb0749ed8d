"""Combat Patrol (10th edition, seed 004): the battle size's fixed facts and each patrol's
fixed contents, as the organiser enters them (there is no dataset of patrols).

A Combat Patrol game is played on a 44" x 30" battlefield; the players agree which edge is
the attacker's, the roll-off winner picks attacker or defender, the defender sets up first
(units alternate), a roll-off decides the first turn, the battle ends after five battle
rounds and the most VP wins (equal VP: a draw). Each player takes one of their patrol's two
enhancements. Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass

BATTLEFIELD = (44, 30)  # inches, long edge first
BATTLE_ROUNDS = 5
ENHANCEMENTS_PER_PATROL = 2
# The mission sequence in our own words, in play order (the scoresheet and mission page).
SEQUENCE: tuple[str, ...] = (
    "Each player declares their Combat Patrol and takes 1 of its 2 enhancements.",
    "Choose or roll the Combat Patrol mission.",
    'Set up terrain and objective markers on a 44" x 30" battlefield.',
    "Agree which battlefield edge is the attacker's and which the defender's; the roll-off "
    "winner chooses to be attacker or defender.",
    "Both players secretly note their patrol squads, attached Leaders, embarked units and "
    "reserves, then reveal them.",
    "Alternate setting up units one at a time, defender first, wholly within your deployment zone.",
    "Roll off: the winner takes the first turn.",
    "Resolve pre-battle rules, alternating, first-turn player first.",
    "Play five battle rounds (a player with no models left lets the other play on).",
    "The most VP wins; equal VP is a draw.",
)


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
