"""Importing players from a CSV file: a preview that lists each row's problems, then all or none.

A header row names the columns (any order, any case): `name` is required; `faction`, `club`,
`battle_ready` (yes/no) and `army_list` are optional. Unknown columns are ignored, so a
spreadsheet exported from another tool imports without editing.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.db import transaction

from tournament.errors import Invalid
from tournament.models import Event, Player
from tournament.services.access import require_organiser
from tournament.services.players import TEXT_FIELDS, player_register

COLUMNS = ("name", "faction", "club", "battle_ready", "army_list")
TRUE_WORDS = {"1", "y", "yes", "true", "x", "painted"}
FALSE_WORDS = {"", "0", "n", "no", "false"}
MAX_ROWS = 1000
MAX_BYTES = 1_000_000


@dataclass
class ImportRow:
    line: int
    data: dict
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def _decode(raw: bytes | str) -> str:
    if isinstance(raw, str):
        return raw
    if len(raw) > MAX_BYTES:
        raise Invalid("file", "too_large", "The file must be at most 1 MB.")
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise Invalid("file", "encoding", "The file must be UTF-8 text.")


def _row_data(record: dict) -> tuple[dict, list[str]]:
    data, errors = {}, []
    for column in COLUMNS:
        value = " ".join((record.get(column) or "").split())
        if column == "battle_ready":
            word = value.lower()
            if word not in TRUE_WORDS | FALSE_WORDS:
                errors.append(f"battle_ready: '{value}' is not yes or no.")
            data[column] = word in TRUE_WORDS
            continue
        if column == "army_list":
            data[column] = (record.get(column) or "").strip()
            continue
        limit = TEXT_FIELDS[column]
        if len(value) > limit:
            errors.append(f"{column}: must be at most {limit} characters.")
        data[column] = value
    if not data["name"]:
        errors.append("name: this field may not be blank.")
    return data, errors


def import_preview(*, event: Event, raw: bytes | str) -> list[ImportRow]:
    """Every data row with what it would create and why it cannot (if it cannot)."""
    text = _decode(raw)
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames:
        raise Invalid("file", "empty", "The file is empty; it needs a header row with 'name'.")
    reader.fieldnames = [(h or "").strip().lower() for h in reader.fieldnames]
    if "name" not in reader.fieldnames:
        raise Invalid("file", "no_name_column", "The header row must have a 'name' column.")
    taken = {n.lower() for n in Player.objects.filter(event=event).values_list("name", flat=True)}
    seen: dict[str, int] = {}
    rows = []
    for record in reader:
        if not any((v or "").strip() for v in record.values() if isinstance(v, str)):
            continue
        if len(rows) >= MAX_ROWS:
            raise Invalid("file", "too_many_rows", f"At most {MAX_ROWS} players per import.")
        data, errors = _row_data(record)
        key = data["name"].lower()
        if key and key in taken:
            errors.append("name: already registered in this event.")
        elif key in seen:
            errors.append(f"name: repeats line {seen[key]}.")
        seen.setdefault(key, reader.line_num)
        rows.append(ImportRow(line=reader.line_num, data=data, errors=errors))
    if not rows:
        raise Invalid("file", "no_rows", "The file has a header but no players.")
    return rows


def import_players(*, event: Event, user, raw: bytes | str) -> list[Player]:
    """Register every row, or none when any row has a problem."""
    require_organiser(user, event)
    rows = import_preview(event=event, raw=raw)
    bad = [r for r in rows if not r.ok]
    if bad:
        first = bad[0]
        raise Invalid(
            "file",
            "row_errors",
            f"{len(bad)} row(s) have problems; line {first.line}: {first.errors[0]}",
        )
    with transaction.atomic():
        return [player_register(event=event, user=user, **row.data) for row in rows]
