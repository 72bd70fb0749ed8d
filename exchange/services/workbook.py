"""An event as a real spreadsheet (.xlsx): its facts, standings, one row per player, results
and pairings, one sheet each (docs/exports.md lists the columns).

Why a workbook beside the CSV files: a spreadsheet program guesses the type of every CSV cell,
so a record "2-0-1" can become a date and a name can lose its accents when the program picks the
wrong character set. In a workbook every cell has its type: names and records are text cells,
numbers are numbers, and nothing is guessed. Text that starts like a formula ("=...") is stored
as text too, never run.
"""

from __future__ import annotations

import io

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, TYPE_STRING
from openpyxl.utils import get_column_letter

from exchange.services.sheets import EVENT_SHEET_COLUMNS, event_metadata, player_sheet_export
from tournament.caching.cached import event_cached, standings_revision_for
from tournament.models import Event
from tournament.services.documents.exports import (
    pairings_columns,
    pairings_export,
    results_columns,
    results_export,
    standings_export,
)
from tournament.services.players.public import names_audience

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


# Column widths in characters: each column as wide as its longest cell, within these bounds.
WIDTH_MIN, WIDTH_MAX = 6, 60


def _value(value):
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        # A workbook cannot hold control characters (openpyxl refuses them, and the public file
        # answered 500): names stored before the text check refused them lose them here.
        return ILLEGAL_CHARACTERS_RE.sub("", value)
    return value


def _widths(sheet) -> None:
    for column in sheet.iter_cols():
        longest = max(len(str(c.value)) if c.value is not None else 0 for c in column)
        width = min(max(longest + 2, WIDTH_MIN), WIDTH_MAX)
        sheet.column_dimensions[get_column_letter(column[0].column)].width = width


def _sheet(book: Workbook, title: str, columns, rows: list[dict]) -> None:
    sheet = book.create_sheet(title)
    sheet.append(list(columns))
    for row in rows:
        sheet.append([_value(row.get(c)) for c in columns])
    for cells in sheet.iter_rows(min_row=2):
        for cell in cells:
            if isinstance(cell.value, str):
                # openpyxl takes a string starting with "=" for a formula; here it is a name.
                cell.data_type = TYPE_STRING
    sheet.freeze_panes = "A2"
    _widths(sheet)


def event_workbook(*, event: Event, public: bool = False) -> bytes:
    """The .xlsx file: sheets Event, Standings, Players, Results, Pairings (every round)."""
    book = Workbook()
    book.remove(book.active)
    _sheet(book, "Event", EVENT_SHEET_COLUMNS, event_metadata(event=event))
    columns, rows = standings_export(event=event, public=public)
    _sheet(book, "Standings", columns, rows)
    columns, rows = player_sheet_export(event=event, public=public)
    _sheet(book, "Players", columns, rows)
    _sheet(book, "Results", results_columns(event), results_export(event=event, public=public))
    pairings = []
    for number in event.rounds.filter(released=True).values_list("number", flat=True):
        pairings += pairings_export(event=event, number=number, public=public)
    _sheet(book, "Pairings", pairings_columns(event), pairings)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def workbook_cached(*, event: Event, public: bool = False) -> bytes:
    """The event's .xlsx file once per standings revision: it holds confirmed results, players,
    settings and released pairings, all of which move that revision (unconfirmed entries do
    not); a 1,000-player workbook takes seconds to build, so every download after the first
    is the stored file until something in it changes."""
    return event_cached(
        event=event,
        name="workbook",
        # The public's copy holds the event's public names (issue 36), the staff's full names.
        variant=names_audience(event, staff=not public),
        revision=standings_revision_for(event=event, provisional=False),
        compute=lambda: event_workbook(event=event, public=public),
    )
