"""The mission on paper: its map (from the pack's geometry) and its rule summaries."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from missions.render.drawing import mission_drawing
from tournament.printing.base import BOLD, BRAND, FONT, MUTED, STYLES
from tournament.printing.data import CardText, MissionInfo


def draw_map(canvas: Canvas, mission: MissionInfo, x: float, y: float, width: float) -> float:
    """Draw the map `width` wide with its lower left at (x, y); returns its height."""
    drawing = mission_drawing(mission.mission, width=width)
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
    canvas: Canvas, mission: MissionInfo, x: float, top: float, width: float
) -> float:
    draw_label(canvas, f"Mission {mission.code} · {mission.deployment}", x, top - 7)
    paragraphs = [
        card_paragraph(CardText(f"Primary: {mission.primary.name}", mission.primary.summary))
    ]
    paragraphs += [
        card_paragraph(CardText(f"Mission rule: {r.name}", r.summary)) for r in mission.rules
    ]
    return draw_paragraphs(canvas, paragraphs, x, top - 12, width)


def draw_no_mission(canvas: Canvas, x: float, top: float) -> None:
    canvas.setFont(FONT, 10)
    canvas.setFillColor(MUTED)
    canvas.drawString(x, top - 14, "Mission to be announced by the organiser.")
