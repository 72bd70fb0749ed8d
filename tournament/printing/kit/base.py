"""The shared frame of every printed document: paper, fonts, event header, footer.

A document subclasses `PrintDocument` and only builds its story. What repeats on every page
(the header, a mission map, a scoresheet's grid) is drawn once as a PDF form XObject and then
placed by reference, which is what makes a thousand-page bundle cheap.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from tournament import localtime
from tournament.printing.data import EventInfo
from tournament.printing.kit.fonts import BOLD, FONT
from tournament.printing.kit.qr import LOOPBACK_WARNING, points_at_loopback

INK = colors.HexColor("#1d2330")
MUTED = colors.HexColor("#667085")
LINE = colors.HexColor("#d0d5dd")
ZEBRA = colors.HexColor("#f2f4f7")
BRAND = colors.HexColor("#7a1f1f")
BRAND_TINT = colors.HexColor("#f7eded")
ACCENT = colors.HexColor("#b8860b")
BAD = colors.HexColor("#b42318")
MARGIN = 14 * mm
HEADER_H = 17 * mm
FOOTER_H = 9 * mm
PAGE_SIZES = {"A4": A4, "letter": LETTER}


def _style(
    name: str, size: float, *, font: str = FONT, leading: float | None = None, colour=INK, **kw
) -> ParagraphStyle:
    return ParagraphStyle(
        name,
        fontName=font,
        fontSize=size,
        leading=leading or size * 1.25,
        textColor=colour,
        alignment=kw.pop("alignment", TA_LEFT),
        **kw,
    )


# Built once per process: paragraph styles are looked up on every cell of every table.
STYLES = {
    "body": _style("body", 8.5),
    "small": _style("small", 7.2, leading=8.8),
    "card_name": _style("card_name", 8.5, font=BOLD, colour=BRAND, spaceAfter=1),
    "h2": _style("h2", 11, font=BOLD, colour=BRAND, spaceBefore=6, spaceAfter=4),
    "cell": _style("cell", 9.5, leading=11.5),
    "cell_bold": _style("cell_bold", 10.5, font=BOLD, leading=12.5),
    "cell_muted": _style("cell_muted", 8, colour=MUTED, leading=10),
    # 11th-edition scoresheets: both players' primaries beside the layout map.
    "tiny": _style("tiny", 6.6, leading=8),
    "tiny_head": _style("tiny_head", 8, font=BOLD, leading=9.8),
}


def page_size(event: EventInfo) -> tuple[float, float]:
    return PAGE_SIZES.get(event.paper_size, A4)


class PrintCanvas(Canvas):
    """Defines the "page total" form once every page is known, just before saving."""

    def endForm(self, **extra) -> None:  # noqa: N802 - reportlab's name
        # reportlab leaves transparency states out of a form's resources, so the map's
        # translucent zones would lose their alpha; give the form the canvas's states.
        resources = PDFResourceDictionary()
        resources.basicFonts()
        resources.allProcs()
        states = self._extgstate.getState()
        if states:
            resources.ExtGState = states
        super().endForm(Resources=resources, **extra)

    def save(self) -> None:
        self.beginForm("pageTotal")
        self.setFont(FONT, 7.5)
        self.setFillColor(MUTED)
        self.drawString(0, 0, str(self.getPageNumber() - 1))
        self.endForm()
        super().save()


class CanvasPage(Flowable):
    """A whole page drawn straight onto the canvas: the fast path for one-page-per-game sheets."""

    def __init__(self, draw: Callable[[Canvas, float, float], None]) -> None:
        super().__init__()
        self._draw = draw

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width, self.height = avail_width, avail_height - 1
        return self.width, self.height

    def draw(self) -> None:
        self._draw(self.canv, self.width, self.height)


class PrintDocument:
    """Base of every document. `page_offset`/`page_total` number a chunk of a bigger document."""

    # Lazy: a class attribute, read when a document renders (in the event's language).
    title = gettext_lazy("Document")

    def __init__(
        self,
        event: EventInfo,
        *,
        subtitle: str = "",
        printed_at: datetime | None = None,
        page_offset: int = 0,
        page_total: int | None = None,
        note: str = "",
    ) -> None:
        self.event = event
        self.subtitle = subtitle
        self.note = note
        self.printed_at = localtime.local(printed_at or timezone.now(), event.time_zone)
        self.page_offset = page_offset
        self.page_total = page_total
        self.pagesize = page_size(event)
        self.width = self.pagesize[0] - 2 * MARGIN
        self.height = self.pagesize[1] - 2 * MARGIN - HEADER_H - FOOTER_H
        self._forms: set[str] = set()

    # Documents override this.
    def story(self) -> list[Flowable]:
        raise NotImplementedError

    def qr_links(self) -> list[str]:
        """The addresses this document prints as QR codes (documents that draw codes say)."""
        return []

    def form(self, canvas: Canvas, name: str, draw: Callable[[Canvas], None]) -> None:
        """Place form `name`, drawing it the first time: a mission map is drawn once per PDF."""
        if name not in self._forms:
            canvas.beginForm(name)
            draw(canvas)
            canvas.endForm()
            self._forms.add(name)
        canvas.doForm(name)

    def render(self) -> bytes:
        out = io.BytesIO()
        self.build(out)
        return out.getvalue()

    def build(self, out) -> None:
        frame = Frame(
            MARGIN,
            MARGIN + FOOTER_H,
            self.width,
            self.height,
            id="body",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        doc = BaseDocTemplate(
            out,
            pagesize=self.pagesize,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN + HEADER_H,
            bottomMargin=MARGIN + FOOTER_H,
            title=f"{self.event.name} - {self.title}",
            author="Strategium",
            subject=self.subtitle,
            invariant=0,
        )
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=self._on_page)])
        doc.build(self.story(), canvasmaker=PrintCanvas)

    # Header and footer ---------------------------------------------------------------------------
    def _on_page(self, canvas: Canvas, _doc) -> None:
        self.form(canvas, "frame", self._draw_frame)
        number = self.page_offset + canvas.getPageNumber()
        right = self.pagesize[0] - MARGIN
        canvas.setFont(FONT, 7.5)
        canvas.setFillColor(MUTED)
        if self.page_total is not None:
            canvas.drawRightString(
                right,
                MARGIN + 1,
                gettext("Page %(number)s of %(total)s")
                % {"number": number, "total": self.page_total},
            )
        else:
            # The total is a form filled in at save time; leave room for up to four digits.
            canvas.drawRightString(
                right - 18, MARGIN + 1, gettext("Page %(number)s of") % {"number": number}
            )
            canvas.saveState()
            canvas.translate(right - 15.5, MARGIN + 1)
            canvas.doForm("pageTotal")
            canvas.restoreState()

    def _draw_frame(self, canvas: Canvas) -> None:
        w, h = self.pagesize
        top = h - MARGIN
        canvas.setFillColor(BRAND)
        canvas.rect(MARGIN, top - 3, w - 2 * MARGIN, 3, stroke=0, fill=1)
        canvas.setFillColor(INK)
        canvas.setFont(BOLD, 15)
        canvas.drawString(MARGIN, top - 20, self.event.name[:70])
        canvas.setFillColor(BRAND)
        canvas.setFont(BOLD, 11)
        canvas.drawRightString(w - MARGIN, top - 20, str(self.title).upper())
        canvas.setFillColor(MUTED)
        canvas.setFont(FONT, 8.5)
        where = " · ".join(x for x in (self.event.venue, self.event.dates) if x)
        canvas.drawString(MARGIN, top - 32, where)
        canvas.setFont(BOLD, 9)
        canvas.setFillColor(INK)
        canvas.drawRightString(w - MARGIN, top - 32, self.subtitle)
        canvas.setStrokeColor(LINE)
        canvas.setLineWidth(0.6)
        canvas.line(MARGIN, top - HEADER_H + 8, w - MARGIN, top - HEADER_H + 8)
        canvas.line(MARGIN, MARGIN + FOOTER_H - 3, w - MARGIN, MARGIN + FOOTER_H - 3)
        canvas.setFont(FONT, 7.5)
        canvas.setFillColor(MUTED)
        printed = localtime.when(self.printed_at, self.event.time_zone)
        canvas.drawString(
            MARGIN, MARGIN + 1, gettext("Strategium · printed %(when)s") % {"when": printed}
        )
        if self.note:
            # Its own footer line, above the printed-at line: shrunk rather than cut to fit.
            size = 8.0
            while size > 5 and stringWidth(self.note, BOLD, size) > w - 2 * MARGIN:
                size -= 0.5
            canvas.setFont(BOLD, size)
            canvas.setFillColor(INK)
            canvas.drawString(MARGIN, MARGIN + 11, self.note)
        if any(points_at_loopback(link) for link in self.qr_links()):
            # Below the footer, in the margin: the frame is one form placed on every page.
            size = 7.5
            warning = str(LOOPBACK_WARNING)
            while size > 5 and stringWidth(warning, BOLD, size) > w - 2 * MARGIN:
                size -= 0.5
            canvas.setFont(BOLD, size)
            canvas.setFillColor(BAD)
            canvas.drawCentredString(w / 2, MARGIN - 9, warning)
