"""The series table as a PDF for the noticeboard, on the project's print base: rank, name,
points, each event's points (those not counted in brackets), and the ties in words."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext, gettext_lazy
from reportlab.platypus import Paragraph, Spacer

from tournament.printing.data import EventInfo
from tournament.printing.documents.pairings import blocks
from tournament.printing.kit.base import STYLES, PrintDocument
from tournament.printing.kit.numbers import paper_number


class SeriesTableDocument(PrintDocument):
    title = gettext_lazy("Series table")

    def __init__(self, info: EventInfo, table: dict) -> None:
        super().__init__(info, subtitle=gettext("Series table"))
        self.table = table

    def story(self) -> list:
        out = [Paragraph(escape(self.table["rule"]), STYLES["body"])]
        events = [e for e in self.table["events"] if e["counted"]]
        if events:
            names = "; ".join(f"E{i}: {e['name']}" for i, e in enumerate(events, start=1))
            counted = gettext("Events counted: %(names)s.") % {"names": names}
            out.append(Paragraph(escape(counted), STYLES["body"]))
        out.append(Spacer(1, 6))
        w = self.width
        event_w = 0.5 * w / max(len(events), 1)
        widths = [0.08 * w, 0.3 * w, 0.12 * w, *([event_w] * len(events))]
        numbers = (f"E{i}" for i in range(1, len(events) + 1))
        header = ["#", gettext("Name"), gettext("Points"), *numbers]
        rows = []
        for row in self.table["rows"]:
            scores = {s["event"]: s for s in row["scores"]}
            cells = []
            for e in events:
                s = scores.get(e["id"])
                text = "" if s is None else paper_number(s["points_display"])
                cells.append(text if s is None or s["counted"] else f"({text})")
            rank = f"{row['rank']}=" if row["tied"] else str(row["rank"])
            name = Paragraph(escape(row["name"]), STYLES["cell"])
            rows.append([rank, name, paper_number(row["points_display"]), *cells])
        out += blocks(header, rows, widths)
        notes = [r for r in self.table["rows"] if r["note"]]
        if notes:
            out.append(Paragraph(gettext("Ties"), STYLES["h2"]))
            for r in notes:
                out.append(Paragraph(escape(f"{r['name']}: {r['note']}"), STYLES["body"]))
        return out


def series_table_pdf(*, series, table: dict) -> bytes:
    info = EventInfo(id=series.pk, name=series.name, venue=series.description)
    return SeriesTableDocument(info, table).render()
