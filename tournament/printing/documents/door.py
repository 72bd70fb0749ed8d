"""The door sheet: a card per player with their name, round 1 seat and a QR code of their
private link, to cut out or hold up at the door while players arrive."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy, ngettext
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from tournament.printing.data import EventInfo
from tournament.printing.kit.base import BOLD, FONT, INK, LINE, MUTED, STYLES, PrintDocument
from tournament.printing.kit.qr import draw_qr

CARD_H = 38 * mm
QR_SIZE = 30 * mm
PAD = 3 * mm
COLUMNS = 2


@dataclass(frozen=True)
class DoorCard:
    name: str
    seat: str  # "Round 1: table 4, side A, against Bob", "Round 1: bye", ...
    link: str
    # The seat as the card prints it: "Round 1: table 4, side A" above "against Bob" (a long
    # name keeps its own line); the seat alone when empty.
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class DoorSheetPrint:
    event: EventInfo
    cards: tuple[DoorCard, ...]


def _fit(canvas, text: str, font: str, size: float, width: float) -> tuple[str, float]:
    """The text at `size`, or smaller (down to 6 pt), or cut with an ellipsis: never past
    the card's edge."""
    while size > 6 and canvas.stringWidth(text, font, size) > width:
        size -= 0.5
    if canvas.stringWidth(text, font, size) <= width:
        return text, size
    while text and canvas.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…", size


class CardRow(Flowable):
    """One row of cards, drawn straight on the canvas (a table of flowables is far slower)."""

    def __init__(self, cards: list[DoorCard]) -> None:
        super().__init__()
        self.cards = cards

    def wrap(self, avail_width: float, _avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        return avail_width, CARD_H

    def draw(self) -> None:
        canvas = self.canv
        card_w = self.width / COLUMNS
        for i, card in enumerate(self.cards):
            x = i * card_w
            canvas.setStrokeColor(LINE)
            canvas.setDash(3, 2)
            canvas.rect(x + 1, 1, card_w - 2, CARD_H - 2, stroke=1, fill=0)
            canvas.setDash()
            canvas.setFillColor(INK)
            draw_qr(canvas, card.link, x + PAD, (CARD_H - QR_SIZE) / 2, QR_SIZE)
            left = x + 2 * PAD + QR_SIZE
            room = card_w - (left - x) - PAD
            name, size = _fit(canvas, card.name, BOLD, 12, room)
            canvas.setFont(BOLD, size)
            canvas.drawString(left, CARD_H - 10 * mm, name)
            for n, line in enumerate(card.lines or (card.seat,)):
                text, size = _fit(canvas, line, FONT, 9, room)
                canvas.setFont(FONT, size)
                canvas.drawString(left, CARD_H - (16 + 4.5 * n) * mm, text)
            canvas.setFillColor(MUTED)
            link, size = _fit(canvas, card.link, FONT, 6.5, room)
            canvas.setFont(FONT, size)
            canvas.drawString(left, 6 * mm, link)
            canvas.drawString(left, 10 * mm, gettext("Scan for your page: results, pairings"))


class DoorSheet(PrintDocument):
    title = gettext_lazy("Player links")

    def __init__(self, data: DoorSheetPrint, **kw) -> None:
        count = len(data.cards)
        subtitle = ngettext("%(count)s player", "%(count)s players", count) % {"count": count}
        super().__init__(data.event, subtitle=subtitle, **kw)
        self.data = data

    def qr_links(self) -> list[str]:
        return [card.link for card in self.data.cards]

    def story(self) -> list:
        intro = Paragraph(
            gettext(
                "Each player's own page: scan the code to enter and confirm results. "
                "The link is private; hand each card to its player only."
            ),
            STYLES["body"],
        )
        if not self.data.cards:
            return [intro, Spacer(1, 8), Paragraph(gettext("No players yet."), STYLES["body"])]
        cards = list(self.data.cards)
        rows = [CardRow(cards[i : i + COLUMNS]) for i in range(0, len(cards), COLUMNS)]
        return [intro, Spacer(1, 6), *rows]
