"""Scoresheets keep a long name inside its panel (wrapped at a space or hyphen, or smaller)
and never under the next panel or the public QR code; the pairings PDF names the round's
mission rule."""

from __future__ import annotations

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.tournament.printing.helpers import pair_in_order, pdf_pages
from tournament.printing.documents.scoresheets import leviathan as scoresheet
from tournament.printing.render import render_round
from tournament.services.documents.printing import print_document, print_round_data
from tournament.services.players.players import player_register

pytestmark = pytest.mark.django_db

LONG = "Anne-Sophie Ébérhardt-Ørsted"  # 28 characters, two hyphens, accents
WORST = "Wilhelminakonstantinopolis"  # one 26-letter word: it can only shrink
NAMES = [LONG, "Bo Li", WORST, "Marie-Hélène Dupont-Aignan"]


@pytest.fixture
def long_named(event, organiser):
    players = [player_register(event=event, user=organiser, name=n, faction="Orks") for n in NAMES]
    return pair_in_order(event, organiser, players)


def _drawn(monkeypatch, data) -> tuple[list, list]:
    """Render the scoresheets, recording each string drawn (with its font) and each QR code."""
    texts, codes = [], []
    original = scoresheet.Canvas.drawString

    def draw_string(canvas, x, y, text, *args, **kwargs):
        texts.append((x, y, text, canvas._fontname, canvas._fontsize))
        return original(canvas, x, y, text, *args, **kwargs)

    def draw_qr(canvas, link, x, y, size):
        codes.append((x, y, size))

    monkeypatch.setattr(scoresheet.Canvas, "drawString", draw_string)
    monkeypatch.setattr(scoresheet, "draw_qr", draw_qr)
    render_round("scoresheets", data)
    return texts, codes


def _runs_of(texts: list, name: str) -> list:
    """The one to three consecutive strings drawn that spell `name` (a wrapped name's lines),
    first found; spaces at a line break do not count."""
    wanted = name.replace(" ", "")
    for start in range(len(texts)):
        for count in (1, 2, 3):
            runs = texts[start : start + count]
            if "".join(r[2] for r in runs).replace(" ", "") == wanted:
                return runs
    return []


def test_a_long_name_stays_inside_its_panel(monkeypatch, event, long_named):
    data = print_round_data(event=event, round_number=1)
    texts, codes = _drawn(monkeypatch, data)
    assert len(codes) == 1  # the public pairings' code, drawn once in the sheet's form
    sheet = scoresheet.Scoresheets(data)
    panels = [
        scoresheet.TABLE_W + scoresheet.GAP + i * (sheet.panel_w + scoresheet.GAP) for i in (0, 1)
    ]
    qr_left = codes[0][0]
    for name in NAMES:
        lines = _runs_of(texts, name)
        assert lines, f"{name} is not drawn whole on its scoresheet"
        edge = min(p + sheet.panel_w for p in panels if p + sheet.panel_w > lines[0][0])
        for x, _y, text, font, size in lines:
            right = x + stringWidth(text, font, size)
            assert right <= edge - 8, f"{text!r} runs out of its panel ({right} > {edge})"
            assert right <= qr_left - 2, f"{text!r} runs under the QR code ({right} > {qr_left})"
            assert size >= 7, f"{text!r} is too small to read ({size} pt)"


def test_the_pairings_pdf_names_the_mission_rule(event, organiser, long_named):
    rule = print_round_data(event=event, round_number=1).mission.rules[0].name
    assert rule == "Scrambler Fields"  # pool mission C
    for kind in ("pairings", "pairings-alpha"):
        text = " ".join(pdf_pages(print_document(event=event, kind=kind, round_number=1)))
        assert f"Mission rule: {rule}" in " ".join(text.split())
