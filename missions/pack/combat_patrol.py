"""Combat Patrol, 10th edition's smallest battle size (seed 004, "Combat Patrol missions"):
the battlefield and the mission sequence, in our own words. Each player brings one fixed
patrol (rosters.engine.patrols checks lists against them). Pure data."""

from __future__ import annotations

BATTLEFIELD = (44, 30)  # inches, long edge first
BATTLE_ROUNDS = 5
# The sequence, in play order (the staff's Patrols page, docs).
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
# One line for every scoresheet and table pack of a Combat Patrol round.
SUMMARY = (
    'Combat Patrol: 44" x 30" battlefield · attacker and defender (roll-off winner chooses; '
    "defender sets up first) · five battle rounds · most VP wins, equal VP a draw."
)
