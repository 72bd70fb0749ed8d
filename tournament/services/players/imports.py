"""Importing players from a CSV file: a preview that lists each row's problems, then all or none.

A header row names the columns (any order, any case): `name` is required; `faction`, `club`,
`email`, `battle_ready` (yes/no) and the fields other apps keep for players (rosters:
`army_list`) are optional, and in 11th-edition events
`disposition` (the id or the name: "take-and-hold" or "Take and Hold"). Unknown columns are
ignored, so a spreadsheet exported from another tool imports without editing.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext

from common.errors import Invalid
from tournament.data.factions import faction_canonical, faction_known
from tournament.engine.names import name_key
from tournament.models import Event, Player
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable
from tournament.services.events.extra_fields import extra_clean, extra_editable
from tournament.services.players.names import name_checked
from tournament.services.players.players import TEXT_FIELDS, player_register
from tournament.services.players.registration import email_clean
from tournament.services.rounds.eleventh import disposition_from_text, is_eleventh

COLUMNS = ("name", "faction", "club", "email", "battle_ready")
TRUE_WORDS = {"1", "y", "yes", "true", "x", "painted"}
FALSE_WORDS = {"", "0", "n", "no", "false"}
MAX_ROWS = 1000
MAX_BYTES = 1_000_000
# Only other apps' text (an army list) may run over several lines; a line break anywhere else
# means a quote was opened and never closed, which would silently merge the rows that follow
# into one player.


def _multiline() -> set[str]:
    return set(extra_editable("player"))


CONTROL = {chr(c) for c in range(32)} - {"\n", "\r", "\t"}


@dataclass
class ImportRow:
    line: int
    data: dict
    errors: list[str] = field(default_factory=list)
    # What the organiser may want to check; the row imports all the same.
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def csv_decoded(raw: bytes | str) -> str:
    """An uploaded CSV's text: UTF-8, a spreadsheet's byte order mark dropped. Bytes that are
    not UTF-8 are refused naming their line, never guessed at or replaced (a name read in the
    wrong character set would be stored misspelt)."""
    if isinstance(raw, str):
        return raw.removeprefix("\ufeff")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise Invalid(
            "file",
            "encoding",
            gettext(
                "Line %(line)s: not UTF-8 text (byte 0x%(raw)s); save the "
                "file as “CSV UTF-8” (in LibreOffice: character set Unicode "
                "(UTF-8))."
            )
            % {"line": line, "raw": format(raw[exc.start], "02X")},
        ) from None


def csv_rows(text: str) -> list[tuple[int, list[str]]]:
    """Each CSV row with the line it starts on; a row the csv module cannot read (a field
    longer than its limit, far beyond any name) is refused naming its line."""
    reader = csv.reader(io.StringIO(text))
    rows, start = [], 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return rows
        except csv.Error as exc:
            raise Invalid(
                "file",
                "malformed",
                gettext("Line %(start)s: this is not a CSV line we can read (%(exc)s).")
                % {"start": start, "exc": exc},
            ) from None
        rows.append((start, cells))
        start = reader.line_num + 1


def _decode(raw: bytes | str) -> str:
    if not isinstance(raw, str) and len(raw) > MAX_BYTES:
        raise Invalid("file", "too_large", gettext("The file must be at most 1 MB."))
    return csv_decoded(raw)


def _check_text(text: str) -> None:
    """Refuse bytes no player name holds (NUL, other control characters), naming the line."""
    for number, line in enumerate(text.splitlines(), start=1):
        bad = next((c for c in line if c in CONTROL), None)
        if bad is not None:
            raise Invalid(
                "file",
                "control_character",
                gettext(
                    "Line %(number)s contains a control character (code "
                    "%(ord)s); save the file as plain CSV text."
                )
                % {"number": number, "ord": ord(bad)},
            )


def _records(reader: csv.DictReader):
    """The reader's records with the line each starts on; malformed CSV names its line."""
    start = reader.line_num + 1
    while True:
        try:
            record = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            if "end of data" in str(exc):
                raise Invalid(
                    "file",
                    "unclosed_quote",
                    gettext(
                        'Line %(start)s: a quote (") opens a field that never '
                        "closes; close the quote or remove it."
                    )
                    % {"start": start},
                ) from exc
            raise Invalid(
                "file",
                "malformed",
                gettext("Line %(start)s: this is not valid CSV (%(exc)s).")
                % {"start": start, "exc": exc},
            ) from exc
        spread = [k for k, v in record.items() if isinstance(v, str) and "\n" in v]
        if any(k not in _multiline() for k in spread):
            raise Invalid(
                "file",
                "unclosed_quote",
                gettext(
                    'Line %(start)s: a quote (") opens a field that runs on to '
                    "line %(line_num)s; close the quote or remove it."
                )
                % {"start": start, "line_num": reader.line_num},
            )
        yield start, record
        start = reader.line_num + 1


