"""Faction statistics on paper: the win-rate bars, the table beside them and the rules.

Prints the rows' `display` texts, written by the faction statistics service, so the PDF shows
exactly what the page and the API show.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext, gettext_lazy, ngettext
from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.platypus import Paragraph, Spacer

from tournament.printing.documents.pairings import blocks, grid_style
from tournament.printing.kit.base import BOLD, BRAND, INK, LINE, MUTED, STYLES, PrintDocument
from tournament.printing.kit.fonts import FONT
from tournament.printing.kit.numbers import paper_number

BAR_H = 13
LABEL_W = 130


def best_text(best: list[dict], *, with_event: bool) -> str:
    """ "Anna (1st of 24)", several names when tied; the event's name over a range."""
    parts = []
    for b in best:
        rank = f"{b['rank']}{'=' if b['tied'] else ''}"
        place = {"rank": rank, "field": b["field"], "event": b.get("event_name", "")}
        said = (
            gettext("%(rank)s of %(field)s, %(event)s")
            if with_event
            else gettext("%(rank)s of %(field)s")
        )
        parts.append(f"{b['name']} ({said % place})")
    return "; ".join(parts)


def win_rate_chart(rows: list[dict], width: float) -> Drawing:
    """Horizontal bars, one per faction with games: its win rate out of 100%, 50% marked."""
    shown = [r for r in rows if r["win_rate"] is not None]
    height = BAR_H * len(shown) + 16
    drawing = Drawing(width, height)
    scale = width - LABEL_W - 40
    for i, row in enumerate(shown):
        y = height - 16 - (i + 1) * BAR_H + 3
        drawing.add(String(0, y + 2, row["label"][:28], fontName=FONT, fontSize=7.5, fillColor=INK))
        drawing.add(
            Rect(LABEL_W, y, scale * row["win_rate"], BAR_H - 4, fillColor=BRAND, strokeColor=None)
        )
        drawing.add(
            String(
                LABEL_W + scale * row["win_rate"] + 3,
                y + 2,
                paper_number(row["display"]["win_rate"]),
                fontName=BOLD,
                fontSize=7.5,
                fillColor=INK,
            )
        )
    middle = LABEL_W + scale / 2
    drawing.add(Line(middle, 0, middle, height - 12, strokeColor=LINE, strokeDashArray=[2, 2]))
    drawing.add(
        String(
            middle,
            height - 9,
            "50%",
            fontName=FONT,
            fontSize=7,
            fillColor=MUTED,
            textAnchor="middle",
        )
    )
    return drawing


class Factions(PrintDocument):
    title = gettext_lazy("Factions")

    def __init__(self, event, stats: dict, rules: tuple[str, ...], *, across: bool, **kw):
        subtitle = " · ".join(
            (
                ngettext("%(count)s player", "%(count)s players", stats["players"])
                % {"count": stats["players"]},
                ngettext("%(count)s game", "%(count)s games", stats["games"])
                % {"count": stats["games"]},
            )
        )
        if across:
            events = ngettext("%(count)s event", "%(count)s events", stats["events"]) % {
                "count": stats["events"]
            }
            subtitle = f"{events} · {subtitle}"
        super().__init__(event, subtitle=subtitle, **kw)
        self.stats = stats
        self.rules = rules
        self.across = across

    def story(self) -> list:
        w = self.width
        rows = self.stats["factions"]
        out = [Paragraph(escape(" ".join(self.rules)), STYLES["body"]), Spacer(1, 6)]
        if not rows:
            return [*out, Paragraph(gettext("No players yet."), STYLES["body"])]
        if any(r["win_rate"] is not None for r in rows):
            win_rate = Paragraph(gettext("Win rate"), STYLES["h2"])
            out += [win_rate, win_rate_chart(rows, w), Spacer(1, 8)]
        header = [
            gettext("FACTION"),
            gettext("PLAYERS"),
            gettext("W-D-L"),
            gettext("MIRRORS"),
            gettext("WIN RATE"),
            gettext("VP FOR"),
            gettext("VP AGAINST"),
            gettext("BEST PLACED"),
        ]
        body = [
            [
                Paragraph(f"<b>{escape(r['label'])}</b>", STYLES["cell"]),
                r["players"],
                r["display"]["record"],
                r["mirrors"],
                paper_number(r["display"]["win_rate"]),
                paper_number(r["display"]["vp_for_mean"]),
                paper_number(r["display"]["vp_against_mean"]),
                Paragraph(
                    escape(best_text(r["best"], with_event=self.across)), STYLES["cell_muted"]
                ),
            ]
            for r in rows
        ]
        small = 0.085 * w
        widths = [0.22 * w, *([small] * 6), w - 0.22 * w - 6 * small]

        def style(n: int):
            s = grid_style(n, big_first=False)
            s.add("ALIGN", (1, 0), (6, -1), "CENTER")
            return s

        return [*out, *blocks(header, body, widths, style)]
