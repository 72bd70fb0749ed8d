"""Team pairing sheets, the ritual record and team scoresheets (one page per team match)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext, gettext_lazy
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from teams.printing.data import TeamMatchPrint, TeamRoundPrint
from tournament.printing.documents.pairings import blocks, grid_style
from tournament.printing.kit.base import BOLD, BRAND, FONT, LINE, STYLES, PrintDocument


def _who(name: str, faction: str, primary: str = "") -> Paragraph:
    sub = f'<br/><font size="7.5" color="#667085">{escape(faction)}</font>' if faction else ""
    if primary:  # an 11th-edition player's own primary
        words = gettext("Primary: %(name)s") % {"name": primary}
        sub += f'<br/><font size="8" color="#7a1f1f">{escape(words)}</font>'
    return Paragraph(f"<b>{escape(name)}</b>{sub}", STYLES["cell"])


def _vs(match: TeamMatchPrint) -> str:
    if match.team_b:
        return gettext("%(a)s v %(b)s") % {"a": match.team_a, "b": match.team_b}
    return gettext("%(a)s: bye") % {"a": match.team_a}


def _team_round(data: TeamRoundPrint) -> str:
    return gettext("Team round %(number)s") % {"number": data.round_number}


def _match(m: TeamMatchPrint) -> str:
    return gettext("Match %(number)s: %(teams)s") % {"number": m.number, "teams": escape(_vs(m))}


class TeamPairings(PrintDocument):
    """The team round: each match's teams and tables, then each paired match's games."""

    title = gettext_lazy("Team pairings")

    def __init__(self, data: TeamRoundPrint, **kw) -> None:
        super().__init__(data.event, subtitle=_team_round(data), note=data.note, **kw)
        self.data = data

    def story(self) -> list:
        w = self.width
        header = [gettext("MATCH"), gettext("TABLES"), gettext("TEAM A"), gettext("TEAM B")]
        rows = [
            [
                str(m.number),
                m.tables or "–",
                Paragraph(f"<b>{escape(m.team_a)}</b>", STYLES["cell"]),
                Paragraph(
                    f"<b>{escape(m.team_b)}</b>" if m.team_b else f"<i>{gettext('bye')}</i>",
                    STYLES["cell"],
                ),
            ]
            for m in self.data.matches
        ]
        story: list = [*blocks(header, rows, [0.1 * w, 0.18 * w, 0.36 * w, 0.36 * w])]
        for m in self.data.matches:
            if not m.games:
                continue
            lines = [
                [
                    g.table_words,
                    _who(g.a_name, g.a_faction, g.primary_a),
                    _who(g.b_name, g.b_faction, g.primary_b),
                ]
                for g in m.games
            ]
            story += [
                Spacer(1, 8),
                Paragraph(_match(m), STYLES["h2"]),
                *blocks(
                    [gettext("TABLE"), m.team_a.upper(), (m.team_b or "").upper()],
                    lines,
                    [0.14 * w, 0.43 * w, 0.43 * w],
                ),
                *(
                    Paragraph(
                        gettext("Table %(number)s: %(card)s")
                        % {"number": g.table, "card": escape(g.layout_card)},
                        STYLES["small"],
                    )
                    for g in m.games
                    if g.layout_card
                ),
            ]
        if not self.data.matches:
            story.append(Paragraph(gettext("No team matches in this round."), STYLES["body"]))
        return story


class RitualRecord(PrintDocument):
    """Each match's pairing ritual, step by step, and the games it made."""

    title = gettext_lazy("Pairing ritual record")

    def __init__(self, data: TeamRoundPrint, **kw) -> None:
        super().__init__(data.event, subtitle=_team_round(data), note=data.note, **kw)
        self.data = data

    def story(self) -> list:
        story: list = []
        for m in self.data.matches:
            if m.team_b is None:
                continue
            part = [Paragraph(_match(m), STYLES["h2"])]
            if m.ritual_variant:
                said = (
                    gettext("%(variant)s ritual, complete.")
                    if m.ritual_done
                    else gettext("%(variant)s ritual, in progress.")
                )
                part.append(Paragraph(said % {"variant": escape(m.ritual_variant)}, STYLES["body"]))
            if not m.ritual:
                # A match the organiser paired has no ritual at all: say so, not "not yet".
                text = (
                    gettext("No ritual step revealed yet.")
                    if m.ritual_variant or not m.games
                    else gettext("Players paired by the organiser, without a ritual.")
                )
                part.append(Paragraph(text, STYLES["body"]))
            for n, line in enumerate(m.ritual, start=1):
                part.append(Paragraph(f"{n}. {escape(line)}", STYLES["cell"]))
            if m.games:
                w = self.width
                lines = [[g.table_words, g.a_name, g.b_name] for g in m.games]
                part += [
                    Spacer(1, 4),
                    *blocks(
                        [gettext("TABLE"), m.team_a.upper(), m.team_b.upper()],
                        lines,
                        [0.14 * w, 0.43 * w, 0.43 * w],
                    ),
                ]
            story.append(KeepTogether(part))
            story.append(Spacer(1, 6))
        return story or [Paragraph(gettext("No team match with an opponent."), STYLES["body"])]


