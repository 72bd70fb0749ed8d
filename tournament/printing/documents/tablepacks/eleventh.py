"""Table packs of 11th-edition games: per table, the layout's map at full width with its
objectives, then each player's own primary in full and the secondary deck.

Tables differ in what they play (the two primaries, the layout), so the pages are drawn per
table; the map is one form per layout and the deck one form per PDF, which keeps a big round's
pack small."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from missions.render.eleventh import draw_layout, fitted_drawing, title
from tournament.printing.data import Pairing
from tournament.printing.documents.tablepacks.leviathan import TablePacks, draw_table_corner
from tournament.printing.documents.tablepacks.texts import (
    missing_layout_paragraphs,
    primary_paragraphs,
    secondary_paragraphs,
)
from tournament.printing.kit.base import BOLD, BRAND, FONT, INK, LINE, MUTED, STYLES
from tournament.printing.kit.mission import draw_label, draw_paragraphs

OBJECTIVES_NOTE = gettext_lazy(
    "Objectives are terrain areas carrying a marker: a model is in range while within the "
    "area; measure to the area or the marker. The roll-off winner picks Attacker or Defender; "
    "set the table's edges as the map shows."
)


class EleventhTablePacks(TablePacks):
    def draw_page(
        self, canvas: Canvas, width: float, height: float, game: Pairing, page: int
    ) -> None:
        if page == 0:
            self.draw_layout_page(canvas, width, height, game)
        else:
            self.draw_primaries_page(canvas, width, height, game)
        draw_table_corner(canvas, width, height, game)

    def draw_layout_page(self, canvas: Canvas, width: float, height: float, game: Pairing) -> None:
        matchup = game.eleventh
        canvas.setFont(BOLD, 17)
        canvas.setFillColor(BRAND)
        canvas.drawString(0, height - 20, matchup.layout_words if matchup else gettext("Layout"))
        if matchup is None or matchup.layout is None:
            canvas.setFont(FONT, 10)
            canvas.setFillColor(MUTED)
            known = matchup is not None and matchup.letter
            canvas.drawString(
                0,
                height - 40,
                gettext("Its map follows once both dispositions are recorded.")
                if known
                else gettext("The organiser names this table's layout."),
            )
            return
        layout = matchup.layout
        canvas.setFont(FONT, 10)
        canvas.setFillColor(MUTED)
        canvas.drawString(0, height - 34, title(layout, gettext))
        if matchup.layout_card:
            # No map to draw (not a blank board): where the table is set up from.
            words = missing_layout_paragraphs(
                matchup.letter, matchup.layout_card, layout.edges_text, STYLES["h2"]
            )
            draw_paragraphs(canvas, words, 0, height - 60, width, gap=8)
            return
        map_top = height - 54
        box_h = map_top - 150
        key = f"layout-page:{layout.pairing}:{layout.letter}"
        self.form(
            canvas,
            key,
            lambda c: draw_layout(
                c, layout, 0, map_top - box_h, width=width, height=box_h, translate=gettext
            ),
        )
        y = map_top - fitted_drawing(layout, width=width, height=box_h, translate=gettext).height
        y -= 8
        canvas.setStrokeColor(LINE)
        canvas.line(0, y, width, y)
        lines = [
            Paragraph(
                gettext("%(objectives)s (marker, inches from the top-left corner): %(markers)s")
                % {
                    "objectives": f"<b>{gettext('Objectives')}</b>",
                    "markers": "; ".join(
                        f"{o.label} {o.marker[0]:g}, {o.marker[1]:g}" for o in layout.objectives
                    ),
                },
                STYLES["small"],
            ),
            Paragraph(str(OBJECTIVES_NOTE), STYLES["small"]),
        ]
        draw_paragraphs(canvas, lines, 0, y - 6, width, gap=3)

    def draw_primaries_page(
        self, canvas: Canvas, width: float, height: float, game: Pairing
    ) -> None:
        canvas.setFont(BOLD, 15)
        canvas.setFillColor(BRAND)
        canvas.drawString(0, height - 20, gettext("Each player's own primary"))
        matchup = game.eleventh
        col = (width - 16) / 2
        top = height - 52
        for i, (seat, side) in enumerate(
            ((game.a, matchup.a if matchup else None), (game.b, matchup.b if matchup else None))
        ):
            x = i * (col + 16)
            head = f"{seat.name}" + (f" · {side.disposition}" if side and side.disposition else "")
            canvas.setFont(BOLD, 9)
            canvas.setFillColor(INK)
            canvas.drawString(x, top, head[:60])
            if side is None or side.primary is None:
                text = gettext("Primary unknown until both players' dispositions are recorded.")
                draw_paragraphs(canvas, [Paragraph(text, STYLES["small"])], x, top - 6, col)
            else:
                paragraphs = [
                    Paragraph(f"<b>{side.primary.name}</b>", STYLES["card_name"]),
                    *primary_paragraphs(side.primary, STYLES["small"]),
                ]
                draw_paragraphs(canvas, paragraphs, x, top - 6, col, gap=2)
        # The deck is the same on every table: one form, set at the foot of the page.
        self.form(canvas, "deck", lambda c: self.draw_deck(c, width))

    @staticmethod
    def draw_deck(canvas: Canvas, width: float) -> None:
        cards = secondary_paragraphs(STYLES["tiny"])
        col = (width - 16) / 2
        half = (len(cards) + 1) // 2
        columns = (cards[:half], cards[half:])
        tall = max(sum(p.wrap(col, 10_000)[1] + 2 for p in c) for c in columns)
        top = tall + 16
        canvas.setStrokeColor(LINE)
        canvas.line(0, top + 4, width, top + 4)
        deck = gettext("The secondary deck (%(count)s cards)") % {"count": len(cards)}
        draw_label(canvas, deck, 0, top - 8)
        draw_paragraphs(canvas, columns[0], 0, top - 14, col, gap=2)
        draw_paragraphs(canvas, columns[1], col + 16, top - 14, col, gap=2)
