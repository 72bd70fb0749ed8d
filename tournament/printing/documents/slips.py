"""Result slips: one per table, several to an A4 or letter page with cut lines between them.

The paper fallback when phones, wifi or the server fail: the judge hands each table its slip,
the players write their VP, tick the winner and both sign, and the staff type the slips into
the results board later. A slip names only what is public (table, players, factions, the
mission or each player's own primary and the layout): never a private link or QR code.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import PageBreak, Paragraph

from tournament.printing.data import EleventhSide, Pairing, RoundPrint, Seat
from tournament.printing.kit.base import (
    BOLD,
    BRAND,
    FONT,
    INK,
    LINE,
    MUTED,
    STYLES,
    CanvasPage,
    PrintDocument,
)
from tournament.printing.kit.fit import cut, shrunk

# Four slips to a page: each is a quarter of the body (172 pt on A4, 159 pt on letter), which
# holds the slip's 141 pt of content on either paper
# (tests/tournament/printing/test_every_card_fits.py).
SLIPS_PER_PAGE = 4
PAD = 7
GAP = 16  # between the two players' columns
VP_BOX = (58, 20)
TICK = 10


def slip_mission(data: RoundPrint, p: Pairing) -> str:
    """What the table plays, as the scoresheets name it: the round's mission, or (11th
    edition) the table's layout and, when the data lacks it, the card to set it up from."""
    if p.eleventh is not None:
        card = p.eleventh.layout_card
        return p.eleventh.layout_words + (f" · {card}" if card else "")
    if data.mission is not None:
        return gettext("Mission %(title)s") % {"title": data.mission.title}
    return gettext("Mission to be announced")


class ResultSlips(PrintDocument):
    title = gettext_lazy("Result slips")

    def __init__(self, data: RoundPrint, *, games: tuple[Pairing, ...] | None = None, **kw):
        subtitle = gettext("%(round)s · one slip per table") % {"round": data.title}
        super().__init__(data.event, subtitle=subtitle, **kw)
        self.data = data
        self.games = data.games if games is None else games

    @staticmethod
    def pages_for(games: int) -> int:
        return -(-games // SLIPS_PER_PAGE)

    def story(self) -> list:
        if not self.games:  # a round of byes only: the slips say so rather than print nothing
            return [Paragraph(gettext("No table has a game this round."), STYLES["h2"])]
        story: list = []
        for start in range(0, len(self.games), SLIPS_PER_PAGE):
            chunk = self.games[start : start + SLIPS_PER_PAGE]
            if story:
                story.append(PageBreak())
            story.append(CanvasPage(lambda c, w, h, chunk=chunk: self._draw_page(c, w, h, chunk)))
        return story

    def _draw_page(self, c: Canvas, width: float, height: float, games) -> None:
        slip_h = height / SLIPS_PER_PAGE
        for i, p in enumerate(games):
            top = height - i * slip_h
            if i:
                self._cut_line(c, width, top)
            self._draw_slip(c, width, top, p)

    @staticmethod
    def _cut_line(c: Canvas, width: float, y: float) -> None:
        c.saveState()
        c.setStrokeColor(MUTED)
        c.setLineWidth(0.5)
        c.setDash(4, 3)
        c.line(0, y, width, y)
        c.restoreState()

    def _draw_slip(self, c: Canvas, width: float, top: float, p: Pairing) -> None:
        y = top - PAD - 14
        c.setFillColor(INK)
        c.setFont(BOLD, 16)
        table = gettext("Table %(number)s") % {"number": p.table if p.table is not None else "–"}
        c.drawString(0, y, table)
        c.setFont(BOLD, 9)
        c.setFillColor(BRAND)
        c.drawRightString(width, y, gettext("%(round)s · Result slip") % {"round": self.data.title})
        y -= 14
        mission = slip_mission(self.data, p)
        size = shrunk(mission, width, FONT, 8.5, 6.5)
        c.setFont(FONT, size)
        c.setFillColor(INK)
        c.drawString(0, y, cut(mission, width, FONT, size))
        column = (width - GAP) / 2
        sides = (p.eleventh.a, p.eleventh.b) if p.eleventh else (None, None)
        for x, seat, side, label in ((0, p.a, sides[0], "A"), (column + GAP, p.b, sides[1], "B")):
            self._draw_player(c, (x, y, column), seat, side, label)
        bottom = top - PAD - 141
        c.setFont(FONT, 7.5)
        c.setFillColor(MUTED)
        c.drawString(0, bottom + 2, gettext("Judge (name, if called)"))
        c.drawString(
            width / 2 + GAP / 2, bottom + 2, gettext("Entered on the results board (initials)")
        )
        c.setStrokeColor(LINE)
        c.setLineWidth(0.6)
        c.line(88, bottom, width / 2 - GAP / 2, bottom)
        c.line(width / 2 + GAP / 2 + 150, bottom, width, bottom)

    @staticmethod
    def _draw_player(
        c: Canvas, box: tuple[float, float, float], seat: Seat, side: EleventhSide | None, label
    ) -> None:
        """One player's column: `box` is its left edge, the line above it and its width."""
        x, y, width = box
        y -= 16
        size = shrunk(seat.name, width, BOLD, 11, 7)
        c.setFont(BOLD, size)
        c.setFillColor(INK)
        c.drawString(x, y, cut(seat.name, width, BOLD, size))
        y -= 10
        c.setFont(FONT, 7.5)
        c.setFillColor(MUTED)
        faction = gettext("Player %(side)s") % {"side": label} + (
            f" · {seat.faction}" if seat.faction else ""
        )
        c.drawString(x, y, cut(faction, width, FONT, 7.5))
        y -= 10
        if side is not None:
            words = (
                gettext("Primary: %(name)s") % {"name": side.primary.name}
                if side.primary
                else gettext("Primary: to be set")
            )
            c.setFont(FONT, 7.5)
            c.setFillColor(BRAND)
            c.drawString(x, y, cut(words, width, FONT, 7.5))
        # VP box and the winner's tick, side by side.
        box_w, box_h = VP_BOX
        y -= 6 + box_h
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.setFont(BOLD, 8)
        c.setFillColor(INK)
        c.drawString(x, y + 6, gettext("VP"))
        c.rect(x + 18, y, box_w, box_h, stroke=1, fill=0)
        c.rect(x + 18 + box_w + 16, y + (box_h - TICK) / 2, TICK, TICK, stroke=1, fill=0)
        c.setFont(FONT, 8)
        c.drawString(x + 18 + box_w + 16 + TICK + 4, y + 6, gettext("Winner"))
        y -= 22
        c.setFont(FONT, 7.5)
        c.setFillColor(MUTED)
        c.drawString(x, y, gettext("Signature"))
        c.setStrokeColor(LINE)
        c.setLineWidth(0.6)
        c.line(x + 40, y - 1, x + width, y - 1)
