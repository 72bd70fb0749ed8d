"""Each player's list, read and checked, in the event document: the optional keys `list_rules`,
`list_roster` and `list_problems` beside `army_list`, shaped as the list API gives them
(armylists.army_list_results), for whoever reads the file. They are derived: the export computes
them from the list's text and the event's pinned rules data, and an import checks their shape
(refusing a bad one by its place, like every other key) and then drops them, because the
importing site computes them again from the same text and pin. A file saying that a list passes
proves nothing. Registered with the exchange at start-up (rosters.services.hooks)."""

from __future__ import annotations

from dataclasses import dataclass

from common.errors import Invalid
from exchange.extensions import DerivedKeys, player_derived_register
from exchange.services.fields import bad
from rosters.engine.checks import ERROR, WARNING
from rosters.services.armylists import army_list_results
from rosters.services.rules import army_list_rules
from tournament.models import Player

# Document key -> the part of army_list_results it carries.
KEYS = {"list_rules": "rules", "list_roster": "roster", "list_problems": "problems"}


@dataclass(frozen=True)
class Value:
    kind: str  # "str", "int" or "bool"
    null: bool = False
    choices: tuple = ()


@dataclass(frozen=True)
class Obj:
    """An object with exactly these keys (`what` names it in a refusal)."""

    what: str
    keys: dict
    # Keys a file written before they existed may lack.
    optional: frozenset = frozenset()


@dataclass(frozen=True)
class ListOf:
    item: object


TEXT, TEXT_OR_NULL = Value("str"), Value("str", null=True)
WHOLE_OR_NULL, FLAG = Value("int", null=True), Value("bool")
UNIT = Obj(
    "unit",
    {
        "name": TEXT,
        "points": WHOLE_OR_NULL,
        "models": WHOLE_OR_NULL,
        "wargear": ListOf(TEXT),
        "enhancements": ListOf(TEXT),
        "warlord": FLAG,
        "section": TEXT_OR_NULL,
        "line": WHOLE_OR_NULL,
    },
)
ROSTER = Obj(
    "roster",
    {
        "name": TEXT_OR_NULL,
        "points": WHOLE_OR_NULL,
        "edition": TEXT_OR_NULL,
        "faction": TEXT_OR_NULL,
        "battle_size": TEXT_OR_NULL,
        "points_limit": WHOLE_OR_NULL,
        "detachments": ListOf(TEXT),
        "detachment_points": WHOLE_OR_NULL,
        "dispositions": ListOf(TEXT),
        "units": ListOf(UNIT),
        "unread": ListOf(Obj("line kept as sent", {"text": TEXT, "line": WHOLE_OR_NULL})),
        "exported_with": TEXT_OR_NULL,
        "notes": ListOf(TEXT),
        "source": TEXT,
    },
    optional=frozenset({"detachment_points", "notes"}),
)
RULES = Obj(
    "verdict",
    {"edition": TEXT, "data_version": TEXT_OR_NULL, "checked": FLAG, "passes": FLAG},
)
PROBLEM = Obj(
    "problem",
    {
        "code": TEXT,
        "severity": Value("str", choices=(ERROR, WARNING)),
        "subject": TEXT,
        "message": TEXT,
        "line": WHOLE_OR_NULL,
        "assumed": FLAG,
        "overruled": TEXT_OR_NULL,
    },
)
SHAPES = {"list_rules": RULES, "list_roster": ROSTER, "list_problems": ListOf(PROBLEM)}
MUST = {"str": "must be text.", "int": "must be a whole number.", "bool": "must be true or false."}


def shape_check(value, shape, path: str) -> None:
    """`value` has `shape` (Value, Obj or ListOf); raises bad(path, ...) naming the first
    place that has not."""
    if isinstance(shape, ListOf):
        if not isinstance(value, list):
            raise bad(path, "must be a list.")
        for i, item in enumerate(value):
            shape_check(item, shape.item, f"{path}[{i}]")
    elif isinstance(shape, Obj):
        _object_check(value, shape, path)
    else:
        _value_check(value, shape, path)


def _object_check(value, shape: Obj, path: str) -> None:
    if not isinstance(value, dict):
        raise bad(path, "must be an object.")
    for key, inner in shape.keys.items():
        if key not in value:
            if key in shape.optional:
                continue
            raise bad(f"{path}.{key}", "missing.")
        shape_check(value[key], inner, f"{path}.{key}")
    for key in value:
        if key not in shape.keys:
            raise bad(f"{path}.{key}", f"not a key of a {shape.what}.")


def _value_check(value, shape: Value, path: str) -> None:
    if value is None:
        if not shape.null:
            raise bad(path, "must not be empty.")
        return
    python = {"str": str, "int": int, "bool": bool}[shape.kind]
    # bool is an int to Python, never to the file.
    if not isinstance(value, python) or (shape.kind == "int" and isinstance(value, bool)):
        raise bad(path, MUST[shape.kind])
    if shape.choices and value not in shape.choices:
        raise bad(path, f"'{value}' is not one of {', '.join(shape.choices)}.")


def _dump(player: Player) -> dict:
    try:
        rules = army_list_rules(player=player)
    except Invalid:
        # The event pins rules data this site does not have (a file from a newer site): the
        # checks cannot be computed here, so the document says nothing of them.
        return {}
    if rules is None:
        return {}
    results = army_list_results(rules, player.list_overrules)
    return {key: results[part] for key, part in KEYS.items()}


def _check(data: dict, values: dict, path: str) -> None:
    for key, shape in SHAPES.items():
        if key not in data:
            continue
        if not values.get("army_list"):
            raise bad(f"{path}.{key}", "a player without an army list has no checks of it.")
        shape_check(data[key], shape, f"{path}.{key}")


DERIVED = DerivedKeys(name="rosters", dump=_dump, check=_check)


def register() -> None:
    player_derived_register(DERIVED)
