"""Pairings: by table for the organiser and players, alphabetical for the noticeboard."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext, gettext_lazy, ngettext
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from tournament.engine.names import name_sort_key
from tournament.printing.data import EleventhSide, Pairing, RoundPrint, Seat
from tournament.printing.kit.base import (
    BOLD,
    BRAND,
    FONT,
    INK,
    LINE,
    MUTED,
    STYLES,
    ZEBRA,
    PrintDocument,
)

# Rows per table object: reportlab splits long tables slowly, so a long list is several tables.
BLOCK = 40


def _player(
    seat: Seat, side: EleventhSide | None = None, card: str = "", seed: int | None = None
) -> Paragraph:
    faction = (
        f'<br/><font size="7.5" color="#667085">{escape(seat.faction)}</font>'
        if (seat.faction)
        else ""
    )
    # A table whose layout the data lacks: where to set it up from, under the first name.
    card = f'<br/><font size="7.5"><b>{escape(card)}</b></font>' if card else ""
    # A knockout round's sheet says each player's seed (who is favoured by the tie rule).
    seeded = ""
    if seed:
        words = gettext("Seed %(seed)s") % {"seed": seed}
        seeded = f'<br/><font size="8" color="#7a1f1f">{escape(words)}</font>'

    return Paragraph(
        f"<b>{escape(seat.name)}</b>{faction}{seeded}{_primary(side)}{card}", STYLES["cell"]
    )


def _card(p: Pairing) -> str:
    """What a player reads under their name beside the pairing: where a table without a layout
    in the data is set up from, and the extra time staff gave the table."""
    card = p.eleventh.layout_card if p.eleventh else ""
    return " · ".join(filter(None, (card, p.extra_words)))


def _primary(side: EleventhSide | None) -> str:
    """An 11th-edition player's own primary under their name (each player plays their own)."""
    if side is None:
        return ""
    words = (
        gettext("Primary: %(name)s") % {"name": side.primary.name}
        if side.primary
        else gettext("Primary: disposition missing")
    )
    return f'<br/><font size="8" color="#7a1f1f">{escape(words)}</font>'


def _sides(p: Pairing) -> tuple[EleventhSide | None, EleventhSide | None]:
    return (p.eleventh.a, p.eleventh.b) if p.eleventh else (None, None)


def _letter(p: Pairing) -> str:
    return (p.eleventh.letter or "?") if p.eleventh else ""


