"""Issue 32 item 10: every printable fits its content for every card of every pack. Each
11th-edition primary pairing (all 25 ordered cells, the Reconnaissance mirror among them), each
classic pack's missions and each Leviathan primary with each mission rule is printed on A4 and
US letter; the PDF is read back with pypdf and no line of text may print over another, and an
11th-edition sheet's primaries stay inside their panel (above the grid's header). Issue 33: the
paper pack's result slips stay between their cut lines."""

from __future__ import annotations

import dataclasses

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from missions.classic.generator import generate_classic
from missions.eleventh.layouts import layout_for
from missions.eleventh.matrix import DISPOSITION_IDS, DISPOSITION_NAMES
from missions.eleventh.primaries import primary_for_matchup
from missions.pack.registry import get_pack
from tests.tournament.printing.placed import placed_text
from tournament.printing.data import (
    CardText,
    EleventhGame,
    EleventhSide,
    EventInfo,
    Pairing,
    RoundPrint,
    Seat,
)
from tournament.printing.documents.scoresheets.leviathan import GAP, GRID_HEAD
from tournament.printing.documents.slips import SLIPS_PER_PAGE
from tournament.printing.documents.tablepacks.texts import primary_paragraphs
from tournament.printing.kit.base import BOLD, FONT, FOOTER_H, HEADER_H, MARGIN, STYLES, page_size
from tournament.printing.render import render_round
from tournament.services.documents.printing import classic_mission_info, mission_info

PAPERS = ("A4", "letter")
SMALLEST_TEXT = 4  # the maps' own labels are smaller and sit on the drawing by design


def _event(paper: str) -> EventInfo:
    return EventInfo(id=1, name="Fit GT", venue="Hall", dates="1 Dec 2026", paper_size=paper)


def _seat(n: int) -> Seat:
    return Seat(n, f"Player {n} Longname-Hyphenated", "Adeptus Mechanicus", "2-0-1", "")


def _lines(page) -> list:
    """Text runs that start at the same point are one line (pypdf splits a line at each font
    change but reports the line's start for every piece)."""
    lines: dict[tuple[float, float], list] = {}
    for run in page:
        if run.size >= SMALLEST_TEXT:
            lines.setdefault((round(run.x, 1), round(run.y, 1)), []).append(run)
    out = []
    for (x, y), runs in lines.items():
        text = "".join(r.text for r in runs)
        size = max(r.size for r in runs)
        width = sum(stringWidth(r.text, BOLD if r.bold else FONT, r.size) for r in runs)
        out.append((x, y, x + width, size, text))
    return out


def assert_no_overprint(pages: list) -> None:
    for number, page in enumerate(pages, start=1):
        lines = _lines(page)
        for i, (x0, y0, x1, s0, t0) in enumerate(lines):
            for x2, y2, x3, s2, t2 in lines[i + 1 :]:
                # Boxes from baseline-descender to cap height, less a hair for rounding.
                low, high = max(y0 - 0.2 * s0, y2 - 0.2 * s2), min(y0 + 0.7 * s0, y2 + 0.7 * s2)
                if high - low > 0.6 and min(x1, x3) - max(x0, x2) > 0.6:
                    raise AssertionError(f"page {number}: {t0!r} prints over {t2!r}")


def _primary_texts(a: str, b: str) -> str:
    parts = []
    for own, other in ((a, b), (b, a)):
        primary = primary_for_matchup(own, other)
        parts.append(primary.name)
        parts += [p.getPlainText() for p in primary_paragraphs(primary, STYLES["tiny"])]
    return " ".join(" ".join(parts).split())


def _eleventh_round(paper: str) -> RoundPrint:
    games = []
    cells = [(a, b) for a in DISPOSITION_IDS for b in DISPOSITION_IDS]
    for table, (a, b) in enumerate(cells, start=1):
        sides = (
            EleventhSide(DISPOSITION_NAMES[a], primary_for_matchup(a, b)),
            EleventhSide(DISPOSITION_NAMES[b], primary_for_matchup(b, a)),
        )
        games.append(
            Pairing(
                table=table,
                a=_seat(2 * table),
                b=_seat(2 * table + 1),
                eleventh=EleventhGame(*sides, "C", layout_for(a, b, "C")),
            )
        )
    return RoundPrint(
        event=_event(paper), number=1, mission=None, pairings=tuple(games), eleventh=True
    )


@pytest.mark.parametrize("paper", PAPERS)
def test_every_primary_pairing_fits_its_scoresheet(paper):
    data = _eleventh_round(paper)
    pages = placed_text(render_round("scoresheets", data))
    assert len(pages) == 25
    assert_no_overprint(pages)
    cells = [(a, b) for a in DISPOSITION_IDS for b in DISPOSITION_IDS]
    for page, (a, b) in zip(pages, cells, strict=True):
        words = _primary_texts(a, b)
        head = min(r.y for r in page if r.text == "Primary (max 15)")
        panel_bottom = head - 5 + GRID_HEAD + GAP
        primaries = [
            r
            for r in page
            if r.size >= SMALLEST_TEXT
            and (
                r.text.startswith(("Player A:", "Player B:"))
                or (len(r.text) > 12 and r.text in words)
            )
        ]
        assert len(primaries) > 4, (a, b)
        low = min(r.y - 0.25 * r.size for r in primaries)
        assert low >= panel_bottom, (a, b, low, panel_bottom)


