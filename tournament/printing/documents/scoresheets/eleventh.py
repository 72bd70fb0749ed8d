"""Scoresheets of 11th-edition games: one page per game.

The same band of table and players as the other sheets (with each player's disposition), then
what this table plays: the layout's map beside each player's own primary and its scoring
windows; a grid of five battle rounds with each player's primary and secondary (at most 15
each a round), Battle Ready and the total; each player's Fixed or Tactical choice, Fixed cards,
who went first and Battle Ready to tick; signatures. What every sheet shares is one form; the
map is one form per layout, so a round of many tables on few layouts stays small.
"""

from __future__ import annotations

from functools import cache
from xml.sax.saxutils import escape

from django.utils.translation import gettext, gettext_lazy
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from missions.eleventh.primaries import MAX_VP_GAME as PRIMARY_MAX
from missions.eleventh.primaries import MAX_VP_ROUND as PRIMARY_ROUND
from missions.eleventh.secondaries import MAX_VP_GAME as SECONDARY_MAX
from missions.eleventh.secondaries import MAX_VP_PER_FIXED_CARD
from missions.eleventh.secondaries import MAX_VP_ROUND as SECONDARY_ROUND
from missions.render.eleventh import draw_layout
from tournament.printing.data import EleventhGame, EleventhSide, Pairing, RoundPrint, Seat
from tournament.printing.documents.scoresheets.leviathan import (
    BAND_H,
    GAP,
    GRID_HEAD,
    Scoresheets,
    _box,
    _tick,
    battle_rounds,
    player_labels,
    secondaries_label,
)
from tournament.printing.documents.tablepacks.texts import (
    missing_layout_paragraphs,
    primary_paragraphs,
)
from tournament.printing.kit.base import BOLD, BRAND, BRAND_TINT, FONT, INK, MUTED, STYLES, ZEBRA
from tournament.printing.kit.mission import draw_label, draw_paragraphs

BATTLE_READY = 10
TOTAL_MAX = 100
ROUNDS = 5
GRID_ROWS = ROUNDS + 2  # the rounds, Battle Ready, the total
CHOICES_H = 76
MAP_W = 214  # the layout map's box in the mission panel
# Why a game has no map yet: no letter named, or a dispositions missing (no pairing).
_NO_MAP = {
    False: gettext_lazy("The organiser names the layout."),
    True: gettext_lazy("The map follows once both dispositions are recorded."),
}


