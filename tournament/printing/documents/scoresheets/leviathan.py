"""Scoresheets: one page per game. Everything but the names is one form drawn once per PDF."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import PageBreak, Paragraph

from missions.pack.scoring import ScoreCaps
from tournament.printing.data import Pairing, RoundPrint, Seat
from tournament.printing.kit.base import (
    BOLD,
    BRAND,
    BRAND_TINT,
    FONT,
    INK,
    LINE,
    MUTED,
    STYLES,
    ZEBRA,
    CanvasPage,
    PrintDocument,
)
from tournament.printing.kit.fit import fit_lines
from tournament.printing.kit.mission import draw_label, draw_map, draw_mission_text, draw_no_mission
from tournament.printing.kit.qr import draw_qr

DEFAULT_CAPS = ScoreCaps(
    primary_and_gambit=50, secondary=40, per_fixed_card=20, battle_ready=10, total=100
)
BAND_H = 84  # table number and player panels
TABLE_W = 74
QR = 56
# The code of the round's public pairings, in its own box right of the players: one per
# sheet, and never a player's private link (the sheet lies on a table both players share).
QR_BOX = QR + 16
GAP = 9
GRID_HEAD = 30
GRID_ROWS = 8
CHOICES_H = 62


def player_labels() -> tuple[str, str]:
    return gettext("Player A"), gettext("Player B")


def secondaries_label(player: str) -> str:
    return gettext("%(player)s · secondary missions") % {"player": player}


def battle_rounds(count: int) -> list[str]:
    """The score grid's first rows: "Battle round 1" to `count`."""
    return [gettext("Battle round %(number)s") % {"number": n} for n in range(1, count + 1)]


def _box(canvas: Canvas, x: float, y: float, w: float, h: float, *, fill=None) -> None:
    canvas.setStrokeColor(LINE)
    canvas.setLineWidth(0.8)
    if fill is not None:
        canvas.setFillColor(fill)
    canvas.roundRect(x, y, w, h, 4, stroke=1, fill=int(fill is not None))


def _tick(canvas: Canvas, x: float, y: float, label: str, size: float = 8) -> float:
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.7)
    canvas.rect(x, y - 1, 8, 8, stroke=1, fill=0)
    canvas.setFillColor(INK)
    canvas.setFont(FONT, size)
    canvas.drawString(x + 11, y, label)
    return x + 11 + canvas.stringWidth(label, FONT, size) + 10