@pytest.mark.parametrize("paper", PAPERS)
def test_every_primary_pairing_fits_its_table_pack(paper):
    pages = placed_text(render_round("table-packs", _eleventh_round(paper)))
    assert len(pages) == 50
    assert_no_overprint(pages)


def _classic_missions(pack_key: str) -> list:
    pack = get_pack(pack_key)
    seen: dict[str, object] = {}
    for seed in range(3000):
        mission = generate_classic(pack, seed)
        seen.setdefault(mission.mission.key, mission)
    return list(seen.values())


def _round_of(paper: str, mission) -> RoundPrint:
    return RoundPrint(
        event=_event(paper),
        number=1,
        mission=mission,
        pairings=(Pairing(table=1, a=_seat(1), b=_seat(2)),),
    )


@pytest.mark.parametrize("pack_key", ["eighth", "seventh", "only_war"])
@pytest.mark.parametrize("paper", PAPERS)
def test_every_classic_mission_fits_its_scoresheet_and_table_pack(pack_key, paper):
    missions = _classic_missions(pack_key)
    assert len(missions) >= 3
    for mission in missions:
        data = _round_of(paper, classic_mission_info(mission))
        for kind in ("scoresheets", "table-packs"):
            try:
                assert_no_overprint(placed_text(render_round(kind, data)))
            except AssertionError as exc:
                raise AssertionError(f"{kind}, {mission.mission.name}: {exc}") from exc


@pytest.mark.parametrize("paper", PAPERS)
def test_every_leviathan_primary_with_every_mission_rule_fits(paper):
    pack = get_pack("leviathan")
    base = mission_info("leviathan", "A")
    assert pack.primaries
    assert pack.mission_rules
    for primary in pack.primaries:
        for rule in pack.mission_rules:
            info = dataclasses.replace(
                base,
                primary=CardText(primary.name, primary.summary),
                rules=(CardText(rule.name, rule.summary),),
            )
            data = _round_of(paper, info)
            for kind in ("scoresheets", "table-packs"):
                try:
                    assert_no_overprint(placed_text(render_round(kind, data)))
                except AssertionError as exc:
                    raise AssertionError(f"{kind}, {primary.name} + {rule.name}: {exc}") from exc


def _slip_bands(paper: str) -> tuple[float, float, float]:
    """The body's bottom, its top and a slip's height on `paper`."""
    _, height = page_size(_event(paper))
    bottom = MARGIN + FOOTER_H
    top = height - MARGIN - HEADER_H
    return bottom, top, (top - bottom) / SLIPS_PER_PAGE


def _long_seat(n: int) -> Seat:
    name = f"Maximilian-Alexander von Hohenzollern-Sigmaringen the {n}th of Very Long Names"
    return Seat(n, name, "Adeptus Mechanicus and a faction name nobody prints whole", "0-0-0")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("pack", ["eleventh", "leviathan", "eighth"])
def test_every_result_slip_fits_its_place_between_the_cut_lines(paper, pack):
    """Issue 33: the paper pack's result slips, 4 to a page. Every primary pairing (11th),
    a Leviathan and a classic mission, with names too long for their column: no text prints
    over another, none runs past the page's margin or over a cut line into the next slip."""
    if pack == "eleventh":
        data = dataclasses.replace(
            _eleventh_round(paper),
            pairings=tuple(
                dataclasses.replace(p, a=_long_seat(p.table), b=_long_seat(p.table + 100))
                if p.table % 5 == 0
                else p
                for p in _eleventh_round(paper).pairings
            ),
        )
    else:
        info = (
            mission_info("leviathan", "A")
            if pack == "leviathan"
            else classic_mission_info(_classic_missions(pack)[0])
        )
        games = (
            Pairing(table=1, a=_seat(1), b=_seat(2)),
            Pairing(table=2, a=_long_seat(3), b=_long_seat(4)),
            Pairing(table=3, a=_seat(5), b=_long_seat(6)),
        )
        data = dataclasses.replace(_round_of(paper, info), pairings=games)
    pages = placed_text(render_round("slips", data))
    assert len(pages) == -(-len(data.games) // SLIPS_PER_PAGE)
    assert_no_overprint(pages)
    width, _ = page_size(_event(paper))
    bottom, top, slip = _slip_bands(paper)
    tables = []
    for page in pages:
        for x, y, x1, size, text in _lines(page):
            assert x >= MARGIN - 0.5, text
            assert x1 <= width - MARGIN + 0.5, text
            if not bottom < y < top:
                continue  # the page's header and footer
            band_high = int((top - (y + 0.7 * size)) // slip)
            band_low = int((top - (y - 0.2 * size)) // slip)
            assert band_high == band_low, f"{text!r} crosses a cut line"
            if text.startswith("Table "):
                tables.append(int(text.split()[1]))
    assert tables == [p.table for p in data.games]
