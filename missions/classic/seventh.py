"""7th edition (Preparing for Battle): the Eternal War and Maelstrom of War D6 tables, Random
Deployment Zones, Mysterious Objectives, Night Fighting; each Maelstrom mission has its own
map. Table contents from the facts file; summaries are ours."""

from __future__ import annotations

from missions.classic.common import FIRST_BLOOD, LINEBREAKER_7TH, SLAY_THE_WARLORD, VARIABLE_LENGTH
from missions.classic.maps import SEVENTH_MAPS
from missions.classic.types import ClassicMissionDef, ClassicPack, DiceTable, MissionTable, Rule

EW, MW = "eternal_war", "maelstrom_of_war"

MYSTERIOUS = Rule(
    "Mysterious Objectives",
    'The first unit to come within 3" of a marker (or be there at the start of the first '
    "turn) rolls a D6 on the Mysterious Objectives table to find what it is.",
)
NIGHT_FIGHTING = Rule(
    "Night Fighting",
    "Either player may call for a night battle; if so, roll a D6 before deployment: on 4+ "
    "game turn 1 is fought at night, when every unit has Stealth.",
)
RESERVES = Rule(
    "Reserves",
    "Units may be kept off the table and roll to arrive (3+) from turn 2; any still waiting "
    "arrive in turn 4.",
)
TACTICAL = Rule(
    "Tactical Objectives",
    "Each player generates Tactical Objectives by D66 and scores them during the game.",
)
STANDARD = (
    'Roll off; players take turns placing markers, not within 6" of an edge or 12" of '
    "another marker."
)
NUMBERED = "Six markers numbered 1 to 6, placed with the standard rules."
RANDOM_ZONES = "Roll on the Random Deployment Zones table."
_EW_RULES = (NIGHT_FIGHTING, RESERVES)

ETERNAL_WAR = MissionTable(
    EW,
    "Eternal War",
    "D6",
    (
        ClassicMissionDef(
            "Crusade",
            EW,
            1,
            "D3+2",
            "Each marker held at the end: 3 VP.",
            STANDARD,
            RANDOM_ZONES,
            (MYSTERIOUS, *_EW_RULES),
        ),
        ClassicMissionDef(
            "Purge the Alien",
            EW,
            2,
            0,
            "1 VP for every enemy unit destroyed; units falling back or off the "
            "table at the end count as destroyed.",
            "No objective markers.",
            RANDOM_ZONES,
            _EW_RULES,
        ),
        ClassicMissionDef(
            "The Scouring",
            EW,
            3,
            6,
            "Markers held at the end score their hidden value (4, 3, 3, 2, 2 and "
            "1 VP); 1 VP for each enemy Fast Attack unit destroyed.",
            "Six markers placed face down carrying the values 4, 3, 3, 2, 2, 1; "
            "turned over just before the Seize the Initiative roll.",
            RANDOM_ZONES,
            (MYSTERIOUS, *_EW_RULES),
        ),
        ClassicMissionDef(
            "Big Guns Never Tire",
            EW,
            4,
            "D3+2",
            "Each marker held at the end: 3 VP; 1 VP for each enemy Heavy Support unit destroyed.",
            STANDARD,
            RANDOM_ZONES,
            (MYSTERIOUS, *_EW_RULES),
        ),
        ClassicMissionDef(
            "The Emperor's Will",
            EW,
            5,
            2,
            "Each marker held at the end: 3 VP.",
            "Each player places one marker in their own half.",
            RANDOM_ZONES,
            (MYSTERIOUS, *_EW_RULES),
        ),
        ClassicMissionDef(
            "The Relic",
            EW,
            6,
            1,
            "3 VP to the player controlling the Relic at the end.",
            "One marker, the Relic, at the centre.",
            RANDOM_ZONES,
            (
                Rule(
                    "The Relic",
                    "A non-vehicle model of a scoring unit can carry "
                    'it; its carrier moves at most 6" a phase and cannot Run.',
                ),
                *_EW_RULES,
            ),
        ),
    ),
)

_MW_RULES = (MYSTERIOUS, NIGHT_FIGHTING, RESERVES, TACTICAL)
_OWN = "Uses its own map; both players may agree to roll Random Deployment Zones instead."
_TO = "Tactical Objectives by D66, no repeats."

