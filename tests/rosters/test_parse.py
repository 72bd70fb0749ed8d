"""Reading pasted army lists: the three exports, 10th and 11th edition, unread lines kept, and
the round trip (a roster printed and read back is the same roster)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rosters.engine.parse import Vocabulary, norm, parse_roster
from rosters.engine.printer import print_roster
from rosters.engine.roster import SECTION_TITLES, Roster, RosterUnit, UnreadLine

LISTS = Path(__file__).parent / "lists"


def read(name: str) -> Roster:
    return parse_roster((LISTS / name).read_text())


def test_official_app_10th_edition_list():
    roster = read("gw_app_10th_necrons.txt")
    assert roster.source == "gw-app"
    assert (roster.name, roster.points) == ("Tomb Patrol", 1490)
    assert roster.faction == "Necrons"
    assert roster.detachments == ("Awakened Dynasty",)
    assert (roster.battle_size, roster.points_limit) == ("Strike Force", 2000)
    assert len(roster.units) == 12
    imotekh, overlord = roster.units[:2]
    assert imotekh.warlord
    assert imotekh.section == "character"
    assert imotekh.models is None
    assert imotekh.wargear == ("1x Gauntlet of fire", "1x Staff of the Stormlord")
    assert overlord.enhancements == ("Veil of Darkness",)
    warriors = roster.units[3]
    assert (warriors.name, warriors.points, warriors.models) == ("Necron Warriors", 200, 20)
    assert warriors.wargear == ("20x Gauss flayer", "20x Close combat weapon")
    assert roster.units[5].section == "dedicated-transport"
    assert roster.units_points() == 1490
    assert roster.exported_with.startswith("Exported with App Version")


def test_a_line_nobody_reads_is_kept_with_its_line_number():
    roster = read("gw_app_10th_necrons.txt")
    assert roster.unread == (UnreadLine("this line came from somewhere else"),)
    assert roster.unread[0].line == 70
    assert "this line came from somewhere else" in print_roster(roster)


def test_official_app_11th_edition_list_with_a_disposition():
    roster = read("gw_app_11th_orks.txt")
    assert roster.detachments == ("War Horde",)  # "(3 DP)" is not part of the name
    assert roster.dispositions == ("Take and Hold",)
    boyz = roster.units[3]
    assert (boyz.models, boyz.points) == (20, 170)
    assert boyz.wargear == ("1x Big choppa", "1x Slugga", "19x Choppa", "19x Slugga")
    gretchin = roster.units[8]
    assert gretchin.models == 11  # 1 Runtherd + 10 Gretchin
    assert gretchin.wargear == ("1x Grabba stikk", "10x Grot blasta")
    ghaz = roster.units[2]
    assert (ghaz.models, ghaz.wargear) == (
        2,
        ("1x Gork's Klaw", "1x Mork's Roar", "1x Makari's stabba"),
    )
    assert [u.name for u in roster.units if u.enhancements] == ["Warboss", "Big Mek in Mega Armour"]
    assert roster.unread == ()


def test_new_recruit_tournament_text():
    roster = read("new_recruit_10th_blood_angels.txt")
    assert roster.source == "new-recruit"
    assert roster.faction == "Imperium - Adeptus Astartes - Blood Angels"
    assert roster.detachments == ("Liberator Assault Group",)
    assert roster.points == 1460
    captain = roster.units[0]
    assert captain.warlord
    assert captain.enhancements == ("Artisan of War",)
    assert captain.wargear == ("Heavy bolt pistol", "Thunder hammer")
    assert [u.models for u in roster.units[3:6]] == [10, 10, 5]
    # The box's secondary choice is nothing the reader knows: kept, not dropped.
    assert [line.text for line in roster.unread] == [
        "+ SECONDARY: - Bring It Down: (x2) - Assassination: 3 Characters"
    ]


def test_new_recruit_box_names_a_warlord_the_units_do_not_mark():
    text = (
        "+ FACTION KEYWORD: Xenos - Necrons\n+ DETACHMENT: Awakened Dynasty\n"
        "+ WARLORD: Char1: Overlord\n+ ENHANCEMENT: Veil of Darkness (on Char1: Overlord)\n"
        "+ WARLORD: Char9: Nobody\n\n"
        "Char1: 1x Overlord (105 pts): Overlord's blade\n"
    )
    roster = parse_roster(text)
    assert roster.units[0].warlord
    assert roster.units[0].enhancements == ("Veil of Darkness",)
    assert roster.units[0].models == 1
    assert [line.text for line in roster.unread] == ["Warlord: Char9: Nobody"]


def test_battlescribe_text_11th_edition():
    roster = read("battlescribe_11th_necrons.txt")
    assert roster.source == "battlescribe"
    assert roster.faction == "Xenos - Necrons"
    assert (roster.battle_size, roster.points_limit, roster.points) == ("Incursion", 1000, 1000)
    assert roster.detachments == ("Hypercrypt Legion",)
    assert roster.dispositions == ("Reconnaissance",)
    overlord = roster.units[0]
    assert overlord.warlord
    assert overlord.enhancements == ("Arisen Tyrant",)
    assert overlord.wargear == ("Overlord's blade", "Tachyon arrow")
    assert [(u.name, u.models) for u in roster.units[2:4]] == [
        ("Necron Warriors", 20),
        ("Lokhust Heavy Destroyers", 3),
    ]
    assert roster.unread == ()
    assert roster.exported_with.startswith("Created with BattleScribe")


def test_a_vocabulary_tells_a_chapter_line_from_a_detachment_line():
    text = "Space Marines\nBlood Angels\nGladius Task Force\nStrike Force (2000 Points)\n"
    vocab = Vocabulary(
        factions=frozenset({"space marines", "blood angels"}),
        detachments=frozenset({"gladius task force"}),
    )
    assert parse_roster(text).detachments == ("Blood Angels", "Gladius Task Force")
    roster = parse_roster(text, vocabulary=vocab)
    assert roster.faction == "Space Marines - Blood Angels"
    assert roster.detachments == ("Gladius Task Force",)


def test_empty_and_rubbish_text_never_fail():
    assert parse_roster("") == Roster()
    roster = parse_roster("hello\n\n: : :\n(((")
    assert roster.units == ()
    assert [line.text for line in roster.unread] == [": : :", "((("]
    assert roster.faction == "hello"  # the first plain header line, as the app writes it


def test_every_fixture_prints_and_reads_back_the_same():
    for path in sorted(LISTS.glob("*.txt")):
        roster = parse_roster(path.read_text())
        assert parse_roster(print_roster(roster)) == roster, path.name


# Words the printer's own layout uses: a generated name must not be one of them.
RESERVED = {norm(w) for w in SECTION_TITLES.values()} | {
    "warlord", "characters", "character", "battleline", "other", "allies", "epic hero",
    "epic heroes", "dedicated transport", "other datasheets", "allied units",
    "take and hold", "disruption", "purge the foe", "priority assets", "reconnaissance",
    "unread lines", "incursion", "strike force", "onslaught", "combat patrol",
    "flyer", "lord of war", "fortification",
}  # fmt: skip
WORDS = ["Gauss", "flayer", "Overlord's", "blade", "Necron", "Warriors", "Tomb", "Ark",
         "Ghost", "Big", "Mek", "Boyz", "choppa", "Storm", "Lance", "Host", "Dynasty",
         "Squad", "Kill", "Team", "Iron", "Hands", "Doom", "Cult", "Guard", "Sword"]  # fmt: skip

word = st.sampled_from(WORDS) | st.text(
    alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=8
)


def phrase(max_words: int = 4):
    return (
        st.lists(word, min_size=1, max_size=max_words)
        .map(" ".join)
        .filter(lambda s: norm(s) not in RESERVED and "edition" not in s and "with" not in s)
        .filter(lambda s: not s.lower().startswith(("exported", "created")))
    )


@st.composite
def units(draw):
    name = draw(phrase())
    wargear = draw(
        st.lists(
            st.one_of(phrase(), st.builds("{}x {}".format, st.integers(1, 20), phrase())),
            max_size=4,
        ).filter(lambda items: all(norm(i) != "warlord" for i in items))
    )
    models = draw(st.none() | st.integers(1, 20))
    if models is None:
        # Without a models line, an "Nx <unit name>" wargear line would read as one.
        wargear = [
            w for w in wargear if norm(w.split("x ", 1)[-1]).rstrip("s") != norm(name).rstrip("s")
        ]
    return RosterUnit(
        name=name,
        points=draw(st.integers(0, 3000)),
        models=models,
        wargear=tuple(wargear),
        enhancements=tuple(draw(st.lists(phrase(3), max_size=2))),
        warlord=draw(st.booleans()),
        section=draw(st.none() | st.sampled_from(list(SECTION_TITLES))),
    )


ORDER = list(SECTION_TITLES)


@st.composite
def rosters(draw):
    drawn = draw(st.lists(units(), max_size=8))
    # The printer groups units by section, ungrouped ones first, as the app does.
    drawn.sort(key=lambda u: -1 if u.section is None else ORDER.index(u.section))
    has_section = any(u.section for u in drawn)
    return Roster(
        name=draw(st.none() | phrase()),
        points=draw(st.none() | st.integers(0, 5000)),
        edition=draw(st.sampled_from([None, "8th", "10th", "11th"])),
        faction=draw(st.none() | st.lists(phrase(3), min_size=1, max_size=3).map(" - ".join)),
        battle_size=draw(st.sampled_from([None, "Incursion", "Strike Force", "Onslaught"])),
        points_limit=draw(st.none() | st.integers(500, 4000)),
        detachments=tuple(draw(st.lists(phrase(), max_size=3))),
        detachment_points=draw(st.none() | st.integers(0, 6)),
        notes=tuple(draw(st.lists(phrase(6), max_size=2))),
        dispositions=tuple(
            draw(st.lists(st.sampled_from(["Take and Hold", "Purge the Foe"]), max_size=2))
        ),
        units=tuple(u for u in drawn if has_section or u.section is None),
        unread=tuple(UnreadLine(t) for t in draw(st.lists(phrase(6), max_size=3))),
        exported_with=draw(st.none() | phrase().map("Exported with {}".format)),
    )


@settings(max_examples=100, deadline=None)
@given(rosters())
def test_print_then_parse_gives_the_same_roster(roster):
    assert parse_roster(print_roster(roster)) == roster


FIXTURES = sorted(LISTS.glob("*.txt"))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(FIXTURES), st.data())
def test_a_stray_line_among_the_units_is_kept_and_changes_nothing_else(path, data):
    lines = path.read_text().split("\n")
    original = parse_roster("\n".join(lines))
    first_unit = original.units[0].line  # 1-based: insert anywhere after it
    at = data.draw(st.integers(first_unit, len(lines)))
    stray = data.draw(st.sampled_from(["zzkq wobble", "see you at the event!", "((x))", "#42"]))
    changed = parse_roster("\n".join([*lines[:at], stray, *lines[at:]]))
    assert stray in [u.text for u in changed.unread]
    assert replace(changed, unread=()) == replace(original, unread=())


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=400))
def test_any_text_reads_without_failing(text):
    roster = parse_roster(text)
    # Every unit came from a line of the text.
    assert all(unit.name in text for unit in roster.units)


# -- several detachments on one line, stated Detachment Points (issue 32) ----------------------
def test_one_line_naming_several_detachments_is_split_where_the_names_are_known():
    vocab = Vocabulary(
        factions=frozenset({"agents of the imperium"}),
        detachments=frozenset({"ordo xenos alien hunters", "purgation force", "veiled blade"}),
    )
    text = (
        "Agents of the Imperium\n"
        "Ordo Xenos, Alien Hunters and Veiled Blade (4 Detachment Points)\n"
        "Strike Force (2000 Points)\n"
    )
    roster = parse_roster(text, vocabulary=vocab)
    assert roster.detachments == ("Ordo Xenos, Alien Hunters", "Veiled Blade")
    assert roster.detachment_points == 4


def test_names_the_data_does_not_know_are_split_where_the_line_states_their_points():
    text = "Necrons\nNew One, Newer Two, and Newest Three (6 DP)\nOnslaught (3000 Points)\n"
    roster = parse_roster(text)
    assert roster.detachments == ("New One", "Newer Two", "Newest Three")
    assert roster.detachment_points == 6
    # Without stated points a line is one name, as the app writes a single detachment.
    assert parse_roster("Necrons\nSword and Board\n").detachments == ("Sword and Board",)


def test_thousands_with_a_no_break_or_narrow_space():
    for space in ("\u00a0", "\u202f", "\u2009"):
        roster = parse_roster(
            f"My list (1{space}995 Points)\n\nNecrons\nStrike Force (2{space}000 Points)\n"
        )
        assert (roster.name, roster.points, roster.points_limit) == ("My list", 1995, 2000)
        assert roster.faction == "Necrons"
