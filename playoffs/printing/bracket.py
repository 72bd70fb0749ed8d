"""The bracket as a printable PDF: each knockout round a table of its matches (seeds, names,
table, score, who went through), with the tie rule in words for the noticeboard."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext, gettext_lazy
from reportlab.platypus import Paragraph, Spacer

from tournament.printing.documents.pairings import blocks
from tournament.printing.kit.base import STYLES, PrintDocument
from tournament.services.documents.printing import event_info


def _side(side: dict | None) -> str:
    if side is None:
        return gettext("to come")
    return f"{side['seed']}. {side['name']}" if side["seed"] else side["name"]


class BracketDocument(PrintDocument):
    title = gettext_lazy("Play-offs")

    def __init__(self, event, view: dict, columns: list[dict]) -> None:
        super().__init__(event, subtitle=gettext("Bracket"))
        self.view, self.columns = view, columns

    def story(self) -> list:
        out = [Paragraph(escape(self.view["knockout_tiebreak_text"]), STYLES["body"])]
        if self.view["champion"]:
            champion = escape(self.view["champion"]["name"])
            said = gettext("Champion: %(name)s") % {"name": champion}
            out.append(Paragraph(f"<b>{said}</b>", STYLES["body"]))
        if self.view.get("third_place"):
            third = gettext("The losing semi-finalists play for 3rd place.")
            out.append(Paragraph(third, STYLES["body"]))
        w = self.width
        widths = [0.08 * w, 0.32 * w, 0.32 * w, 0.12 * w, 0.16 * w]
        teams = self.view["entrants"] == "teams"
        header = [
            gettext("Tables") if teams else gettext("Table"),
            gettext("Team") if teams else gettext("Player"),
            gettext("Opponent"),
            gettext("Score"),
            gettext("Through"),
        ]
        for column in self.columns:
            out.append(
                Paragraph(
                    escape(
                        gettext("Round %(number)s: %(title)s")
                        % {"number": column["number"], "title": column["title"]}
                    ),
                    STYLES["h2"],
                )
            )
            rows = []
            for m in column["matches"]:
                game = m["game"] or {}
                score, table = "", game.get("table")
                if game.get("vp_a") is not None and game.get("vp_b") is not None:
                    score = f"{game['vp_a']}–{game['vp_b']}"
                team_match = m.get("team_match") or {}
                if team_match.get("score_a") is not None and team_match.get("complete"):
                    # A team match: its game points (the tie rule decided a drawn one).
                    score = f"{team_match['score_a']}–{team_match['score_b']}"
                if team_match.get("tables"):
                    table = "{}–{}".format(*team_match["tables"])
                through = ""
                if m["winner"]:
                    side = m["a"] if m["a"] and m["a"]["seed"] == m["winner"]["seed"] else m["b"]
                    through = side["name"] if side else ""
                rows.append(
                    [
                        str(table or (gettext("bye") if m["bye"] else "")),
                        Paragraph(escape(_side(m["a"])), STYLES["cell"]),
                        Paragraph(escape(_side(m["b"])), STYLES["cell"]),
                        score,
                        Paragraph(escape(through), STYLES["cell"]),
                    ]
                )
            out += blocks(header, rows, widths)
            out.append(Spacer(1, 6))
        return out


def bracket_pdf(*, event, view: dict, columns: list[dict]) -> bytes:
    return BracketDocument(event_info(event), view, columns).render()
