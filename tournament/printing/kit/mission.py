"""The mission on paper: its map (from the pack's geometry) and its rule summaries."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext
from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from missions.render.classic import classic_mission_drawing
from missions.render.drawing import mission_drawing
from tournament.printing.data import CardText, MissionInfo
from tournament.printing.kit.base import BOLD, BRAND, FONT, MUTED, STYLES


def draw_map(
    canvas: Canvas,
    mission: MissionInfo,
    x: float,
    y: float,
    width: float,
    *,
    max_height: float | None = None,
) -> float:
    """Draw the map `width` wide with its lower left at (x, y); returns its height. A classic
    pack's map (72" by 48", "APPROXIMATE MAP" on low-confidence geometry) is drawn by the
    packs' own renderer, narrowed to fit `max_height` when given."""
    if mission.classic:
        drawing = classic_mission_drawing(mission.mission, width=width, translate=gettext)
        if max_height is not None and drawing.height > max_height:
            drawing = classic_mission_drawing(
                mission.mission, width=width * max_height / drawing.height, translate=gettext
            )
    else:
        drawing = mission_drawing(mission.mission, width=width, translate=gettext)
    renderPDF.draw(drawing, canvas, x, y)
    return drawing.height


def card_paragraph(card: CardText, style: str = "body") -> Paragraph:
    note = f' <font color="#667085" size="7">({escape(card.note)})</font>' if card.note else ""
    return Paragraph(
        f'<font name="{BOLD}" color="#7a1f1f">{escape(card.name)}</font>{note}'
        f"<br/>{escape(card.summary)}",
        STYLES[style],
    )


def draw_paragraphs(
    canvas: Canvas, paragraphs: list, x: float, top: float, width: float, *, gap: float = 5
) -> float:
    """Stack paragraphs downwards from `top`; returns the y below the last one."""
    y = top
    for p in paragraphs:
        _, h = p.wrap(width, 10_000)
        y -= h
        p.drawOn(canvas, x, y)
        y -= gap
    return y


def draw_label(canvas: Canvas, text: str, x: float, y: float, *, colour=BRAND, size=7) -> None:
    canvas.setFont(BOLD, size)
    canvas.setFillColor(colour)
    canvas.drawString(x, y, text.upper())


def draw_mission_text(
    canvas: Canvas,
    mission: MissionInfo,
    x: float,
    top: float,
    width: float,
    *,
    bottom: float | None = None,
) -> float:
    if mission.classic:
        return _draw_classic_text(canvas, mission, x, top, width, bottom=bottom)
    draw_label(
        canvas,
        gettext("Mission %(code)s · %(deployment)s")
        % {"code": mission.code, "deployment": mission.deployment},
        x,
        top - 7,
    )
    primary = gettext("Primary: %(name)s") % {"name": mission.primary.name}
    paragraphs = [card_paragraph(CardText(primary, mission.primary.summary))]
    paragraphs += [
        card_paragraph(CardText(gettext("Mission rule: %(name)s") % {"name": r.name}, r.summary))
        for r in mission.rules
    ]
    return draw_paragraphs(canvas, paragraphs, x, top - 12, width)


def _draw_classic_text(
    canvas: Canvas, mission: MissionInfo, x: float, top: float, width: float, *, bottom
) -> float:
    approximate = gettext(" · approximate map") if mission.approximate else ""
    draw_label(canvas, f"{mission.name} · {mission.deployment}{approximate}", x, top - 7)
    code = gettext("Mission code %(code)s") % {"code": mission.code}
    draw_label(canvas, code, x, top - 16, colour=MUTED, size=6.5)
    cards = [CardText(gettext("Victory points"), mission.primary.summary), *mission.rules]
    if mission.game_length is not None:
        cards.append(mission.game_length)
    paragraphs = [card_paragraph(card, "small") for card in cards]
    if bottom is not None:
        # A box too small for every rule keeps those that fit and points to the mission page.
        room, kept = top - 21 - bottom - 10, []
        for p in paragraphs:
            _, h = p.wrap(width, 10_000)
            if h + 3 > room:
                break
            kept.append(p)
            room -= h + 3
        if len(kept) < len(paragraphs):
            canvas.setFont(FONT, 6.5)
            canvas.setFillColor(MUTED)
            more = gettext("More rules on the mission page %(path)s") % {
                "path": f"/missions/{mission.code}/"
            }
            canvas.drawString(x, bottom + 3, more)
        paragraphs = kept
    return draw_paragraphs(canvas, paragraphs, x, top - 21, width, gap=3)


def draw_no_mission(canvas: Canvas, x: float, top: float) -> None:
    canvas.setFont(FONT, 10)
    canvas.setFillColor(MUTED)
    canvas.drawString(x, top - 14, gettext("Mission to be announced by the organiser."))
