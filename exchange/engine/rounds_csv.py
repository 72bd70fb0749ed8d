"""A plain CSV of an event's rounds, one game a row (docs/export-format.md, "Old events"):

    round,table,player_a,faction_a,vp_a,player_b,faction_b,vp_b

and optionally club_a, club_b, outcome (a_wins, b_wins, draw: only where the VP do not say
it, with ended) and ended (time, concession, tabled). A bye leaves player_b, faction_b and
vp_b empty (vp_a empty: the event's bye VP). Headers are matched without regard to case,
spaces or hyphens ("Player A" is player_a); a comma or a semicolon separates the columns.
Rows are counted from the header (row 1), as a spreadsheet numbers them.

Pure: `rounds_csv_read` gives an OldEvent or raises OldEventError naming the row and column;
`rounds_csv_write` writes rows that read back the same.
"""

from __future__ import annotations

import csv
import io

from exchange.engine.old_events import (
    OldEvent,
    OldEventError,
    OldGame,
    faction_value,
    text_value,
    whole,
)

REQUIRED = ("round", "table", "player_a", "faction_a", "vp_a", "player_b", "faction_b", "vp_b")
OPTIONAL = ("club_a", "club_b", "outcome", "ended")
COLUMNS = REQUIRED + OPTIONAL
OUTCOMES = ("a_wins", "b_wins", "draw")
ENDINGS = ("time", "concession", "tabled")
VP_LIMIT = 1000  # far above any pack's total: the pack's own cap is checked on import
ROWS_MAX = 20_000


def _header_key(text: str) -> str:
    return "_".join(text.strip().lower().replace("-", " ").split())


def _dialect(text: str) -> str:
    first = text.split("\n", 1)[0]
    return ";" if first.count(";") > first.count(",") else ","


def _header(row: list[str]) -> list[str]:
    names = [_header_key(cell) for cell in row]
    for i, name in enumerate(names):
        if name not in COLUMNS:
            raise OldEventError(
                f"row 1, column {i + 1}",
                f"'{row[i].strip()}' is not a column of a rounds file ({', '.join(COLUMNS)}).",
            )
        if name in names[:i]:
            raise OldEventError(f"row 1, column {i + 1}", f"a second '{name}' column.")
    missing = [name for name in REQUIRED if name not in names]
    if missing:
        raise OldEventError("row 1", f"no {', '.join(missing)} column.")
    return names


def _choice(value: str, place: str, choices: tuple[str, ...]) -> str:
    value = value.strip().lower()
    if value and value not in choices:
        raise OldEventError(place, f"'{value}' is not one of {', '.join(choices)}.")
    return value


def _game(event: OldEvent, data: dict, row: int) -> OldGame:
    at = {name: f"row {row}, {name}" for name in COLUMNS}
    number = whole(data.get("round"), at["round"], low=1)
    table = whole(data.get("table"), at["table"], low=1, empty=True)
    if not (data.get("player_a") or "").strip():
        raise OldEventError(at["player_a"], "missing.")
    a = event.player(
        data["player_a"],
        place=at["player_a"],
        faction=faction_value(data.get("faction_a"), at["faction_a"]),
        club=text_value(data.get("club_a"), at["club_a"]),
        at={"faction": at["faction_a"], "club": at["club_a"]},
    )
    name_b = (data.get("player_b") or "").strip()
    result = {"vp_a": whole(data.get("vp_a"), at["vp_a"], high=VP_LIMIT, empty=not name_b)}
    if name_b:
        b = event.player(
            name_b,
            place=at["player_b"],
            faction=faction_value(data.get("faction_b"), at["faction_b"]),
            club=text_value(data.get("club_b"), at["club_b"]),
            at={"faction": at["faction_b"], "club": at["club_b"]},
        )
        result["vp_b"] = whole(data.get("vp_b"), at["vp_b"], high=VP_LIMIT)
    else:
        b = None
        for name in ("faction_b", "vp_b", "club_b"):
            if (data.get(name) or "").strip():
                raise OldEventError(at[name], "a bye (no player_b) has no opponent.")
    outcome = _choice(data.get("outcome") or "", at["outcome"], OUTCOMES)
    ended = _choice(data.get("ended") or "", at["ended"], ENDINGS)
    if outcome:
        result["outcome"] = outcome
    if ended:
        result["ended"] = ended
    places = {name: at[name] for name in ("vp_a", "vp_b", "outcome", "ended", "table", "round")}
    return OldGame(number, table, a, b, result, places, f"row {row}")


def rounds_csv_read(text: str) -> OldEvent:
    """The games of a rounds file (a byte order mark and blank lines are ignored)."""
    text = text.removeprefix("\ufeff")
    if "\x00" in text:
        raise OldEventError("the file", "is not a text file.")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_dialect(text), strict=True)
    event = OldEvent()
    names: list[str] | None = None
    row = 0
    try:
        for row, cells in enumerate(reader, 1):
            if names is None:
                names = _header(cells)
                continue
            if not any(cell.strip() for cell in cells):
                continue
            if len(cells) > len(names):
                raise OldEventError(f"row {row}", f"{len(cells)} cells for {len(names)} columns.")
            if row > ROWS_MAX:
                raise OldEventError(f"row {row}", f"more than {ROWS_MAX} rows.")
            event.games.append(_game(event, dict(zip(names, cells, strict=False)), row))
    except csv.Error as exc:
        raise OldEventError(f"row {row + 1}", f"not CSV ({exc}).") from None
    if names is None:
        raise OldEventError("the file", "is empty: it needs a header row.")
    return event


def rounds_csv_write(games: list[dict]) -> str:
    """Rows (dicts with the COLUMNS as keys, any left out written empty) as a rounds file."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for game in games:
        writer.writerow(["" if game.get(c) is None else str(game[c]) for c in COLUMNS])
    return out.getvalue()
