"""Leviathan mission rules (12 cards). Their effect on objective markers lives in
`missions.engine.markers`; the draw interplay in `missions.engine.generator`."""

from __future__ import annotations

from missions.pack.types import Card, CardKind


def _rule(name: str, summary: str) -> Card:
    return Card(name=name, kind=CardKind.MISSION_RULE, summary=summary)


MISSION_RULES: tuple[Card, ...] = (
    _rule(
        "Chosen Battlefield",
        "Players roll off, then alternately place the objectives: one wholly in each deployment "
        "zone, the rest wholly in No Man's Land, each more than 6\" from every edge and more "
        'than 9" from every other objective. One that cannot be placed is left out. Extra '
        "objectives (Hidden Supplies) are placed the same way; removals happen afterwards.",
    ),
    _rule("Chilling Rain", "No extra rules in this mission."),
    _rule(
        "Sweep and Clear",
        "An objective you control at the end of your Command phase stays yours with no models "
        "near it, until your opponent controls it at the end of a later Command phase.",
    ),
    _rule(
        "Hidden Supplies",
        "One extra objective in No Man's Land. Unless Chosen Battlefield is in play, first move "
        "the centre objective 6\" towards a corner (one No Man's Land touches, if any), then set "
        'the new one 6" from the centre towards the opposite corner.',
    ),
    _rule("Minefields", "A unit that rolls a 6 for an Advance suffers 1 mortal wound."),
    _rule(
        "Targets of Opportunity",
        "Tactical: draw up to 3 active secondaries instead of 2. Fixed: after choosing the two "
        "Fixed cards, strip the other Fixed cards from the deck and, at the start of each "
        "Command phase, draw up to 3 active cards (New Orders allowed on the drawn ones).",
    ),
    _rule(
        "Scrambler Fields",
        "Infiltrators, Scouts moves, Reserves and Strategic Reserves cannot end up within range "
        "of an objective in No Man's Land or the enemy deployment zone; redeploying rules cannot "
        "put a unit within range of a No Man's Land objective.",
    ),
    _rule(
        "Delayed Reserves",
        "Before battle round 3, each Reserves or Strategic Reserves unit arriving needs a D6 of "
        "3+, or it stays off this turn.",
    ),
    _rule(
        "Maelstrom of Battle",
        "Shuffle the other mission rule cards and draw 2 more; if Chilling Rain is one, discard "
        "it and draw 2 more instead (3 in all). Every drawn rule applies.",
    ),
    _rule(
        "Supply Lines",
        "Controlling the objective in your own deployment zone at the start of your Command "
        "phase: roll a D6, on 4+ gain 1CP.",
    ),
    _rule(
        "Secret Intel",
        "The first time you draw secondaries in your Command phase, draw one extra card, then "
        "discard one of your active secondaries.",
    ),
    _rule("Vox Static", "Command Re-roll and New Orders cost 2CP."),
)