class Scoresheets(PrintDocument):
    title = gettext_lazy("Scoresheet")

    def __init__(self, data: RoundPrint, games: tuple[Pairing, ...] | None = None, **kw) -> None:
        super().__init__(data.event, subtitle=data.title, note=data.note, **kw)
        self.data = data
        self.games = data.games if games is None else games
        self.qr_w = QR_BOX + GAP if data.public_link else 0
        self.panel_w = (self.width - TABLE_W - 2 * GAP - self.qr_w) / 2
        # Letter is shorter than A4: the grid's rows take whatever height is left.
        fixed = BAND_H + self.mission_h + GRID_HEAD + 14 + CHOICES_H + 44 + 4 * GAP
        self.row = min(24.0, (self.height - 1 - fixed) / GRID_ROWS)

    def story(self) -> list:
        if not self.games:
            return [Paragraph(gettext("No games to print in this round."), STYLES["body"])]
        story = []
        for game in self.games:
            if story:
                story.append(PageBreak())
            story.append(CanvasPage(lambda c, w, h, g=game: self.draw_game(c, h, g)))
        return story

    # Per game: only what differs from table to table --------------------------------------------
    def draw_game(self, canvas: Canvas, height: float, game: Pairing) -> None:
        self.form(canvas, "sheet", lambda c: self.draw_sheet(c, height))
        top = height - BAND_H
        canvas.setFillColor(BRAND)
        canvas.setFont(BOLD, 30 if (game.table or 0) < 1000 else 22)
        canvas.drawCentredString(TABLE_W / 2, top + 22, str(game.table or "–"))
        for i, (seat, side) in enumerate(((game.a, "a"), (game.b, "b"))):
            x = TABLE_W + GAP + i * (self.panel_w + GAP)
            self.draw_seat(
                canvas, seat, x, top, None if game.attacker is None else game.attacker == side
            )
        canvas.setFont(BOLD, 8)
        canvas.setFillColor(INK)
        grid_top = self.grid_top(height)
        for i, seat in enumerate((game.a, game.b)):
            x0, x1 = self.col_x(1 + 2 * i), self.col_x(3 + 2 * i)
            name = seat.name if len(seat.name) < 34 else seat.name[:32] + "…"
            canvas.drawCentredString((x0 + x1) / 2, grid_top - 11, name)

    def draw_seat(
        self, canvas: Canvas, seat: Seat, x: float, top: float, attacker: bool | None
    ) -> None:
        # The text column spans the panel: a long name wraps or shrinks to fit.
        text_w = self.panel_w - 8 - 8 - 6
        canvas.setFillColor(INK)
        size, lines = fit_lines(seat.name, text_w, BOLD)
        if len(lines) == 1:
            canvas.setFont(BOLD, size)
            canvas.drawString(x + 8, top + BAND_H - 30, lines[0])
            below = 0.0
        else:
            canvas.setFont(BOLD, size)
            for i, line in enumerate(lines):
                canvas.drawString(x + 8, top + BAND_H - 24 - i * (size + 1), line)
            below = 2.0  # the faction and record move down a little under two lines
        faction_size, (faction,) = fit_lines(
            seat.faction, text_w, FONT, one_line=(9.0, 8.0, 7.0), two_lines=()
        )
        canvas.setFont(FONT, faction_size)
        canvas.setFillColor(MUTED)
        canvas.drawString(x + 8, top + BAND_H - 43 - below, faction)
        canvas.setFillColor(INK)
        canvas.setFont(BOLD, 9)
        record = gettext("Record %(record)s") % {"record": seat.record}
        canvas.drawString(x + 8, top + BAND_H - 57 - below, record)
        if attacker is not None:
            # Mark the box the pre-printed "Attacker"/"Defender" tick sits in.
            bx = x + 8 if attacker else x + 66
            canvas.setStrokeColor(BRAND)
            canvas.setLineWidth(1.4)
            canvas.line(bx + 1, top + 8, bx + 7, top + 14)
            canvas.line(bx + 1, top + 14, bx + 7, top + 8)

    # Once per PDF: frames, the mission, the grid, the choices and the signatures ---------------
    def col_x(self, i: int) -> float:
        label = 128
        return 0 if i == 0 else label + (i - 1) * (self.width - label) / 4

    def grid_top(self, height: float) -> float:
        return height - BAND_H - GAP - self.mission_h - GAP

    @property
    def caps(self) -> ScoreCaps:
        return self.data.mission.caps if self.data.mission else DEFAULT_CAPS

    mission_h = 176

    def draw_sheet(self, canvas: Canvas, height: float) -> None:
        top = height - BAND_H
        _box(canvas, 0, top, TABLE_W, BAND_H, fill=BRAND_TINT)
        draw_label(canvas, gettext("Table"), 8, top + BAND_H - 13)
        number = gettext("Round %(number)s") % {"number": self.data.number}
        draw_label(canvas, number, 8, top + 8, colour=MUTED)
        for i, label in enumerate(player_labels()):
            x = TABLE_W + GAP + i * (self.panel_w + GAP)
            _box(canvas, x, top, self.panel_w, BAND_H)
            draw_label(canvas, label, x + 8, top + BAND_H - 13)
            _tick(canvas, x + 8, top + 8, gettext("Attacker"))
            _tick(canvas, x + 66, top + 8, gettext("Defender"))
        self.draw_public_code(canvas, top)
        self.draw_mission(canvas, top - GAP)
        bottom = self.draw_grid(canvas, self.grid_top(height))
        self.draw_choices(canvas, bottom - GAP)

    def qr_links(self) -> list[str]:
        return [self.data.public_link] if self.data.public_link else []

    def draw_public_code(self, canvas: Canvas, top: float) -> None:
        """The round's public pairings as a QR code (the same on every sheet, so drawn once
        in the form); none for a hidden event."""
        link = self.data.public_link
        if not link:
            return
        x = self.width - QR_BOX
        _box(canvas, x, top, QR_BOX, BAND_H)
        canvas.setFillColor(INK)
        draw_qr(canvas, link, x + (QR_BOX - QR) / 2, top + 16, QR)
        canvas.setFont(FONT, 6)
        canvas.setFillColor(MUTED)
        canvas.drawCentredString(x + QR_BOX / 2, top + 6, gettext("scan: pairings"))

    def draw_mission(self, canvas: Canvas, top: float) -> None:
        h = self.mission_h
        _box(canvas, 0, top - h, self.width, h)
        mission = self.data.mission
        if mission is None:
            draw_no_mission(canvas, 10, top)
            return
        map_w = (h - 8) * 62 / 46
        draw_map(canvas, mission, 4, top - h + 4, map_w)
        draw_mission_text(canvas, mission, map_w + 14, top - 4, self.width - map_w - 24)

    def draw_grid_lines(self, canvas: Canvas, top: float, head: float, rows: int) -> None:
        """The score grid's rules: a line per row, the two players' columns, a heavy frame,
        the heavy line between the players and above the total (the last row)."""
        bottom = top - head - self.row * rows
        canvas.setStrokeColor(LINE)
        canvas.setLineWidth(0.6)
        for r in range(rows + 1):
            y = top - head - r * self.row
            canvas.line(0, y, self.width, y)
        for c in range(1, 6):
            canvas.line(self.col_x(c), bottom, self.col_x(c), top - (head if c % 2 == 0 else 0))
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(1.4)
        canvas.rect(0, bottom, self.width, top - bottom, stroke=1, fill=0)
        canvas.line(self.col_x(3), bottom, self.col_x(3), top)
        canvas.line(0, bottom + self.row, self.width, bottom + self.row)

    def draw_grid(self, canvas: Canvas, top: float) -> float:
        caps = self.caps
        pg, sec, total, ready = (
            caps.primary_and_gambit,
            caps.secondary,
            caps.total,
            caps.battle_ready,
        )
        rows = battle_rounds(5)
        rows += [
            gettext("Gambit (if chosen)"),
            gettext("Battle Ready (0 or %(ready)s)") % {"ready": ready},
            gettext("Total (max %(total)s)") % {"total": total},
        ]
        head = GRID_HEAD
        height = head + self.row * len(rows)
        bottom = top - height
        canvas.setFillColor(BRAND_TINT)
        canvas.rect(0, top - head, self.width, head, stroke=0, fill=1)
        for r in range(len(rows)):
            y = top - head - (r + 1) * self.row
            if r % 2 == 1:
                canvas.setFillColor(ZEBRA)
                canvas.rect(0, y, self.width, self.row, stroke=0, fill=1)
            canvas.setFillColor(INK)
            canvas.setFont(BOLD if r == len(rows) - 1 else FONT, 8.5)
            canvas.drawString(6, y + self.row / 2 - 3, rows[r])
        canvas.setFont(BOLD, 7)
        canvas.setFillColor(BRAND)
        for c in range(4):
            x0, x1 = self.col_x(c + 1), self.col_x(c + 2)
            label = (
                gettext("Primary + gambit (max %(max)s)") % {"max": pg}
                if c % 2 == 0
                else gettext("Secondary (max %(max)s)") % {"max": sec}
            )
            canvas.drawCentredString((x0 + x1) / 2, top - head + 5, label)
        self.draw_grid_lines(canvas, top, head, len(rows))
        canvas.setFont(FONT, 7)
        canvas.setFillColor(MUTED)
        fixed = caps.per_fixed_card
        canvas.drawString(
            0,
            bottom - 10,
            gettext(
                "Caps per player: primary + gambit max %(pg)s VP · "
                "secondary max %(sec)s VP · each Fixed secondary card max %(fixed)s VP · "
                "Battle Ready %(ready)s VP · total max %(total)s VP."
            )
            % {"pg": pg, "sec": sec, "fixed": fixed, "ready": ready, "total": total},
        )
        return bottom - 12

    def draw_choices(self, canvas: Canvas, top: float) -> None:
        w = (self.width - GAP) / 2
        h = CHOICES_H
        for i, label in enumerate(player_labels()):
            x = i * (w + GAP)
            _box(canvas, x, top - h, w, h)
            draw_label(canvas, secondaries_label(label), x + 8, top - 12)
            nxt = _tick(canvas, x + 8, top - 27, gettext("Fixed"))
            _tick(canvas, nxt, top - 27, gettext("Tactical"))
            canvas.setFont(FONT, 8)
            canvas.setFillColor(INK)
            fixed = self.caps.per_fixed_card
            canvas.drawString(
                x + 8,
                top - 42,
                gettext("Fixed cards (max %(max)s VP each): %(blank)s / %(blank)s")
                % {"max": fixed, "blank": "_____________"},
            )
            canvas.drawString(
                x + 8,
                top - 56,
                gettext("Gambit: %(blank)s") % {"blank": "___________________________________"},
            )
        self.draw_signatures(canvas, top - h - GAP, gettext("Result / winner"))

    def draw_signatures(self, canvas: Canvas, y: float, result: str, short: str = "") -> None:
        """The bottom row: the result, the time each player's game clock used (events with
        game clocks: four columns, the result's `short` label if it has one), both
        signatures."""
        labels = [result, gettext("Player A signature"), gettext("Player B signature")]
        if self.data.game_clocks:
            labels[0] = short or result
            labels.insert(1, gettext("Time used A / B (h:mm)"))
        sig = (self.width - (len(labels) - 1) * GAP) / len(labels)
        for i, label in enumerate(labels):
            x = i * (sig + GAP)
            canvas.setStrokeColor(INK)
            canvas.setLineWidth(0.7)
            canvas.line(x, y - 26, x + sig, y - 26)
            draw_label(canvas, label, x, y - 36, colour=MUTED, size=6.5)
