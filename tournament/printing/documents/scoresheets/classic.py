"""Scoresheets of the classic packs (8th, 7th edition, Only War).

The same band of table and players as Leviathan's sheet, then the rolled mission with its map,
a score grid with a row per battle round up to the pack's last possible one (7 in 8th and 7th
edition: the game may go on after round 5), the bonus objectives to tick (Slay the Warlord,
First Blood, Linebreaker) and the totals by the pack's scoring parts. No Leviathan caps: these
packs have none. A Maelstrom of War mission adds a second page per game: each player's
Tactical Objective log (turn, D66 rolled, objective, achieved or discarded, VP).
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import PageBreak

from missions.scoring.rules import scoring_rules
from tournament.printing.data import Pairing, RoundPrint
from tournament.printing.documents.scoresheets.leviathan import (
    GAP,
    Scoresheets,
    _box,
    _tick,
    battle_rounds,
    player_labels,
)
from tournament.printing.kit.base import (
    BOLD,
    BRAND,
    BRAND_TINT,
    FONT,
    INK,
    LINE,
    MUTED,
    ZEBRA,
    CanvasPage,
)
from tournament.printing.kit.mission import draw_label, draw_map, draw_mission_text

BONUS_H = 56
GOES_ON = gettext_lazy("if the game goes on")
LOG_ROWS = 16  # Tactical Objectives a player may log: top-ups over up to 7 turns
LOG_HEAD = 18


class ClassicScoresheets(Scoresheets):
    mission_h = 150

    def __init__(self, data: RoundPrint, games: tuple[Pairing, ...] | None = None, **kw) -> None:
        super().__init__(data, games, **kw)
        mission = data.mission
        self.rounds = mission.max_battle_rounds
        self.rules = scoring_rules(mission.mission.pack.key)
        rows = self.rounds + 1
        fixed = 84 + self.mission_h + 30 + 14 + BONUS_H + 44 + 5 * GAP
        self.row = min(22.0, (self.height - 1 - fixed) / rows)

    @classmethod
    def pages_per_game(cls, data: RoundPrint) -> int:
        return 2 if data.mission is not None and data.mission.maelstrom else 1

    def story(self) -> list:
        if not self.games or not self.data.mission.maelstrom:
            return super().story()
        story = []
        for game in self.games:
            if story:
                story.append(PageBreak())
            story.append(CanvasPage(lambda c, w, h, g=game: self.draw_game(c, h, g)))
            story.append(PageBreak())
            story.append(CanvasPage(lambda c, w, h, g=game: self.draw_log(c, h, g)))
        return story

    # The mission and the grid ------------------------------------------------------------------
    def draw_mission(self, canvas: Canvas, top: float) -> None:
        h = self.mission_h
        _box(canvas, 0, top - h, self.width, h)
        mission = self.data.mission
        map_w = (h - 8) * 74 / 50
        drawn = draw_map(canvas, mission, 4, top - h + 4, map_w, max_height=h - 8)
        text_x = map_w + 14 if drawn else 10
        draw_mission_text(
            canvas, mission, text_x, top - 4, self.width - text_x - 10, bottom=top - h + 2
        )

    def draw_grid(self, canvas: Canvas, top: float) -> float:
        maelstrom = self.data.mission.maelstrom
        first = gettext("Tactical Objectives VP") if maelstrom else gettext("Mission VP")
        rows = battle_rounds(self.rounds)
        rows.append(gettext("Total"))
        goes_on = str(GOES_ON)
        head = 30
        height = head + self.row * len(rows)
        bottom = top - height
        canvas.setFillColor(BRAND_TINT)
        canvas.rect(0, top - head, self.width, head, stroke=0, fill=1)
        for r, label in enumerate(rows):
            y = top - head - (r + 1) * self.row
            if r % 2 == 1:
                canvas.setFillColor(ZEBRA)
                canvas.rect(0, y, self.width, self.row, stroke=0, fill=1)
            canvas.setFillColor(INK)
            canvas.setFont(BOLD if r == len(rows) - 1 else FONT, 8.5)
            canvas.drawString(6, y + self.row / 2 - 3, label)
            if 5 <= r < self.rounds:
                # After the label, shrunk to end inside the label column (it ran over the line).
                start = 6 + stringWidth(label, FONT, 8.5) + 4
                size = min(6.5, 6.5 * (self.col_x(1) - 4 - start) / stringWidth(goes_on, FONT, 6.5))
                canvas.setFont(FONT, size)
                canvas.setFillColor(MUTED)
                canvas.drawString(start, y + self.row / 2 - 3, goes_on)
        canvas.setFont(BOLD, 7)
        canvas.setFillColor(BRAND)
        for c in range(4):
            x0, x1 = self.col_x(c + 1), self.col_x(c + 2)
            label = first if c % 2 == 0 else gettext("Running total")
            canvas.drawCentredString((x0 + x1) / 2, top - head + 5, label)
        self.draw_grid_lines(canvas, top, head, len(rows))
        canvas.setFont(FONT, 7)
        canvas.setFillColor(MUTED)
        canvas.drawString(0, bottom - 10, self.sheet_summary())
        return bottom - 12

    def sheet_parts(self) -> list:
        """The pack's scoring parts this mission uses: an Eternal War mission scores no
        Tactical Objectives and a Maelstrom mission no primary (the pack's rules allow both,
        since one event's rounds may mix them)."""
        skip = "primary" if self.data.mission.maelstrom else "tactical"
        parts = [p for p in self.rules.parts if p.name != skip]
        return parts or list(self.rules.parts)

    def sheet_summary(self) -> str:
        if self.rules.key not in ("eighth", "seventh"):
            return self.rules.summary
        earned = (
            gettext("Tactical Objective VP")
            if self.data.mission.maelstrom
            else gettext("mission VP")
        )
        bonuses = ", ".join(self.data.mission.bonuses)
        extra = gettext(" + 1 VP each for %(bonuses)s") % {"bonuses": bonuses} if bonuses else ""
        return gettext("No cap on the total: %(earned)s. Most VP wins; equal VP draws.") % {
            "earned": earned + extra
        }

    def draw_choices(self, canvas: Canvas, top: float) -> None:
        w = (self.width - GAP) / 2
        h = BONUS_H
        bonuses = self.data.mission.bonuses
        words = {
            "primary": gettext("Mission"),
            "secondary": gettext("Bonus"),
            "tactical": gettext("Tactical"),
        }
        parts = " + ".join(
            f"{words.get(p.name, p.name.capitalize())} ____" for p in self.sheet_parts()
        )
        for i, label in enumerate(player_labels()):
            x = i * (w + GAP)
            _box(canvas, x, top - h, w, h)
            if bonuses:
                head = gettext("%(player)s · bonus objectives, 1 VP each") % {"player": label}
                draw_label(canvas, head, x + 8, top - 12)
                nxt = x + 8
                for bonus in bonuses:
                    nxt = _tick(canvas, nxt, top - 27, bonus, size=7.5)
            else:
                head = gettext("%(player)s · no bonus objectives") % {"player": label}
                draw_label(canvas, head, x + 8, top - 12)
            canvas.setFont(FONT, 8)
            canvas.setFillColor(INK)
            total = gettext("%(parts)s = ____ VP") % {"parts": parts}
            canvas.drawString(x + 8, top - 46, total[:90])
        self.draw_signatures(
            canvas,
            top - h - GAP,
            gettext("Result (win, loss or draw by VP)"),
            gettext("Result (by VP)"),
        )

    # The Tactical Objective log (Maelstrom of War) ----------------------------------------------
    def draw_log(self, canvas: Canvas, height: float, game: Pairing) -> None:
        self.form(canvas, "to-log", lambda c: self.draw_log_form(c, height))
        canvas.setFillColor(BRAND)
        canvas.setFont(BOLD, 14)
        table = gettext("Table %(number)s") % {"number": game.table or "–"}
        canvas.drawRightString(self.width, height - 16, table)
        canvas.setFillColor(INK)
        canvas.setFont(BOLD, 9)
        block = (height - 40) / 2
        for i, seat in enumerate((game.a, game.b)):
            top = height - 34 - i * block
            canvas.drawString(110, top - 10, seat.name[:50])

    def draw_log_form(self, canvas: Canvas, height: float) -> None:
        mission = self.data.mission
        canvas.setFillColor(BRAND)
        canvas.setFont(BOLD, 14)
        title = gettext("Tactical Objective log · %(mission)s") % {"mission": mission.name}
        canvas.drawString(0, height - 16, title)
        canvas.setFont(FONT, 7.5)
        canvas.setFillColor(MUTED)
        canvas.drawString(0, height - 27, mission.tactical_rule[:150])
        block = (height - 40) / 2
        cols = (
            (gettext("Turn"), 40),
            (gettext("D66 rolled"), 60),
            (gettext("Tactical Objective"), 0),
        )
        tail = ((gettext("Achieved"), 56), (gettext("Discarded"), 56), (gettext("VP"), 44))
        fixed = sum(w for _, w in cols + tail)
        widths = [w or self.width - fixed for _, w in cols] + [w for _, w in tail]
        names = [n for n, _ in cols + tail]
        for i, label in enumerate(player_labels()):
            top = height - 34 - i * block
            draw_label(canvas, label, 0, top - 10, size=8)
            self._log_table(canvas, top - 16, block - 24, widths, names)

    def _log_table(self, canvas: Canvas, top: float, height: float, widths, names) -> None:
        row = (height - LOG_HEAD) / (LOG_ROWS + 1)
        canvas.setFillColor(BRAND_TINT)
        canvas.rect(0, top - LOG_HEAD, self.width, LOG_HEAD, stroke=0, fill=1)
        canvas.setFont(BOLD, 7)
        canvas.setFillColor(BRAND)
        x = 0
        for name, w in zip(names, widths, strict=True):
            canvas.drawCentredString(x + w / 2, top - LOG_HEAD + 6, name)
            x += w
        canvas.setStrokeColor(LINE)
        canvas.setLineWidth(0.5)
        bottom = top - LOG_HEAD - row * (LOG_ROWS + 1)
        for r in range(LOG_ROWS + 2):
            y = top - LOG_HEAD - r * row
            canvas.line(0, y, self.width, y)
        x = 0
        for w in widths[:-1]:
            x += w
            canvas.line(x, bottom, x, top)
        canvas.setFont(BOLD, 8)
        canvas.setFillColor(INK)
        canvas.drawString(6, bottom + row / 2 - 3, gettext("Tactical Objectives VP in all"))
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(1.2)
        canvas.rect(0, bottom, self.width, top - bottom, stroke=1, fill=0)