def grid_style(rows: int, *, big_first: bool = True) -> TableStyle:
    commands = [
        ("FONT", (0, 0), (-1, 0), BOLD, 7.5),
        ("TEXTCOLOR", (0, 0), (-1, 0), BRAND),
        ("LINEBELOW", (0, 0), (-1, 0), 1.2, BRAND),
        ("LINEBELOW", (0, 1), (-1, -1), 0.4, LINE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONT", (0, 1), (-1, -1), FONT, 9.5),
        ("TEXTCOLOR", (0, 1), (-1, -1), INK),
        ("TOPPADDING", (0, 1), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 3),
    ]
    if big_first:
        commands += [("FONT", (0, 1), (0, -1), BOLD, 15), ("ALIGN", (0, 0), (0, -1), "CENTER")]
    commands += [("BACKGROUND", (0, r), (-1, r), ZEBRA) for r in range(2, rows, 2)]
    return TableStyle(commands)


def blocks(header: list, rows: list[list], widths: list[float], style=grid_style) -> list:
    out = []
    for start in range(0, len(rows), BLOCK):
        body = [header, *rows[start : start + BLOCK]]
        table = Table(body, colWidths=widths, repeatRows=1)
        table.setStyle(style(len(body)))
        out.append(table)
    return out


ELEVENTH_LINE = gettext_lazy("11th edition: each player plays their own primary (under their name)")


def mission_line(data: RoundPrint) -> str:
    """'Mission C: The Ritual · Sweeping Engagement · Round ends 13:00 · Mission rule:
    Scrambler Fields': the rule changes how the game is played, so the noticeboard names it."""
    if data.eleventh:
        line = gettext("%(eleventh)s · layout by table") % {"eleventh": ELEVENTH_LINE}
        return line + (f" · {data.timing}" if data.timing else "")
    mission = (
        gettext("Mission %(title)s") % {"title": data.mission.title}
        if data.mission
        else gettext("Mission to be announced")
    )
    if data.timing:
        mission += f" · {data.timing}"
    if data.mission and data.mission.rules:
        names = ", ".join(rule.name for rule in data.mission.rules)
        count = len(data.mission.rules)
        rules = ngettext("Mission rule: %(names)s", "Mission rules: %(names)s", count)
        mission += " · " + rules % {"names": names}
    return mission


class PairingsByTable(PrintDocument):
    title = gettext_lazy("Pairings")

    def __init__(self, data: RoundPrint, **kw) -> None:
        subtitle = gettext("%(round)s · by table") % {"round": data.title}
        super().__init__(data.event, subtitle=subtitle, **kw)
        self.data = data

    def story(self) -> list:
        w = self.width
        record = gettext("RECORD")
        header = [gettext("TABLE"), gettext("PLAYER A"), record, "", gettext("PLAYER B"), record]
        rows = []

        def seed(seat: Seat) -> int | None:
            return self.data.seed_of(seat.player_id)

        for p in self.data.pairings:
            table = str(p.table) if p.table is not None else "–"
            side_a, side_b = _sides(p)
            if p.b is None:
                rows.append(
                    [table, _player(p.a, seed=seed(p.a)), p.a.record, "", gettext("BYE"), ""]
                )
            else:
                rows.append(
                    [
                        table,
                        _player(p.a, side_a, _card(p), seed(p.a)),
                        p.a.record,
                        gettext("vs"),
                        _player(p.b, side_b, seed=seed(p.b)),
                        p.b.record,
                    ]
                )
        widths = [0.1 * w, 0.34 * w, 0.09 * w, 0.04 * w, 0.34 * w, 0.09 * w]
        style = grid_style
        if self.data.eleventh:
            # The layout letter gets a column of its own, as big as the table number.
            header.append(gettext("LAYOUT"))
            for row, p in zip(rows, self.data.pairings, strict=True):
                row.append(_letter(p))
            widths = [0.09 * w, 0.31 * w, 0.08 * w, 0.04 * w, 0.31 * w, 0.08 * w, 0.09 * w]
            style = _with_layout_column
        intro = Paragraph(f"<b>{escape(mission_line(self.data))}</b>", STYLES["h2"])
        return [intro, Spacer(1, 2), *blocks(header, rows, widths, style)]


def _with_layout_column(rows: int) -> TableStyle:
    s = grid_style(rows)
    s.add("FONT", (-1, 1), (-1, -1), BOLD, 15)
    s.add("ALIGN", (-1, 0), (-1, -1), "CENTER")
    return s


class PairingsAlphabetical(PrintDocument):
    title = gettext_lazy("Pairings A–Z")

    def __init__(self, data: RoundPrint, **kw) -> None:
        subtitle = gettext("%(round)s · by player name") % {"round": data.title}
        super().__init__(data.event, subtitle=subtitle, **kw)
        self.data = data

    def story(self) -> list:
        w = self.width
        entries = []
        for p in self.data.pairings:
            table = str(p.table) if p.table is not None else gettext("BYE")
            if p.eleventh:
                table += f" · {_letter(p)}"  # the table and its layout letter
            side_a, side_b = _sides(p)
            entries.append((p.a, side_a, table, p.b.name if p.b else "–", _card(p)))
            if p.b is not None:
                entries.append((p.b, side_b, table, p.a.name, _card(p)))
        # As people read names, like every list of players ("Åsa", "Łukasz" before "Zoë").
        entries.sort(key=lambda e: (*name_sort_key(e[0].name), e[0].player_id))
        rows = [
            [
                _player(seat, side, card, self.data.seed_of(seat.player_id)),
                seat.record,
                table,
                opponent,
            ]
            for seat, side, table, opponent, card in entries
        ]
        widths = [0.42 * w, 0.1 * w, 0.14 * w, 0.34 * w]

        def style(n: int) -> TableStyle:
            s = grid_style(n, big_first=False)
            s.add("FONT", (2, 1), (2, -1), BOLD, 15)
            s.add("ALIGN", (2, 0), (2, -1), "CENTER")
            s.add("TEXTCOLOR", (3, 1), (3, -1), MUTED)
            return s

        intro = Paragraph(
            gettext("%(mission)s · find your name, go to your table")
            % {"mission": f"<b>{escape(mission_line(self.data))}</b>"},
            STYLES["h2"],
        )
        return [
            intro,
            Spacer(1, 2),
            *blocks(
                [
                    gettext("PLAYER"),
                    gettext("RECORD"),
                    gettext("TABLE · LAYOUT") if self.data.eleventh else gettext("TABLE"),
                    gettext("OPPONENT"),
                ],
                rows,
                widths,
                style,
            ),
        ]
