"""Standings: rank, name, faction, record and the event's tie-break metrics."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.platypus import Paragraph, Spacer

from tournament.printing.base import BOLD, STYLES, PrintDocument
from tournament.printing.data import StandingsPrint
from tournament.printing.pairings import blocks, grid_style

# Headings for metric names the standings engine knows; others print upper-cased.
METRIC_LABELS = {
    "owr": "OPP WIN %",
    "vp": "VP",
    "sos": "SOS",
    "vp_diff": "VP DIFF",
    "mp": "MP",
    "ecsos": "ECSOS",
    "h2h": "H2H",
    "oowr": "OPP-OPP WIN %",
    "primary": "PRIMARY",
}


def metric_label(name: str) -> str:
    return METRIC_LABELS.get(name, name.replace("_", " ").upper())


def metric_value(value) -> str:
    if isinstance(value, float):
        return f"{value * 100:.1f}" if 0 <= value <= 1 else f"{value:.1f}"
    return "" if value is None else str(value)


class Standings(PrintDocument):
    title = "Standings"

    def __init__(self, data: StandingsPrint, **kw) -> None:
        after = f"after round {data.as_of_round}" if data.as_of_round else "current"
        super().__init__(data.event, subtitle=f"Standings {after}", **kw)
        self.data = data

    def story(self) -> list:
        w = self.width
        metrics = list(self.data.columns)
        header = ["#", "PLAYER", "W-D-L", *(label for _, label in metrics)]
        rows = []
        for row in self.data.rows:
            faction = (
                f'<br/><font size="7.5" color="#667085">{escape(row.get("faction") or "")}</font>'
            )
            rank = f"{row['rank']}{'=' if row.get('tied') else ''}"
            rows.append(
                [
                    rank,
                    Paragraph(f"<b>{escape(row['name'])}</b>{faction}", STYLES["cell"]),
                    f"{row['wins']}-{row['draws']}-{row['losses']}",
                    *(metric_value(row.get(key)) for key, _ in metrics),
                ]
            )
        metric_w = min(0.12 * w, 0.45 * w / max(len(metrics), 1))
        name_w = w - 0.08 * w - 0.1 * w - metric_w * len(metrics)
        widths = [0.08 * w, name_w, 0.1 * w, *([metric_w] * len(metrics))]

        def style(n: int):
            s = grid_style(n)
            s.add("FONT", (0, 1), (0, -1), BOLD, 12)
            s.add("ALIGN", (2, 0), (-1, -1), "CENTER")
            return s

        intro = Paragraph(
            "Ranked by match points, then "
            + (", ".join(label.lower() for _, label in metrics) or "name")
            + ".",
            STYLES["body"],
        )
        if not rows:
            return [intro, Spacer(1, 8), Paragraph("No players yet.", STYLES["body"])]
        return [intro, Spacer(1, 6), *blocks(header, rows, widths, style)]
