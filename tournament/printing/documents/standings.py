"""Standings: rank, name, faction, record and the event's tie-break metrics.

Cells print the rows' `display` texts, written by the metric registry, so the PDF shows exactly
what the web page and the API show.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext, gettext_lazy
from reportlab.platypus import Paragraph, Spacer

from tournament.printing.data import StandingsPrint
from tournament.printing.documents.pairings import blocks, grid_style
from tournament.printing.kit.base import BOLD, STYLES, PrintDocument
from tournament.printing.kit.numbers import paper_number


def standings_title(as_of_round: int | None, status_text: str = "", *, final: bool = False) -> str:
    """ "Standings after round 2", or for the latest standings what they count ("Standings ·
    After round 2 · Round 3 in play: 5 of 12 results confirmed"), then what waits, if any;
    "Final standings" once the play-offs have placed everyone (the Swiss rounds after which
    they were cut are then only the Swiss column's)."""
    if final:
        title = gettext("Final standings")
        status_text = gettext("after the play-offs")
    elif as_of_round is None:
        title = gettext("Standings")
    elif as_of_round == 0:
        title = gettext("Standings before round 1")
    else:
        title = gettext("Standings after round %(number)s") % {"number": as_of_round}
    return f"{title} · {status_text}" if status_text else title


class Standings(PrintDocument):
    title = gettext_lazy("Standings")

    def __init__(self, data: StandingsPrint, **kw) -> None:
        final = any(row.get("final_place") for row in data.rows)
        subtitle = standings_title(data.as_of_round, data.status_text, final=final)
        super().__init__(data.event, subtitle=subtitle, **kw)
        self.data = data

    def story(self) -> list:
        w = self.width
        metrics = list(self.data.columns)
        # Once play-offs (or other rounds after the Swiss) are finished, the rows come in final
        # order (services/printing.py): the place first, the Swiss rank as its own column.
        finals = any(row.get("final_place") for row in self.data.rows)
        header = ["#", *([gettext("SWISS")] if finals else []), gettext("PLAYER"), gettext("W-D-L")]
        header += [label for _, label in metrics]
        rows = []
        for row in self.data.rows:
            faction = (
                f'<br/><font size="7.5" color="#667085">{escape(row.get("faction") or "")}</font>'
            )
            place = row.get("place", row["rank"])
            tied = row.get("place_tied", row.get("tied"))
            swiss = f"{row['rank']}{'=' if row.get('tied') else ''}"
            rows.append(
                [
                    f"{place}{'=' if tied else ''}",
                    *([swiss] if finals else []),
                    Paragraph(f"<b>{escape(row['name'])}</b>{faction}", STYLES["cell"]),
                    row["display"]["record"],
                    *(paper_number(row["display"].get(key, "")) for key, _ in metrics),
                ]
            )
        metric_w = min(0.12 * w, 0.45 * w / max(len(metrics), 1))
        final_w = [0.08 * w] if finals else []
        name_w = w - 0.08 * w - sum(final_w) - 0.1 * w - metric_w * len(metrics)
        widths = [0.08 * w, *final_w, name_w, 0.1 * w, *([metric_w] * len(metrics))]

        def style(n: int):
            s = grid_style(n)
            s.add("FONT", (0, 1), (0, -1), BOLD, 12)
            s.add("ALIGN", (3 if finals else 2, 0), (-1, -1), "CENTER")
            if finals:
                s.add("ALIGN", (1, 0), (1, -1), "CENTER")
            return s

        then = ", ".join(escape(label.lower()) for label in self.data.labels) or gettext("name")
        intro = Paragraph(
            (
                gettext(
                    "Placed by the play-offs; the Swiss rounds ranked by match points, "
                    "then %(then)s."
                )
                if finals
                else gettext("Ranked by match points, then %(then)s.")
            )
            % {"then": then},
            STYLES["body"],
        )
        if not rows:
            return [intro, Spacer(1, 8), Paragraph(gettext("No players yet."), STYLES["body"])]
        return [intro, Spacer(1, 6), *blocks(header, rows, widths, style)]
