"""What an 11th-edition result records beside its scores, and the rules it must follow.

Plain Python, no Django (like `missions.scoring.rules`, which calls it for the `eleventh`
pack):

- `rounds_a`, `rounds_b`: the per-battle-round breakdown, exactly five `{"primary",
  "secondary"}` objects, each value a whole number from 0 to 15 (eleventh-facts.md, section 3:
  each part is capped per battle round). Given with `primary_a`/`secondary_a`, the rounds must
  add up to them; given alone, they supply them (the tracker and the scoresheet's grid).
- `attacker`, `first_turn`: which side (`"a"` or `"b"`) was the Attacker and which took the
  first turn.
- `secondaries_a`, `secondaries_b`: `"fixed"` or `"tactical"`, each side's secondary mode.

Every key is optional (None: not recorded). Statistics read them from confirmed results.
"""

from __future__ import annotations

ROUNDS = 5
PER_ROUND = 15
ROUND_PARTS = ("primary", "secondary")
SIDES = ("a", "b")
SECONDARY_MODES = ("fixed", "tactical")
# Every key the record adds to a result's scores, in the order the API lists them.
RECORD_FIELDS = ("rounds_a", "rounds_b", "attacker", "first_turn", "secondaries_a", "secondaries_b")
# The keys that describe one side, for a bye (no side B).
SIDE_B_FIELDS = ("rounds_b", "secondaries_b")
# Game-wide choices of a side: their allowed values.
CHOICES = {
    "attacker": SIDES,
    "first_turn": SIDES,
    "secondaries_a": SECONDARY_MODES,
    "secondaries_b": SECONDARY_MODES,
}


def _add(errors: dict, field: str, code: str, message: str) -> None:
    errors.setdefault(field, []).append((code, message))


def _round_value(errors: dict, field: str, value) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        _add(errors, field, "invalid", "Must be a whole number.")
        return None
    if not 0 <= value <= PER_ROUND:
        _add(
            errors,
            field,
            "max_value" if value > PER_ROUND else "min_value",
            f"Must be from 0 to {PER_ROUND} (the cap per battle round).",
        )
        return None
    return value


def clean_rounds(value, field: str, errors: dict) -> list[dict] | None:
    """Five checked `{"primary", "secondary"}` objects, or None (absent or refused)."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != ROUNDS:
        _add(errors, field, "rounds", f"Must be a list of exactly {ROUNDS} battle rounds.")
        return None
    rounds, ok = [], True
    for i, item in enumerate(value):
        where = f"{field}[{i}]"
        if not isinstance(item, dict):
            _add(errors, where, "invalid", "Must be an object with primary and secondary.")
            ok = False
            continue
        for key in item:
            if key not in ROUND_PARTS:
                _add(errors, f"{where}.{key}", "unknown_field", "Not a battle round field.")
                ok = False
        row = {}
        for part in ROUND_PARTS:
            if part not in item:
                _add(errors, f"{where}.{part}", "required", "This field is required.")
                ok = False
                continue
            row[part] = _round_value(errors, f"{where}.{part}", item[part])
            ok = ok and row[part] is not None
        rounds.append(row)
    return rounds if ok else None


def _choice(value, field: str, errors: dict) -> str | None:
    if value is None:
        return None
    allowed = CHOICES[field]
    if value not in allowed:
        _add(errors, field, "choice", f"Must be {' or '.join(repr(c) for c in allowed)}.")
        return None
    return value


def record_parts(data: dict, errors: dict, *, bye: bool = False) -> tuple[dict, dict]:
    """The checked record (`RECORD_FIELDS`, None where absent) and the score parts its rounds
    supply: `{"primary_a": 40, ...}` for a side whose rounds are given and whose part is not.
    A side's given part that its rounds do not add up to is an error on the rounds."""
    record = dict.fromkeys(RECORD_FIELDS)
    supplied = {}
    for side in SIDES:
        field = f"rounds_{side}"
        if bye and side == "b":
            continue
        rounds = clean_rounds(data.get(field), field, errors)
        record[field] = rounds
        if rounds is None:
            continue
        for part in ROUND_PARTS:
            total = sum(r[part] for r in rounds)
            given = data.get(f"{part}_{side}")
            if given is None:
                supplied[f"{part}_{side}"] = total
            elif isinstance(given, int) and not isinstance(given, bool) and given != total:
                _add(
                    errors,
                    field,
                    "mismatch",
                    f"The rounds' {part} VP add up to {total}, not {part}_{side} ({given}).",
                )
    for field in CHOICES:
        record[field] = _choice(data.get(field), field, errors)
    if bye:
        for field in (*SIDE_B_FIELDS, "attacker", "first_turn"):
            if data.get(field) is not None:
                _add(errors, field, "bye", "A bye has no opponent and no game to record.")
            record[field] = None
    return record, supplied


def refuse_record(data: dict, errors: dict, pack_name: str) -> None:
    """Another pack's result: the record's keys, when given, belong to no field of it."""
    for field in RECORD_FIELDS:
        if data.get(field) is not None:
            _add(errors, field, "not_in_pack", f"Not a result field of the {pack_name} pack.")
