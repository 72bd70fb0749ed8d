"""8th edition matched play (rulebook): six Eternal War and six Maelstrom of War missions,
the six standard deployment maps rolled on a D6. Summaries are ours, not the book's."""

from __future__ import annotations

from missions.classic.common import FIRST_BLOOD, LINEBREAKER_8TH, SLAY_THE_WARLORD, VARIABLE_LENGTH
from missions.classic.maps import EIGHTH_MAPS
from missions.classic.types import ClassicMissionDef, ClassicPack, MissionTable, Rule

EW, MW = "eternal_war", "maelstrom_of_war"

PLACE_ALTERNATE = (
    "Roll off; starting with the winner, players take turns placing the markers, each more "
    'than 12" from every other marker and 6" from the table edges.'
)
PLACE_NUMBERED = (
    'Six markers numbered 1 to 6, placed in turns from the roll-off winner, more than 12" '
    'apart and more than 6" from the edges.'
)
BY_LAST_MARKER = "The player who placed the last marker rolls or picks the map and their zone."
BY_ROLL_OFF = "The roll-off winner rolls or picks the map and their zone."

ETERNAL_WAR = MissionTable(
    EW,
    "Eternal War",
    "D6",
    (
        ClassicMissionDef(
            "Retrieval Mission",
            EW,
            1,
            4,
            "Each marker held at the end: 3 VP.",
            PLACE_ALTERNATE,
            BY_LAST_MARKER,
        ),
        ClassicMissionDef(
            "No Mercy",
            EW,
            2,
            0,
            "1 VP for every enemy unit destroyed.",
            "No objective markers.",
            BY_ROLL_OFF,
        ),
        ClassicMissionDef(
            "The Scouring",
            EW,
            3,
            6,
            "Markers held at the end score by value: the Superior one 4 VP, the Inferior one "
            "1 VP, each of the others 2 VP.",
            PLACE_ALTERNATE + " After deployment one marker is picked at random as Superior "
            "and a different one as Inferior.",
            BY_LAST_MARKER,
        ),
        ClassicMissionDef(
            "Big Guns Never Tire",
            EW,
            4,
            4,
            "Each marker held at the end: 3 VP; 1 VP for each enemy Heavy Support unit destroyed.",
            PLACE_ALTERNATE,
            BY_LAST_MARKER,
            (
                Rule(
                    "Key Positions",
                    "A marker is held by the only side with Heavy Support "
                    'models within 3" of it, however many other models are near.',
                ),
            ),
        ),
        ClassicMissionDef(
            "Secure and Control",
            EW,
            5,
            2,
            "Each marker held at the end: 3 VP.",
            "After the zones are chosen, each player places one marker in their own zone "
            '(not within 6" of an edge), the zone chooser first.',
            BY_ROLL_OFF,
        ),
        ClassicMissionDef(
            "The Relic",
            EW,
            6,
            1,
            "At the end, the player whose model carries the Relic wins a major victory; if "
            "nobody carries it, the player with the closest model wins a minor victory; "
            "equally close is a draw.",
            "One marker, the Relic, at the centre of the table.",
            BY_ROLL_OFF,
            (
                Rule(
                    "The Relic",
                    "An INFANTRY model picks it up by touching it and keeps it until "
                    'slain or fleeing; its carrier moves at most 9" a phase, cannot embark or '
                    "leave the table.",
                ),
            ),
            uses_secondaries=False,
        ),
    ),
)

_TO = "Tactical Objectives by D66, no repeats; achieved ones score at the end of a turn."
MAELSTROM = MissionTable(
    MW,
    "Maelstrom of War",
    "D6",
    (
        ClassicMissionDef(
            "Cleanse and Capture",
            MW,
            1,
            6,
            _TO,
            PLACE_NUMBERED,
            BY_LAST_MARKER,
            tactical_rule="At the start of each of your turns, generate until you have 3 active.",
        ),
        ClassicMissionDef(
            "Contact Lost",
            MW,
            2,
            6,
            _TO,
            PLACE_NUMBERED,
            BY_LAST_MARKER,
            (
                Rule(
                    "Temporary Comms Uplink",
                    "Stratagem, 3 CP: with fewer than 6 active, "
                    "generate one more Tactical Objective.",
                ),
            ),
            tactical_rule="First turn: generate 1. Later turns, with fewer than 6 active: "
            "generate 1 for each marker you control, up to 6 active.",
        ),
        ClassicMissionDef(
            "Tactical Escalation",
            MW,
            3,
            6,
            _TO,
            PLACE_NUMBERED,
            BY_LAST_MARKER,
            (
                Rule(
                    "Tactical Priority",
                    "Before the first turn each player names one "
                    "Tactical Objective type: +1 VP for each of that type achieved, -1 VP for "
                    "each of that type discarded.",
                ),
                Rule(
                    "Mission Priorities",
                    "At the end, +1 VP to the player who achieved more "
                    "of their named type than the opponent did of theirs.",
                ),
            ),
            tactical_rule="At the start of your turn, generate until you have as many active "
            "as the battle round number.",
        ),
        ClassicMissionDef(
            "Spoils of War",
            MW,
            4,
            6,
            _TO,
            PLACE_NUMBERED,
            BY_LAST_MARKER,
            (
                Rule(
                    "Precious Cargo",
                    "Either player can achieve any active Secure Objective "
                    "card, whoever generated it; those cards leave play only when achieved.",
                ),
                Rule(
                    "Steal the Loot",
                    "At the end, +1 VP to the player who achieved more Secure Objective cards.",
                ),
            ),
            tactical_rule="At the start of your turn, generate until you have 3 active.",
        ),
        ClassicMissionDef(
            "Cloak and Shadows",
            MW,
            5,
            6,
            _TO,
            PLACE_NUMBERED,
            BY_LAST_MARKER,
            (
                Rule("Secret Orders", "Tactical Objectives stay hidden until achieved."),
                Rule(
                    "Cover of Darkness", 'Shooting: -1 to hit against targets more than 18" away.'
                ),
                Rule(
                    "Flares",
                    "Stratagem, 1 CP: pick an enemy unit; your units ignore Cover of "
                    "Darkness against it this turn.",
                ),
            ),
            tactical_rule="At the start of your turn, generate until you have 3 active.",
        ),
        ClassicMissionDef(
            "Deadlock",
            MW,
            6,
            6,
            _TO,
            PLACE_NUMBERED,
            BY_LAST_MARKER,
            (
                Rule(
                    "Strategic Deadlock", "From battle round 3, every Stratagem costs twice its CP."
                ),
            ),
            tactical_rule="Generate 6 in your first turn; the most you may hold falls by one "
            "each battle round (5 in round 2, 4 in round 3 ...): discard down to it at the "
            "start of your turn.",
        ),
    ),
)