class TeamScoresheets(PrintDocument):
    """One page per team match: each game's players, VP and game score, and the match total."""

    title = gettext_lazy("Team scoresheets")

    def __init__(self, data: TeamRoundPrint, **kw) -> None:
        super().__init__(data.event, subtitle=_team_round(data), note=data.note, **kw)
        self.data = data

    def story(self) -> list:
        story: list = []
        matches = [m for m in self.data.matches if m.team_b is not None]
        for i, m in enumerate(matches):
            if i:
                story.append(PageBreak())
            story += self._sheet(m)
        return story or [Paragraph(gettext("No team match with an opponent."), STYLES["body"])]

    def _sheet(self, m: TeamMatchPrint) -> list:
        w = self.width
        size = self.data.team_size
        vp, score = gettext("VP"), gettext("SCORE")
        header = [
            gettext("TABLE"),
            m.team_a.upper(),
            vp,
            vp,
            (m.team_b or "").upper(),
            score,
            score,
        ]
        rows = []
        games = list(m.games) or [None] * size
        for g in games:
            if g is None:
                rows.append(["", "", "", "", "", "", ""])
                continue
            rows.append(
                [
                    str(g.table or ""),
                    _who(g.a_name, g.a_faction),
                    "" if g.vp_a is None else str(g.vp_a),
                    "" if g.vp_b is None else str(g.vp_b),
                    _who(g.b_name, g.b_faction),
                    "" if g.score_a is None else str(g.score_a),
                    "" if g.score_b is None else str(g.score_b),
                ]
            )
        total_a = "" if m.total_a is None else str(m.total_a)
        total_b = "" if m.total_b is None else str(m.total_b)
        rows.append(["", gettext("MATCH TOTAL"), "", "", "", total_a, total_b])
        widths = [0.09 * w, 0.29 * w, 0.08 * w, 0.08 * w, 0.29 * w, 0.085 * w, 0.085 * w]
        table = Table([header, *rows], colWidths=widths, rowHeights=[None] + [30] * len(rows))
        style = grid_style(len(rows) + 1)
        style.add("ALIGN", (2, 0), (3, -1), "CENTER")
        style.add("ALIGN", (5, 0), (6, -1), "CENTER")
        style.add("BOX", (2, 1), (3, -2), 0.8, LINE)
        style.add("INNERGRID", (2, 1), (3, -2), 0.8, LINE)
        style.add("BOX", (5, 1), (6, -1), 0.8, LINE)
        style.add("INNERGRID", (5, 1), (6, -1), 0.8, LINE)
        style.add("FONT", (1, -1), (-1, -1), BOLD, 11)
        style.add("LINEABOVE", (0, -1), (-1, -1), 1.2, BRAND)
        table.setStyle(style)
        total = 20 * size
        rules = gettext(
            "Each game scores 20 points between its two players by the VP difference; the "
            "match sums them (out of %(total)s). A team wins by more than "
            "%(margin)s points; otherwise the match is drawn."
        ) % {"total": total, "margin": self.data.draw_margin}
        bands = self.data.score_bands
        band_rows = [[gettext("VP DIFFERENCE"), gettext("GAME SCORE")], *[[d, s] for d, s in bands]]
        band_table = Table(band_rows, colWidths=[0.25 * w, 0.2 * w])
        band_table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, 0), BOLD, 7),
                    ("FONT", (0, 1), (-1, -1), FONT, 7.5),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.3, LINE),
                    ("TOPPADDING", (0, 0), (-1, -1), 1),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ]
            )
        )
        sign = [
            [
                gettext("Captain %(team)s") % {"team": m.team_a},
                gettext("Captain %(team)s") % {"team": m.team_b or ""},
            ],
            ["", ""],
        ]
        signatures = Table(sign, colWidths=[w / 2, w / 2], rowHeights=[12, 26])
        signatures.setStyle(
            TableStyle(
                [("FONT", (0, 0), (-1, 0), BOLD, 8), ("LINEBELOW", (0, 1), (-1, 1), 0.6, LINE)]
            )
        )
        out = [
            Paragraph(_match(m), STYLES["h2"]),
            Paragraph(escape(m.tables) if m.tables else "", STYLES["body"]),
            Spacer(1, 6),
            table,
            Spacer(1, 6),
        ]
        if m.outcome:
            result = gettext("Result:")
            out.append(Paragraph(f"<b>{result}</b> {escape(m.outcome)}", STYLES["cell"]))
        if self.data.note:
            # A knockout match cannot stay drawn: the event's tie rule, before play.
            rules = f"{rules} {self.data.note}"
        out += [
            Paragraph(escape(rules), STYLES["body"]),
            Spacer(1, 6),
            band_table,
            Spacer(1, 14),
            signatures,
        ]
        return out


DOCUMENTS = {
    "team-pairings": TeamPairings,
    "ritual-record": RitualRecord,
    "team-scoresheets": TeamScoresheets,
}


def render_team(kind: str, data: TeamRoundPrint) -> bytes:
    return DOCUMENTS[kind](data).render()