MAELSTROM = MissionTable(
    MW,
    "Maelstrom of War",
    "D6",
    (
        ClassicMissionDef(
            "Cleanse and Control",
            MW,
            1,
            6,
            _TO,
            NUMBERED,
            _OWN,
            _MW_RULES,
            "3 in turn 1, then top up to 3 at the start of each turn.",
            own_map="vanguard_strike",
        ),
        ClassicMissionDef(
            "Contact Lost",
            MW,
            2,
            6,
            _TO,
            NUMBERED,
            _OWN,
            _MW_RULES,
            "1 in turn 1; later, with fewer than 6 active, 1 for each marker you "
            "control (6 at most; none if you control no markers).",
            own_map="dawn_of_war",
        ),
        ClassicMissionDef(
            "Tactical Escalation",
            MW,
            3,
            6,
            _TO,
            NUMBERED,
            _OWN,
            _MW_RULES,
            "1 in turn 1, then top up to the turn number (1 to 7), discarding any above it.",
            own_map="hammer_and_anvil",
        ),
        ClassicMissionDef(
            "The Spoils of War",
            MW,
            4,
            6,
            _TO,
            NUMBERED,
            _OWN,
            (
                *_MW_RULES,
                Rule("Precious Cargo", "Secure Objective cards cannot be discarded by choice."),
                Rule(
                    "Steal the Loot", "Either player can achieve any Secure Objective card in play."
                ),
            ),
            "3, topped up to 3 each turn.",
            own_map="dawn_of_war",
        ),
        ClassicMissionDef(
            "Cloak and Shadows",
            MW,
            5,
            6,
            _TO,
            NUMBERED,
            _OWN,
            (*_MW_RULES, Rule("Secret Orders", "Tactical Objectives stay hidden until achieved.")),
            "3, topped up to 3 each turn.",
            own_map="hammer_and_anvil",
        ),
        ClassicMissionDef(
            "Deadlock",
            MW,
            6,
            6,
            _TO,
            NUMBERED,
            _OWN,
            _MW_RULES,
            "6 in turn 1; the cap is 6, 5, 4, 3, 2, 1, 1 in turns 1 to 7: "
            "discard down or generate up to it.",
            own_map="vanguard_strike",
        ),
    ),
)

# Random Deployment Zones: which results give which map (the map's number is its first one).
DEPLOYMENT_TABLE = DiceTable(
    "random_deployment_zones",
    "Random Deployment Zones",
    "D6",
    (
        ((1, 2), Rule("Dawn of War", "Lengthways halves; a player's edge is their long edge.")),
        (
            (3, 4),
            Rule(
                "Hammer and Anvil", "Halves across the width; a player's edge is their short edge."
            ),
        ),
        (
            (5, 6),
            Rule("Vanguard Strike", "Halves along a diagonal; a player's edge is their long edge."),
        ),
    ),
)

MYSTERIOUS_TABLE = DiceTable(
    "mysterious_objectives",
    "Mysterious Objectives",
    "D6",
    (
        (
            (1,),
            Rule(
                "Sabotaged!",
                "From the turn it is found, at the end of every turn roll a "
                'D6: on a 1 each unit within 3" takes D6 Strength 4 AP- hits.',
            ),
        ),
        ((2,), Rule("Nothing of Note", "No effect.")),
        (
            (3,),
            Rule(
                "Skyfire Nexus",
                "A unit holding it may give all its models Skyfire whenever they shoot.",
            ),
        ),
        (
            (4,),
            Rule("Targeting Relay", "A unit holding it re-rolls To Hit rolls of 1 when shooting."),
        ),
        (
            (5,),
            Rule(
                "Scatterfield",
                "A unit holding it has cover saves 1 better (6+ in the "
                "open); adds to Stealth and Shrouded.",
            ),
        ),
        (
            (6,),
            Rule(
                "Grav Wave Generator",
                'Units charging a unit holding it have 2" less '
                "charge range (not below 0), on top of difficult terrain.",
            ),
        ),
    ),
)

RULES = (
    Rule(
        "Mission",
        "Roll off; the winner picks the Eternal War or Maelstrom of War table; "
        "then agree a mission or roll a D6.",
    ),
    Rule(
        "Objective markers",
        'Controlled by a side with a scoring unit within 3" and no enemy scoring unit within 3".',
    ),
    Rule(
        "Deployment",
        "Each player rolls a D6 (re-roll ties); the higher picks a half. Roll off: the winner "
        "says who sets up first; that player sets up their whole army, then the other.",
    ),
    Rule(
        "First turn",
        "The player who set up first chooses to go first or second; if first, "
        "the opponent may Seize the Initiative on a 6.",
    ),
    Rule("Game length", VARIABLE_LENGTH.replace("round", "turn")),
    Rule(
        "Victory",
        "Most victory points wins, twice the loser's is a crushing victory; equal "
        "victory points is a draw.",
    ),
    # Seed 001 around line 310.
    Rule(
        "Sudden death",
        "A player who concedes loses at once, and so does one with no models on the table at "
        "the end of a game turn (units in buildings or transports count; Reserves do not).",
    ),
)

PACK = ClassicPack(
    key="seventh",
    name="7th edition",
    edition="7th",
    code_prefix="SVN",
    generates="A mission from the Eternal War or Maelstrom of War D6 table; Eternal War "
    "rolls its map on Random Deployment Zones, Maelstrom uses the mission's own map.",
    tables=(ETERNAL_WAR, MAELSTROM),
    maps=SEVENTH_MAPS,
    rules=RULES,
    secondaries=(SLAY_THE_WARLORD, FIRST_BLOOD, LINEBREAKER_7TH),
    dice_tables=(DEPLOYMENT_TABLE, MYSTERIOUS_TABLE),
)