SUDDEN_DEATH = Rule(
    "Sudden death",
    "A player who concedes loses at once. A player with no models on the table at the end of "
    "a turn after the first battle round (Flyers not counted) also loses at once.",
)

# The matched play rules of Chapter Approved 2019 printed with the book's missions (seed 000
# around lines 2021-2100), in our own words.
CHAPTER_APPROVED_2019 = (
    Rule(
        "Boots on the Ground",
        "Units with the Flyer Battlefield Role never control objective markers.",
    ),
    Rule(
        "Limits of Command",
        "Command Re-roll never changes a mission roll: rolls before the battle, at the end of "
        "a battle round (does the game go on?) or for how many VP are scored.",
    ),
    Rule(
        "Prepared Positions",
        "2CP, for the player going second, at the start of the first battle round: until the "
        "first turn ends, their units wholly within their deployment zone count as in cover "
        "(not Titanic, Aircraft, Fortifications or Flyers).",
    ),
    Rule(
        "Strategic Discipline",
        "A player uses each Stratagem at most once per phase.",
    ),
    Rule(
        "Tactical Reserves",
        "At least half the army's units (and half its points or Power) start on the table; "
        "reinforcements cannot arrive in the first battle round, and any not arrived by the end "
        "of the third count as destroyed.",
    ),
    Rule(
        "Tactical Restraint",
        "Each player gains or gets back at most 1 Command point per battle round from "
        "abilities, Warlord Traits, Relics and psychic powers (a few named exceptions).",
    ),
    Rule(
        "Psychic Focus",
        "Each psychic power but Smite is attempted once per turn by the army; each further "
        "Smite that phase costs 1 more (up to 11), except for two named brotherhoods.",
    ),
    Rule(
        "Targeting Characters",
        "An enemy Character under 10 Wounds can be shot only if visible and the closest enemy "
        "unit (other such Characters ignored).",
    ),
    Rule(
        "Battle Brothers",
        "Each Detachment's units share a Faction keyword other than Chaos, Imperium, Aeldari, "
        "Ynnari or Tyranids (Fortification Networks excepted).",
    ),
    Rule(
        "Bolter Discipline",
        "Adeptus Astartes, Heretic Astartes and Fallen Rapid Fire bolt weapons shoot twice at "
        "half range, from stationary Infantry, or from Terminators, Bikers, Centurions, "
        "Dreadnoughts and Helbrutes.",
    ),
    Rule("Understrength Support", "Understrength units go only in Auxiliary Support Detachments."),
)

RULES = (
    Rule("Armies", "Battle-forged armies to an agreed points limit."),
    Rule(
        "Mission",
        "Agree a table (Eternal War or Maelstrom of War) or roll off and the "
        "winner picks; then pick a mission or roll a D6 on that table.",
    ),
    Rule(
        "Objective markers",
        "Held by whoever has more models within 3\" of the marker's "
        "centre; distances are measured to the centre. Flyers never hold one (Boots on the "
        "Ground).",
    ),
    Rule(
        "Deployment",
        "Roll a D6 for one of the six standard maps. Players alternate setting "
        "up one unit at a time, starting with the player who did not choose the zone; models "
        "set up wholly within their own zone.",
    ),
    Rule(
        "First turn",
        "The player who finished setting up first picks who goes first; if "
        "they go first, the opponent seizes the initiative on a 6.",
    ),
    Rule("Battle length", VARIABLE_LENGTH),
    Rule("Victory", "Most victory points wins; equal victory points is a draw."),
    SUDDEN_DEATH,
    *CHAPTER_APPROVED_2019,
)

PACK = ClassicPack(
    key="eighth",
    name="8th edition matched play",
    edition="8th",
    code_prefix="EGT",
    generates="A mission from the Eternal War or Maelstrom of War table and a standard "
    "deployment map, each rolled on a D6.",
    tables=(ETERNAL_WAR, MAELSTROM),
    maps=EIGHTH_MAPS,
    rules=RULES,
    secondaries=(SLAY_THE_WARLORD, FIRST_BLOOD, LINEBREAKER_8TH),
)
