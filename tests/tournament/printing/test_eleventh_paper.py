"""11th-edition paper from plain data: pairings name both primaries and the layout letter;
scoresheets and table packs carry each player's own primary with its scoring windows, the
layout's map, a five-round grid with the 15-a-round caps, Fixed/Tactical and Battle Ready."""

import io

from pypdf import PdfReader

from missions.eleventh.layouts import layout_for
from missions.eleventh.matrix import DISPOSITION_NAMES
from missions.eleventh.primaries import primary_for_matchup
from tournament.printing.data import (
    EleventhGame,
    EleventhSide,
    EventInfo,
    Pairing,
    RoundPrint,
    Seat,
)
from tournament.printing.render import Part, render_round

EVENT = EventInfo(id=1, name="Iron Crown XI", venue="Hall", dates="1 Dec 2026")


def _seat(n: int, name: str) -> Seat:
    return Seat(player_id=n, name=name, faction="Necrons", record="1-0-0")


def _game(table: int, a: str, b: str, letter: str | None, names=("Ada", "Bo")) -> Pairing:
    sides = (
        EleventhSide(DISPOSITION_NAMES[a], primary_for_matchup(a, b)),
        EleventhSide(DISPOSITION_NAMES[b], primary_for_matchup(b, a)),
    )
    layout = layout_for(a, b, letter) if letter else None
    return Pairing(
        table=table,
        a=_seat(2 * table, names[0]),
        b=_seat(2 * table + 1, names[1]),
        eleventh=EleventhGame(*sides, letter or "", layout),
    )


ROUND = RoundPrint(
    event=EVENT,
    number=2,
    mission=None,
    eleventh=True,
    pairings=(
        _game(1, "take-and-hold", "disruption", "B", ("Ada Lovelace", "Bo Diddley")),
        _game(2, "reconnaissance", "reconnaissance", "A", ("Cy Young", "Di Prince")),
        _game(3, "purge-the-foe", "priority-assets", None, ("Ed Wood", "Flo Jo")),
        Pairing(table=None, a=_seat(99, "Gus Bye"), b=None),
    ),
)


def _pages(data: bytes) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages]


def _name(a, b):
    return primary_for_matchup(a, b).name


def test_pairings_show_both_primaries_and_the_layout_letter():
    for kind in ("pairings", "pairings-alpha"):
        text = " ".join(_pages(render_round(kind, ROUND)))
        assert "each player plays their own primary" in text
        assert f"Primary: {_name('take-and-hold', 'disruption')}" in text
        assert f"Primary: {_name('disruption', 'take-and-hold')}" in text
        assert "LAYOUT" in text
        assert "Mission to be announced" not in text
    by_table = _pages(render_round("pairings", ROUND))[0]
    assert "1 Ada Lovelace" in by_table
    assert "1-0-0 B" in by_table  # Bo's record, then the layout letter


def test_scoresheet_per_game_carries_its_own_primaries_and_map():
    pages = _pages(render_round("scoresheets", ROUND))
    assert len(pages) == 3  # no sheet for the bye
    first = pages[0]
    for text in (
        "Layout B: Crucible of Battle",
        f"Player A: {_name('take-and-hold', 'disruption')}",
        f"Player B: {_name('disruption', 'take-and-hold')}",
        primary_for_matchup("take-and-hold", "disruption").windows[0].describe()[:40],
        "Defender edge",
        "Attacker edge",
        "Battle round 5",
        "Primary (max 15)",
        "Secondary (max 15)",
        "primary at most 15 VP a battle round and 45 VP a game",
        "secondary at most 15 VP a battle round and 45 VP a game",
        "Battle Ready (0 or 10)",
        "Total (max 100)",
        "Fixed",
        "Tactical",
        "Went first",
        "Take and Hold",
        "Disruption",
    ):
        assert text in first, text
    assert "Battle round 6" not in first
    assert "Gambit" not in first
    assert "Layout A (not in our data)" in pages[1]
    assert "Event Companion's layout card A for Reconnaissance v Reconnaissance" in pages[1]
    assert "Layout to be announced" in pages[2]
    assert f"Player A: {_name('purge-the-foe', 'priority-assets')}" in pages[2]


def test_table_pack_map_page_and_primaries_page():
    pages = _pages(render_round("table-packs", ROUND))
    assert len(pages) == 6
    layout_page, primaries_page = pages[0], pages[1]
    assert "Layout B: Crucible of Battle" in layout_page
    assert "Defender home" in layout_page
    assert "Home objective" in layout_page  # the map's legend
    assert "Each player's own primary" in primaries_page
    assert _name("take-and-hold", "disruption") in primaries_page
    assert _name("disruption", "take-and-hold") in primaries_page
    assert "THE SECONDARY DECK (18 CARDS)" in primaries_page
    assert "Layout A is not in our data." in pages[2]
    assert "Event Companion's layout card A for Reconnaissance v Reconnaissance" in pages[2]
    assert "names this table's layout" in pages[4]


def test_a_part_of_the_scoresheets_keeps_the_whole_numbering():
    part = render_round("scoresheets", ROUND, Part("scoresheets", 1, 3))
    pages = _pages(part)
    assert len(pages) == 2
    assert "Page 2 of 3" in pages[0]
