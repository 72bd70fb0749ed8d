"""Files in the shapes ranking circuits publish for results (docs/exports.md, "Circuit
files", names the public page each shape comes from):

- the ITC-style results form: Placing, First Name, Last Name, Bonus Points;
- the T³ national tournament ranking (NTR) as plain text: the tournament's name, game system,
  place and date, then per player the placement, first and last name, nickname, origin and army.

Built from the player sheet (services/sheets.py), so they count what it counts: confirmed
results and byes only.
"""

from __future__ import annotations

from exchange.engine.circuits import itc_bonus_points
from exchange.services.sheets import GAME_SYSTEM, player_sheet_export
from tournament.models import Event

ITC_COLUMNS = ("Placing", "First Name", "Last Name", "Bonus Points")
NTR_COLUMNS = ("Placement", "First name", "Last name", "Nickname", "Origin", "Army")


def _round_letters(row: dict, rounds: int) -> list[str | None]:
    return [row.get(f"round_{n}_result") for n in range(1, rounds + 1)]


def itc_form_export(*, event: Event, public: bool = False) -> tuple[tuple[str, ...], list[dict]]:
    """One row per ranked player, best first, with the form's four fields. `public`: players
    by the event's public names (the organiser's own copy for the circuit has them in full)."""
    rounds = event.rounds.count()
    _, rows = player_sheet_export(event=event, public=public)
    return ITC_COLUMNS, [
        {
            "Placing": row["place"],
            "First Name": row["first_name"],
            "Last Name": row["last_name"],
            "Bonus Points": itc_bonus_points(_round_letters(row, rounds)),
        }
        for row in rows
    ]


def _one_line(value) -> str:
    """A cell of the text file: no tab or line break can split a row."""
    return " ".join(str(value if value is not None else "").split())


def _dates(event: Event) -> str:
    if event.start_date is None:
        return ""
    if event.end_date and event.end_date != event.start_date:
        return f"{event.start_date.isoformat()} to {event.end_date.isoformat()}"
    return event.start_date.isoformat()


def ntr_text_export(*, event: Event, public: bool = False) -> str:
    """The tournament's facts, a blank line, then a tab-separated table with a header row:
    one row per ranked player, best first (places shared when tied). `public`: players by the
    event's public names (the organiser's own copy for the ranking has them in full)."""
    _, rows = player_sheet_export(event=event, public=public)
    head = [
        ("Tournament", event.name),
        ("Game system", GAME_SYSTEM),
        ("Place", event.venue),
        ("Date", _dates(event)),
        ("Players", len(rows)),
    ]
    lines = [f"{field}: {_one_line(value)}" for field, value in head]
    lines += ["", "\t".join(NTR_COLUMNS)]
    for row in rows:
        cells = (row["place"], row["first_name"], row["last_name"], "", row["club"], row["faction"])
        lines.append("\t".join(_one_line(c) for c in cells))
    return "\r\n".join(lines) + "\r\n"