class EleventhScoresheets(Scoresheets):
    mission_h = 236

    def __init__(self, data: RoundPrint, games: tuple[Pairing, ...] | None = None, **kw) -> None:
        super().__init__(data, games, **kw)
        fixed = BAND_H + self.mission_h + GRID_HEAD + 23 + CHOICES_H + 44 + 4 * GAP
        self.row = min(22.0, (self.height - 1 - fixed) / GRID_ROWS)
        self._game: Pairing | None = None

    # Per game -----------------------------------------------------------------------------------
    def draw_game(self, canvas: Canvas, height: float, game: Pairing) -> None:
        self._game = game  # draw_seat adds each player's disposition from it
        super().draw_game(canvas, height, game)
        self.draw_matchup(canvas, height - BAND_H - GAP, game.eleventh)

    def draw_seat(
        self, canvas: Canvas, seat: Seat, x: float, top: float, attacker: bool | None
    ) -> None:
        super().draw_seat(canvas, seat, x, top, attacker)
        game = self._game
        if game is None or game.eleventh is None:
            return
        side = game.eleventh.a if seat is game.a else game.eleventh.b
        if side.disposition:
            # Beside the panel's "PLAYER A" label, above the QR code: the disposition mustered.
            left = x + 8 + canvas.stringWidth(player_labels()[0].upper(), BOLD, 7) + 6
            canvas.setFont(FONT, 8)
            canvas.setFillColor(MUTED)
            canvas.drawString(left, top + BAND_H - 13, f"· {side.disposition}")

    def draw_matchup(self, canvas: Canvas, top: float, game: EleventhGame | None) -> None:
        h = self.mission_h
        if game is None:
            canvas.setFont(FONT, 10)
            canvas.setFillColor(MUTED)
            canvas.drawString(10, top - 20, gettext("Dispositions and layout to be announced."))
            return
        canvas.setFont(BOLD, 8.5)
        canvas.setFillColor(BRAND)
        canvas.drawString(6, top - 12, game.layout_words)
        if game.layout_card:
            # No map to draw: where the table is set up from, in the map's place.
            words = missing_layout_paragraphs(
                game.letter, game.layout_card, game.layout.edges_text, STYLES["small"]
            )
            draw_paragraphs(canvas, words, 8, top - 20, MAP_W - 16, gap=4)
        elif game.layout is not None:
            key = f"layout:{game.layout.pairing}:{game.layout.letter}"
            self.form(
                canvas,
                key,
                lambda c: draw_layout(
                    c,
                    game.layout,
                    4,
                    top - h + 4,
                    width=MAP_W - 8,
                    height=h - 22,
                    translate=gettext,
                ),
            )
        else:
            canvas.setFont(FONT, 9)
            canvas.setFillColor(MUTED)
            canvas.drawString(8, top - 40, str(_NO_MAP[bool(game.letter)]))
        x = MAP_W + 6
        width = self.width - x - 8
        y = top - 6
        for paragraphs in fitted_sides(game, width, h - 10):
            y = draw_paragraphs(canvas, paragraphs, x, y, width, gap=1) - SIDE_GAP

    # Once per PDF: frames, the grid, the choices and the signatures ------------------------------
    def draw_mission(self, canvas: Canvas, top: float) -> None:
        """Only the panel's frame: what is in it differs from table to table (draw_matchup)."""
        _box(canvas, 0, top - self.mission_h, self.width, self.mission_h)

    def draw_grid(self, canvas: Canvas, top: float) -> float:
        rows = battle_rounds(ROUNDS)
        rows += [
            gettext("Battle Ready (0 or %(ready)s)") % {"ready": BATTLE_READY},
            gettext("Total (max %(total)s)") % {"total": TOTAL_MAX},
        ]
        head = GRID_HEAD
        bottom = top - head - self.row * len(rows)
        canvas.setFillColor(BRAND_TINT)
        canvas.rect(0, top - head, self.width, head, stroke=0, fill=1)
        for r, text in enumerate(rows):
            y = top - head - (r + 1) * self.row
            if r % 2 == 1:
                canvas.setFillColor(ZEBRA)
                canvas.rect(0, y, self.width, self.row, stroke=0, fill=1)
            canvas.setFillColor(INK)
            canvas.setFont(BOLD if r == len(rows) - 1 else FONT, 8.5)
            canvas.drawString(6, y + self.row / 2 - 3, text)
        canvas.setFont(BOLD, 7)
        canvas.setFillColor(BRAND)
        for c in range(4):
            x0, x1 = self.col_x(c + 1), self.col_x(c + 2)
            label = (
                gettext("Primary (max %(max)s)") % {"max": PRIMARY_ROUND}
                if c % 2 == 0
                else gettext("Secondary (max %(max)s)") % {"max": SECONDARY_ROUND}
            )
            canvas.drawCentredString((x0 + x1) / 2, top - head + 5, label)
        self.draw_grid_lines(canvas, top, head, len(rows))
        canvas.setFont(FONT, 7)
        canvas.setFillColor(MUTED)
        canvas.drawString(
            0,
            bottom - 10,
            gettext(
                "Caps per player: primary at most %(primary_round)s VP a battle round and "
                "%(primary_game)s VP a game; secondary at most %(secondary_round)s VP a battle "
                "round and %(secondary_game)s VP a game, each Fixed card at most %(fixed)s VP;"
            )
            % {
                "primary_round": PRIMARY_ROUND,
                "primary_game": PRIMARY_MAX,
                "secondary_round": SECONDARY_ROUND,
                "secondary_game": SECONDARY_MAX,
                "fixed": MAX_VP_PER_FIXED_CARD,
            },
        )
        # A knockout game has no draw: its tie rule is the sheet's note.
        second = (
            gettext(
                "Battle Ready %(ready)s VP; total at most %(total)s VP. VP over a cap are "
                "lost. Most VP wins; equal VP: see the knockout rule above."
            )
            if self.data.stage
            else gettext(
                "Battle Ready %(ready)s VP; total at most %(total)s VP. VP over a cap are "
                "lost. Most VP wins; equal VP is a draw."
            )
        )
        canvas.drawString(0, bottom - 19, second % {"ready": BATTLE_READY, "total": TOTAL_MAX})
        return bottom - 21

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
            canvas.drawString(
                x + 8,
                top - 42,
                gettext("Fixed cards (max %(max)s VP each): %(blank)s / %(blank)s")
                % {"max": MAX_VP_PER_FIXED_CARD, "blank": "___________"},
            )
            nxt = _tick(canvas, x + 8, top - 60, gettext("Went first"))
            ready = gettext("Battle Ready (painted army, +%(ready)s VP)") % {"ready": BATTLE_READY}
            _tick(canvas, nxt, top - 60, ready)
        self.draw_signatures(canvas, top - h - GAP, gettext("Result / winner"))


