"""The fields of each model in an event document, and how their values are written and read.

Each model's plain fields are listed once here, so export and import cannot drift apart: a
field the exporter writes is a field the importer checks and restores. References (players,
games, accounts) are not plain fields; export.py and importing/ handle them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.utils.dateparse import parse_date, parse_datetime, parse_duration
from django.utils.duration import duration_iso_string
from django.utils.translation import gettext

from common.errors import Invalid
from missions.eleventh.matrix import DISPOSITION_IDS, LAYOUT_LETTERS
from missions.scoring.eleventh import SECONDARY_MODES, SIDES
from tournament.engine.errors import EngineError
from tournament.engine.names import name_clean, name_key, text_clean
from tournament.engine.standings.metrics import DEFAULT_OWR_FLOOR_TEXT
from tournament.models import (
    BattleSize,
    EventKind,
    EventStatus,
    LayoutPolicy,
    PaperSize,
    PlayerStatus,
    PublicNames,
    ResultSource,
    ResultStatus,
    RoundStage,
    RoundStatus,
    StaffRole,
)
from tournament.services.events.extra_fields import extras_of

FIELD = "file"
BREAKDOWN = ("primary", "secondary", "gambit", "battle_ready", "tactical")
# 11th edition: a disposition or a layout letter, or "" (none).
DISPOSITION_CHOICES = ("", *DISPOSITION_IDS)
LAYOUT_CHOICES = ("", *LAYOUT_LETTERS)


@dataclass(frozen=True)
class Spec:
    name: str
    kind: str  # str, int, bool, date, datetime, duration, json
    null: bool = False
    choices: tuple[str, ...] = ()
    # Added after the format's first files: a file without it reads as `default`.
    optional: bool = False
    default: object = None


def _specs(*rows) -> tuple[Spec, ...]:
    return tuple(Spec(*row) for row in rows)


EVENT = _specs(
    ("name", "text"),
    ("start_date", "date", True),
    ("end_date", "date", True),
    ("venue", "text"),
    ("planned_rounds", "int"),
    ("battle_size", "str", False, tuple(BattleSize.values)),
    ("points_limit", "int"),
    ("status", "str", False, tuple(EventStatus.values)),
    ("tiebreaks", "json"),
    ("bye_vp", "int"),
    ("hidden", "bool"),
    ("avoid_same_club", "bool"),
    ("check_in_required", "bool"),
    ("round_minutes", "int", True),
    ("registration_open", "bool"),
    ("places", "int", True),
    ("registration_approval", "bool"),
    ("paper_size", "str", False, tuple(PaperSize.values)),
    # Issue 36: files written before it show full names.
    ("public_names", "str", False, tuple(PublicNames.values), True, PublicNames.FULL.value),
    ("mission_pack", "str"),
    ("mission_order", "json"),
    ("mission_seed", "int", True, (), True),
    ("time_zone", "str"),
    # Issue 36: files written before it print in the importing site's language.
    ("language", "str", False, (), True, settings.LANGUAGE_CODE),
    ("archived", "bool"),
    ("painting_max", "int"),
    ("weight_battle", "int"),
    ("weight_painting", "int"),
    ("weight_sports", "int"),
    ("created_at", "datetime"),
    # Team events (teams app): files written before them are singles events.
    ("kind", "str", False, tuple(EventKind.values), True, EventKind.SINGLES.value),
    ("team_size", "int", False, (), True, 5),
    # Files written before the status followed the event: their status stays as written.
    ("status_auto", "bool", False, (), True, False),
    # Release of pairings: files written before it never held rounds back.
    ("review_pairings", "bool", False, (), True, False),
    # Check-in from the phone: files written before it never opened check-in.
    ("check_in_open", "bool", False, (), True, False),
    ("check_in_opens_at", "datetime", True, (), True),
    ("check_in_closes_at", "datetime", True, (), True),
    ("check_in_networks", "json", False, (), True, []),
    # 11th-edition layouts: files written before them roll each table's layout.
    (
        "layout_policy",
        "str",
        False,
        tuple(LayoutPolicy.values),
        True,
        LayoutPolicy.ROLLED_PER_TABLE.value,
    ),
    ("table_layouts", "json", False, (), True, {}),
    # The floor of the owr_floor metric: files written before it read as the default (no event
    # then could rank by it).
    ("owr_floor", "str", False, (), True, DEFAULT_OWR_FLOOR_TEXT),
)
PLAYER = _specs(
    ("name", "str"),
    ("faction", "text"),
    ("club", "text"),
    # Added later: a file without it reads as no address.
    ("email", "str", False, (), True, ""),
    ("battle_ready", "bool"),
    ("checked_in", "bool"),
    ("dropped", "bool"),
    ("dropped_after_round", "int", True),
    ("first_round", "int"),
    ("fixed_table", "int", True),
    ("status", "str", False, tuple(PlayerStatus.values)),
    ("private_key", "str"),
    ("created_at", "datetime"),
    # 11th edition: files written before it hold no dispositions.
    ("disposition", "str", False, DISPOSITION_CHOICES, True, ""),
    # Issue 36: files written before it hold no nicknames.
    ("nickname", "text", False, (), True, ""),
)
TABLE = _specs(
    ("number", "int"),
    ("label", "str"),
    ("terrain_layout", "int", True),
    ("accessible", "bool"),
)
ROUND = _specs(
    ("number", "int"),
    ("status", "str", False, tuple(RoundStatus.values)),
    ("seed", "int", True),
    ("method", "str"),
    ("mission_code", "str"),
    ("pairing_cost", "json"),
    ("clock_length_s", "int", True),
    ("clock_started_at", "datetime", True),
    ("clock_ends_at", "datetime", True),
    ("clock_remaining", "duration", True),
    ("created_at", "datetime"),
    ("released", "bool", False, (), True, True),
    ("layout", "str", False, LAYOUT_CHOICES, True, ""),
    # Knockout rounds of the play-offs: files written before them hold Swiss rounds only.
    ("stage", "str", False, tuple(RoundStage.values), True, RoundStage.SWISS.value),
)
GAME = _specs(
    ("table_number", "int", True),
    ("flags", "json"),
    # 11th edition: the dispositions the game was made with and its layout letter.
    ("disposition_a", "str", False, DISPOSITION_CHOICES, True, ""),
    ("disposition_b", "str", False, DISPOSITION_CHOICES, True, ""),
    ("layout", "str", False, LAYOUT_CHOICES, True, ""),
)
RESULT = _specs(
    ("version", "int"),
    ("is_current", "bool"),
    *(
        (f"{part}_{side}", "int", True)
        for part in ("primary", "secondary", "gambit", "battle_ready")
        for side in "ab"
    ),
    ("tactical_a", "int", True, (), True),
    ("tactical_b", "int", True, (), True),
    ("vp_a", "int"),
    ("vp_b", "int", True),
    # A battle ended early (issue 26): files written before it say nothing, and the VP decide.
    ("decided", "str", False, ("", "a_wins", "b_wins", "draw"), True, ""),
    ("ended", "str", False, ("", "time", "concession", "tabled"), True, ""),
    ("power_a", "int", True, (), True),
    ("power_b", "int", True, (), True),
    ("status", "str", False, tuple(ResultStatus.values)),
    ("source", "str", False, tuple(ResultSource.values)),
    ("entered_at", "datetime"),
    ("confirmed_at", "datetime", True),
)
# The 11th-edition game record (missions/scoring/eleventh.py): optional keys, written only
# when recorded, so other packs' files are as before; importing/check.py checks them by its rules.
RESULT_RECORD = _specs(
    ("rounds_a", "json", True, (), True),
    ("rounds_b", "json", True, (), True),
    ("attacker", "str", True, SIDES, True),
    ("first_turn", "str", True, SIDES, True),
    ("secondaries_a", "str", True, SECONDARY_MODES, True),
    ("secondaries_b", "str", True, SECONDARY_MODES, True),
)
# Game clocks (issue 35): each side's seconds used and who ran out; optional keys, written
# only when the game had a clock, so other files are as before.
RESULT_CLOCK = _specs(
    ("time_used_a", "int", True, (), True),
    ("time_used_b", "int", True, (), True),
    ("timed_out", "str", False, ("", "a", "b"), True, ""),
)
STAFF = _specs(("role", "str", False, tuple(StaffRole.values)), ("added_at", "datetime"))
PAINTING = _specs(("score", "int"), ("entered_at", "datetime"))
VOTE = _specs(("favourite", "bool"), ("cast_at", "datetime"))
ANNOUNCEMENT = _specs(("text", "str"), ("created_at", "datetime"))
# When an announcement ends (an end time, or the round whose release ends it): optional keys,
# written only when set, so files of announcements without an end are as before.
ANNOUNCEMENT_ENDS = _specs(
    ("ends_at", "datetime", True, (), True),
    ("until_round", "int", True, (), True),
)
# Issue 35: minutes staff gave one table (written only when some were given).
GAME_EXTENDED = _specs(("extra_minutes", "int", False, (), True, 0))
# Penalties and cards (issue 35): an optional section, written only when the event has some.
PENALTY = _specs(
    ("kind", "str", False, ("warning", "yellow_card", "red_card", "vp_penalty", "game_loss")),
    ("round", "int"),
    ("vp", "int"),
    ("reason", "str"),
    ("given_at", "datetime"),
)
AUDIT = _specs(
    ("action", "str"),
    ("before", "json", True),
    ("after", "json", True),
    ("created_at", "datetime"),
    ("undone_at", "datetime", True),
)


def dump_value(spec: Spec, value):
    if value is None:
        return None
    if spec.kind in ("date", "datetime"):
        return value.isoformat()
    if spec.kind == "duration":
        return duration_iso_string(value)
    return value


def dump_fields(specs: tuple[Spec, ...], obj, extras: dict | None = None) -> dict:
    """`extras`: values other apps keep beside the row (extra_fields.py), by name."""
    extras = extras or {}
    return {
        spec.name: dump_value(
            spec, extras[spec.name] if spec.name in extras else getattr(obj, spec.name)
        )
        for spec in specs
    }


def extra_specs(kind: str) -> tuple[Spec, ...]:
    """The keys other apps keep beside players or events (rosters: `army_list`,
    `list_deadline`): the same names in the same place of the document as before they moved."""
    return tuple(spec for extension in extras_of(kind) for spec in extension.specs)


def player_specs() -> tuple[Spec, ...]:
    return (*PLAYER, *extra_specs("player"))


def event_specs() -> tuple[Spec, ...]:
    return (*EVENT, *extra_specs("event"))


def bad(path: str, message: str) -> Invalid:
    return Invalid(
        FIELD, "invalid_file", gettext("%(path)s: %(message)s") % {"path": path, "message": message}
    )


def name_value(value: str, path: str, held: dict, what: str) -> str:
    """A person's or team's name from a file, checked as every other path checks names
    (engine/names.py), and not the same name as one already read (`held`: key -> name)."""
    try:
        name = name_clean(value, limit=120)
    except EngineError as exc:
        raise bad(path, exc.message) from exc
    key = name_key(name)
    if key in held:
        other = held[key]
        same = "" if other == name else f" ({name} differs only in capitals or character forms)"
        raise bad(path, f"a second {what} called {other}{same}.")
    held[key] = name
    return name


def as_list(data, path: str) -> list:
    if not isinstance(data, list):
        raise bad(path, "must be a list.")
    return data


def unique_key(data: dict, path: str, seen: set, what: str) -> str:
    """The document key of one item (its references name it), once in its section."""
    key = data.get("key")
    if not isinstance(key, str) or not key or key.startswith("~"):
        raise bad(f"{path}.key", "must be text (not starting with ~).")
    if key in seen:
        raise bad(f"{path}.key", f"a second {what} '{key}'.")
    seen.add(key)
    return key


def _parsed(spec: Spec, value, path: str):
    if spec.kind in ("str", "text"):
        if not isinstance(value, str):
            raise bad(path, "must be text.")
        if spec.kind == "text":
            # What people typed: the one text check refuses what every form refuses; the
            # value is kept as written, so a document exports back the same.
            try:
                text_clean(value, field=path)
            except EngineError as exc:
                raise bad(path, exc.message) from None
        return value
    if spec.kind == "int":
        # bool is an int to Python, never to the file.
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise bad(path, "must be a whole number.")
    if spec.kind == "bool":
        if isinstance(value, bool):
            return value
        raise bad(path, "must be true or false.")
    if spec.kind == "json":
        return value
    parse = {"date": parse_date, "datetime": parse_datetime, "duration": parse_duration}[spec.kind]
    try:
        parsed = parse(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise bad(path, f"must be a {spec.kind} in ISO 8601 form.")
    if isinstance(parsed, dt.datetime) and parsed.tzinfo is None:
        raise bad(path, "must name its UTC offset.")
    return parsed


def load_fields(specs: tuple[Spec, ...], data, path: str) -> dict:
    """The model field values of one object of the file, each checked; raises naming the path."""
    if not isinstance(data, dict):
        raise bad(path, "must be an object.")
    out = {}
    for spec in specs:
        where = f"{path}.{spec.name}"
        if spec.name not in data:
            if spec.optional:
                out[spec.name] = spec.default
                continue
            raise bad(where, "missing.")
        value = data[spec.name]
        if value is None:
            if not spec.null:
                raise bad(where, "must not be empty.")
            out[spec.name] = None
            continue
        out[spec.name] = _parsed(spec, value, where)
        if spec.choices and value not in spec.choices:
            raise bad(where, f"'{value}' is not one of {', '.join(spec.choices)}.")
    return out