def _disposition(record: dict, data: dict, errors: list[str]) -> None:
    value = " ".join((record.get("disposition") or "").split())
    try:
        data["disposition"] = disposition_from_text(value)
    except Invalid:
        data["disposition"] = value
        errors.append(
            f"disposition: '{value}' is not a Force Disposition (Take and Hold, Disruption, "
            "Purge the Foe, Priority Assets or Reconnaissance)."
        )


def _row_data(record: dict, *, eleventh: bool = False) -> tuple[dict, list[str]]:
    data, errors = {}, []
    if eleventh:
        # Other packs have no dispositions: there the column is one more unknown column.
        _disposition(record, data, errors)
    for column in extra_editable("player"):
        try:
            data.update(extra_clean("player", {column: record.get(column) or ""}))
        except Invalid as exc:
            data[column] = record.get(column) or ""
            message = exc.messages[column][0]
            errors.append(f"{column}: {message[0].lower()}{message[1:]}")
    for column in COLUMNS:
        value = " ".join((record.get(column) or "").split())
        if column == "battle_ready":
            word = value.lower()
            if word not in TRUE_WORDS | FALSE_WORDS:
                errors.append(f"battle_ready: '{value}' is not yes or no.")
            data[column] = word in TRUE_WORDS
            continue
        if column == "email":
            try:
                data[column] = email_clean(value)
            except Invalid:
                data[column] = value
                errors.append(f"email: '{value}' is not an email address.")
            continue
        if column == "name":
            try:
                data[column] = name_checked(record.get(column) or "")
            except Invalid as exc:
                data[column] = value
                message = exc.messages["name"][0]
                errors.append(f"name: {message[0].lower()}{message[1:]}")
            continue
        limit = TEXT_FIELDS[column]
        if len(value) > limit:
            errors.append(f"{column}: must be at most {limit} characters.")
        data[column] = faction_canonical(value) if column == "faction" else value
    return data, errors


def import_preview(*, event: Event, raw: bytes | str) -> list[ImportRow]:
    """Every data row with what it would create and why it cannot (if it cannot)."""
    text = _decode(raw)
    _check_text(text)
    reader = csv.DictReader(io.StringIO(text), strict=True)
    try:
        fieldnames = reader.fieldnames
    except csv.Error as exc:
        raise Invalid(
            "file", "malformed", gettext("Line 1: this is not valid CSV (%(exc)s).") % {"exc": exc}
        ) from exc
    if not fieldnames:
        raise Invalid(
            "file", "empty", gettext("The file is empty; it needs a header row with 'name'.")
        )
    reader.fieldnames = [(h or "").strip().lower() for h in reader.fieldnames]
    if "name" not in reader.fieldnames:
        raise Invalid(
            "file", "no_name_column", gettext("The header row must have a 'name' column.")
        )
    taken = dict(Player.objects.filter(event=event).values_list("name_key", "name"))
    seen: dict[str, int] = {}
    rows = []
    for line, record in _records(reader):
        if not any((v or "").strip() for v in record.values() if isinstance(v, str)):
            continue
        if len(rows) >= MAX_ROWS:
            raise Invalid(
                "file",
                "too_many_rows",
                gettext("At most %(MAX_ROWS)s players per import.") % {"MAX_ROWS": MAX_ROWS},
            )
        data, errors = _row_data(record, eleventh=is_eleventh(event))
        key = name_key(data["name"]) if data["name"] else ""
        if key and key in taken:
            errors.append(f"name: {taken[key]} is already registered in this event.")
        elif key and key in seen:
            errors.append(f"name: repeats line {seen[key]}.")
        seen.setdefault(key, line)
        notes = []
        if data["faction"] and faction_known(data["faction"]) is None:
            notes.append(f"faction: {data['faction']} is not in the faction list; kept as typed.")
        rows.append(ImportRow(line=line, data=data, errors=errors, notes=notes))
    if not rows:
        raise Invalid("file", "no_rows", gettext("The file has a header but no players."))
    return rows


def import_players(*, event: Event, user, raw: bytes | str) -> list[Player]:
    """Register every row, or none when any row has a problem."""
    require_organiser(user, event)
    event_require_writable(event)
    rows = import_preview(event=event, raw=raw)
    bad = [r for r in rows if not r.ok]
    if bad:
        first = bad[0]
        raise Invalid(
            "file",
            "row_errors",
            gettext("%(bad_count)s row(s) have problems; line %(line)s: %(errors)s")
            % {"bad_count": len(bad), "line": first.line, "errors": first.errors[0]},
        )
    with transaction.atomic():
        return [player_register(event=event, user=user, **row.data) for row in rows]
