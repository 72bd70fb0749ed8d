"""Table packs: per table, the mission map at full width and every card summary.

Two pages per table, and the same two for every table but the table number: both pages are
forms drawn once, so a 500-table pack costs little more than one. When the event publishes
army lists (after its deadline), both players' lists follow on pages of their own.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext, gettext_lazy
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import PageBreak, Paragraph

from tournament.printing.data import Pairing, RoundPrint
from tournament.printing.kit.base import (
    BOLD,
    BRAND,
    FONT,
    LINE,
    MUTED,
    STYLES,
    CanvasPage,
    PrintDocument,
)
from tournament.printing.kit.fit import cut, shrunk
from tournament.printing.kit.mission import (
    card_paragraph,
    draw_label,
    draw_map,
    draw_mission_text,
    draw_no_mission,
    draw_paragraphs,
)

PAGES_PER_TABLE = 2


def corner_width(tables) -> float:
    """How much of the top right corner the widest of these table numbers takes with its label
    (a heading beside it stops short of it)."""
    widest = max((stringWidth(str(t), BOLD, 34) for t in tables if t is not None), default=0)
    return widest + stringWidth(gettext("Table").upper(), BOLD, 9) + 4


def draw_heading(
    canvas: Canvas, text: str, y: float, width: float, *, font: str, size: float, smallest: float
) -> None:
    """A heading line from the left edge, shrunk to end within `width`; at the smallest size
    still too wide, it stops at a word with "…" (the cards below give everything in full)."""
    size = shrunk(text, width, font, size, smallest)
    canvas.setFont(font, size)
    canvas.drawString(0, y, cut(text, width, font, size))


def draw_table_corner(canvas: Canvas, width: float, height: float, game: Pairing) -> None:
    """The table number in the top right corner, "TABLE" before it, the players under it."""
    canvas.setFillColor(BRAND)
    canvas.setFont(BOLD, 34)
    number = str(game.table)
    canvas.drawRightString(width, height - 32, number)
    # The label ends 4 pt before the number, whatever either's width.
    label = gettext("Table")
    label_x = width - stringWidth(number, BOLD, 34) - stringWidth(label.upper(), BOLD, 9) - 4
    draw_label(canvas, label, label_x, height - 32, size=9)
    canvas.setFont(FONT, 8)
    canvas.setFillColor(MUTED)
    players = gettext("%(a)s v %(b)s") % {"a": game.a.name, "b": game.b.name}
    canvas.drawRightString(width, height - 44, players[:70])


class TablePacks(PrintDocument):
    title = gettext_lazy("Table pack")

    def __init__(self, data: RoundPrint, games: tuple[Pairing, ...] | None = None, **kw) -> None:
        super().__init__(data.event, subtitle=data.title, note=data.note, **kw)
        self.data = data
        self.games = data.games if games is None else games

    def story(self) -> list:
        if not self.games:
            return [Paragraph(gettext("No games to print in this round."), STYLES["body"])]
        story = []
        for game in self.games:
            for page in range(PAGES_PER_TABLE):
                if story:
                    story.append(PageBreak())
                story.append(
                    CanvasPage(lambda c, w, h, g=game, p=page: self.draw_page(c, w, h, g, p))
                )
            story.extend(self.army_lists(game))
        return story

    @staticmethod
    def army_lists(game: Pairing) -> list:
        """Both players' lists as the print hooks give them (empty unless published); lines kept."""
        seats = [s for s in (game.a, game.b) if s is not None and s.army_list]
        if not seats:
            return []
        head = gettext("Table %(number)s: army lists") % {"number": game.table}
        story = [PageBreak(), Paragraph(escape(head), STYLES["h2"])]
        for seat in seats:
            story.append(Paragraph(escape(f"{seat.name} ({seat.faction})"), STYLES["card_name"]))
            # Leading spaces kept (a parsed list indents its wargear under each unit).
            lines = "<br/>".join(_kept_indent(escape(line)) for line in seat.army_list.splitlines())
            story.append(Paragraph(lines, STYLES["small"]))
        return story

    def draw_page(
        self, canvas: Canvas, width: float, height: float, game: Pairing, page: int
    ) -> None:
        name, draw = (("map", self.draw_map_page), ("cards", self.draw_cards_page))[page]
        self.form(canvas, name, lambda c: draw(c, width, height))
        draw_table_corner(canvas, width, height, game)

    def draw_map_page(self, canvas: Canvas, width: float, height: float) -> None:
        mission = self.data.mission
        if mission is None:
            draw_no_mission(canvas, 0, height - 60)
            return
        # Beside the table number (drawn on each table's page over this form): both lines
        # stop short of the widest number of the pack.
        room = width - corner_width(g.table for g in self.games) - 8
        canvas.setFillColor(BRAND)
        title = gettext("Mission %(code)s: %(primary)s") % {
            "code": mission.code,
            "primary": mission.primary.name,
        }
        draw_heading(canvas, title, height - 20, room, font=BOLD, size=17, smallest=11)
        canvas.setFillColor(MUTED)
        rules = ", ".join(r.name for r in mission.rules)
        line = gettext("Deployment: %(deployment)s · mission rule: %(rules)s") % {
            "deployment": mission.deployment,
            "rules": rules,
        }
        draw_heading(canvas, line, height - 34, room, font=FONT, size=10, smallest=7)
        map_top = height - 54
        # A classic pack's table is 72" by 48" (its drawing 74 by 50 with the margin).
        ratio = 50 / 74 if mission.classic else 46 / 62
        drawn = draw_map(canvas, mission, 0, map_top - width * ratio, width)
        canvas.setFont(FONT, 7)
        canvas.drawString(
            0,
            map_top - drawn - 10,
            gettext(
                'Objective markers with their 3" control '
                'range; grid in 6" squares. Check the pack for terrain.'
            ),
        )
        canvas.setStrokeColor(LINE)
        canvas.line(0, map_top - drawn - 16, width, map_top - drawn - 16)
        draw_mission_text(canvas, mission, 0, map_top - drawn - 22, width)

    def draw_cards_page(self, canvas: Canvas, width: float, height: float) -> None:
        mission = self.data.mission
        if mission is None:
            draw_no_mission(canvas, 0, height - 60)
            return
        canvas.setFont(BOLD, 15)
        canvas.setFillColor(BRAND)
        canvas.drawString(
            0,
            height - 20,
            gettext("Bonus objectives")
            if mission.classic
            else gettext("Secondary missions and gambits"),
        )
        col = (width - 16) / 2
        cards = [*mission.secondaries]
        half = (len(cards) + 1) // 2
        top = height - 52
        draw_paragraphs(
            canvas, [card_paragraph(c, "small") for c in cards[:half]], 0, top, col, gap=4
        )
        y = draw_paragraphs(
            canvas, [card_paragraph(c, "small") for c in cards[half:]], col + 16, top, col, gap=4
        )
        if not mission.gambits:
            return
        gambits = gettext("Gambits (chosen at the start of battle round 3)")
        draw_label(canvas, gambits, col + 16, y - 8)
        draw_paragraphs(
            canvas,
            [card_paragraph(c, "small") for c in mission.gambits],
            col + 16,
            y - 14,
            col,
            gap=4,
        )


def _kept_indent(line: str) -> str:
    """A line with its leading spaces as non-breaking ones, which a paragraph does not drop."""
    stripped = line.lstrip(" ")
    return "&nbsp;" * (len(line) - len(stripped)) + stripped
