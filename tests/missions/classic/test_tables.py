"""The classic packs' tables are exactly the printed ones (copied here from the seed texts and
the facts gathered about them; nothing is read from outside the project)."""

import pytest

from missions.classic.types import ClassicPack
from missions.pack.errors import MissionError
from missions.pack.registry import card_pack_keys, get_any_pack, get_card_pack, get_pack, pack_keys
from missions.pack.types import card_key

# 8th edition rulebook, Choose Mission: the two D6 tables, and each mission's marker count.
EIGHTH_ETERNAL_WAR = [
    ("Retrieval Mission", 4),
    ("No Mercy", 0),
    ("The Scouring", 6),
    ("Big Guns Never Tire", 4),
    ("Secure and Control", 2),
    ("The Relic", 1),
]
EIGHTH_MAELSTROM = [
    "Cleanse and Capture",
    "Contact Lost",
    "Tactical Escalation",
    "Spoils of War",
    "Cloak and Shadows",
    "Deadlock",
]
# 8th edition standard deployment maps, D6 order.
EIGHTH_MAPS = [
    "Spearhead Assault",
    "Dawn of War",
    "Search and Destroy",
    "Hammer and Anvil",
    "Front-line Assault",
    "Vanguard Strike",
]
# 7th edition tables (Preparing for Battle and the mission pages).
SEVENTH_ETERNAL_WAR = [
    ("Crusade", "D3+2"),
    ("Purge the Alien", 0),
    ("The Scouring", 6),
    ("Big Guns Never Tire", "D3+2"),
    ("The Emperor's Will", 2),
    ("The Relic", 1),
]
SEVENTH_MAELSTROM = [
    ("Cleanse and Control", "Vanguard Strike"),
    ("Contact Lost", "Dawn of War"),
    ("Tactical Escalation", "Hammer and Anvil"),
    ("The Spoils of War", "Dawn of War"),
    ("Cloak and Shadows", "Hammer and Anvil"),
    ("Deadlock", "Vanguard Strike"),
]
SEVENTH_DEPLOYMENT = {
    1: "Dawn of War",
    2: "Dawn of War",
    3: "Hammer and Anvil",
    4: "Hammer and Anvil",
    5: "Vanguard Strike",
    6: "Vanguard Strike",
}
MYSTERIOUS_OBJECTIVES = {
    1: "Sabotaged!",
    2: "Nothing of Note",
    3: "Skyfire Nexus",
    4: "Targeting Relay",
    5: "Scatterfield",
    6: "Grav Wave Generator",
}
ONLY_WAR_PRIMARIES = ["Slay and Secure", "Ancient Relic", "Domination"]


def test_registry_lists_every_pack_and_keeps_leviathan_a_card_pack():
    assert pack_keys() == ("leviathan", "eighth", "seventh", "only_war", "eleventh")
    assert card_pack_keys() == ("leviathan",)
    assert get_card_pack("leviathan") is get_pack("leviathan")
    for key in ("eighth", "seventh", "only_war"):
        pack = get_any_pack(key)
        assert isinstance(pack, ClassicPack)
        assert pack.key == key
        assert pack.kind == "classic"
        assert pack.pool == ()
        with pytest.raises(MissionError) as err:
            get_card_pack(key)
        assert err.value.code == "unknown_pack"
        assert err.value.field == "pack"
    prefixes = [get_pack(k).code_prefix for k in pack_keys()]
    assert prefixes == ["LEV", "EGT", "SVN", "OWR", "XI"]


def test_unknown_pack_names_the_field():
    with pytest.raises(MissionError) as err:
        get_pack("ninth")
    assert (err.value.code, err.value.field) == ("unknown_pack", "pack")


def _rows(table):
    return [(m.number, m.name, m.key) for m in table.missions]


def test_eighth_edition_tables():
    pack = get_pack("eighth")
    ew, mw = pack.tables
    assert (ew.key, ew.dice, mw.key, mw.dice) == ("eternal_war", "D6", "maelstrom_of_war", "D6")
    assert _rows(ew) == [(i, n, card_key(n)) for i, (n, _) in enumerate(EIGHTH_ETERNAL_WAR, 1)]
    assert [m.markers for m in ew.missions] == [c for _, c in EIGHTH_ETERNAL_WAR]
    assert _rows(mw) == [(i, n, card_key(n)) for i, n in enumerate(EIGHTH_MAELSTROM, 1)]
    assert all(m.markers == 6 and m.tactical_rule for m in mw.missions)
    assert [(m.number, m.name) for m in pack.maps] == list(enumerate(EIGHTH_MAPS, 1))


def test_seventh_edition_tables():
    pack = get_pack("seventh")
    ew, mw = pack.tables
    assert _rows(ew) == [(i, n, card_key(n)) for i, (n, _) in enumerate(SEVENTH_ETERNAL_WAR, 1)]
    assert [m.markers for m in ew.missions] == [c for _, c in SEVENTH_ETERNAL_WAR]
    assert [(m.number, m.name) for m in mw.missions] == [
        (i, n) for i, (n, _) in enumerate(SEVENTH_MAELSTROM, 1)
    ]
    assert [pack.map(m.own_map).name for m in mw.missions] == [m for _, m in SEVENTH_MAELSTROM]
    assert all(m.markers == 6 for m in mw.missions)
    zones = pack.dice_table("random_deployment_zones")
    assert {v: zones.lookup(v).name for v in range(1, 7)} == SEVENTH_DEPLOYMENT
    mysterious = pack.dice_table("mysterious_objectives")
    assert {v: mysterious.lookup(v).name for v in range(1, 7)} == MYSTERIOUS_OBJECTIVES
    # Mysterious Objectives in every mission with markers except The Relic; Night Fighting
    # and Reserves in all twelve.
    for m in pack.missions:
        names = {r.name for r in m.special_rules}
        assert {"Night Fighting", "Reserves"} <= names
        assert ("Mysterious Objectives" in names) == (m.markers != 0 and m.key != "the_relic")


def test_only_war_table():
    pack = get_pack("only_war")
    (table,) = pack.tables
    assert table.dice == "D3"
    assert [(m.number, m.name) for m in table.missions] == list(enumerate(ONLY_WAR_PRIMARIES, 1))
    assert all(m.markers == 4 for m in table.missions)


def test_secondaries_and_shared_rules():
    for key in ("eighth", "seventh"):
        pack = get_pack(key)
        assert [s.name for s in pack.secondaries] == [
            "Slay the Warlord",
            "First Blood",
            "Linebreaker",
        ]
        names = [r.name for r in pack.rules]
        assert {"Deployment", "First turn", "Objective markers"} <= set(names)
    assert get_pack("eighth").mission("the_relic").uses_secondaries is False
    assert 'within 12"' in get_pack("seventh").secondaries[2].summary  # 7th: from the edge


def test_mission_lookup_by_name_or_key_and_errors():
    pack = get_pack("eighth")
    assert pack.mission("Spoils of War").key == "spoils_of_war"
    with pytest.raises(MissionError) as err:
        pack.mission("The Spoils of War")
    assert err.value.code == "unknown_mission"
    with pytest.raises(MissionError):
        pack.map("Spearhead")
    with pytest.raises(MissionError):
        pack.tables[0].by_roll(7)