# Both primaries share the panel beside the map: the text shrinks, a size at a time, until
# both fit (a Reconnaissance mirror is the longest pair); below the smallest size each side
# keeps the lines that fit and says where the rest is.
SIZES = (6.6, 6.2, 5.8, 5.4, 5.0)
SIDE_GAP = 4
MORE = gettext_lazy("More in the table pack and on the matchup page.")


@cache
def _styles(size: float) -> tuple[ParagraphStyle, ParagraphStyle]:
    body = ParagraphStyle(f"tiny-{size}", parent=STYLES["tiny"], fontSize=size, leading=size * 1.2)
    head = ParagraphStyle(
        f"tiny-head-{size}",
        parent=STYLES["tiny_head"],
        fontSize=size + 1.4,
        leading=(size + 1.4) * 1.2,
    )
    return body, head


def side_paragraphs(label: str, side: EleventhSide, size: float) -> list[Paragraph]:
    body, head = _styles(size)
    if side.primary is None:
        text = gettext("%(player)s: primary unknown until both dispositions are recorded.") % {
            "player": f"<b>{escape(label)}</b>"
        }
        return [Paragraph(text, body)]
    title = Paragraph(
        f'<font name="{BOLD}" color="#7a1f1f">{escape(label)}: {escape(side.primary.name)}</font>',
        head,
    )
    return [title, *primary_paragraphs(side.primary, body)]


def _tall(paragraphs: list[Paragraph], width: float) -> float:
    return sum(p.wrap(width, 10_000)[1] + 1 for p in paragraphs)


def fitted_sides(game: EleventhGame, width: float, room: float) -> list[list[Paragraph]]:
    """Both sides' paragraphs at the largest size at which together they are at most `room`
    tall (as drawn: 1 pt between paragraphs, SIDE_GAP between the sides)."""
    sides = tuple(zip(player_labels(), (game.a, game.b), strict=True))
    for size in SIZES:
        out = [side_paragraphs(label, side, size) for label, side in sides]
        if sum(_tall(p, width) for p in out) + SIDE_GAP <= room:
            return out
    # Even the smallest is too tall: each side gets half the room, cut at a whole paragraph.
    body, _ = _styles(SIZES[-1])
    kept = []
    for paragraphs in out:
        share = (room - SIDE_GAP) / 2 - _tall([Paragraph(str(MORE), body)], width)
        side = []
        for p in paragraphs:
            if _tall([*side, p], width) > share:
                side.append(Paragraph(f"<i>{MORE}</i>", body))
                break
            side.append(p)
        kept.append(side)
    return kept
