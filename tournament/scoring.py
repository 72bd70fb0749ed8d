"""Result scores: the Leviathan caps and the rules a submitted score must follow.

Plain Python, no Django: the API, the pages, the importer and the game tracker all validate
through `clean_result`, so a score is judged the same way wherever it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament.errors import Invalid

PARTS = ("primary", "secondary", "gambit", "battle_ready")


@dataclass(frozen=True)
class Caps:
    """Per-player caps of the pack (leviathan-facts.md, "Scoring caps per player")."""

    primary_and_gambit: int = 50
    secondary: int = 40
    battle_ready: int = 10
    total: int = 100
    # The pack's gambit cards score 30VP on success, or nothing: no other value exists.
    gambit: int = 30


LEVIATHAN_CAPS = Caps()


def _whole(errors: dict, field: str, value, maximum: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        else:
            errors.setdefault(field, []).append(("invalid", "Must be a whole number."))
            return None
    if value < 0:
        errors.setdefault(field, []).append(("min_value", "Must be at least 0."))
        return None
    if value > maximum:
        errors.setdefault(field, []).append(("max_value", f"Must be at most {maximum}."))
        return None
    return value


def _clean_side(data: dict, side: str, caps: Caps, errors: dict) -> dict:
    vp_field = f"vp_{side}"
    out = {f"{part}_{side}": None for part in PARTS}
    limits = {
        "primary": caps.primary_and_gambit,
        "secondary": caps.secondary,
        "gambit": caps.primary_and_gambit,
        "battle_ready": caps.battle_ready,
    }
    given = False
    for part in PARTS:
        field = f"{part}_{side}"
        value = _whole(errors, field, data.get(field), limits[part])
        if data.get(field) is not None:
            given = True
        out[field] = value
    vp = _whole(errors, vp_field, data.get(vp_field), caps.total)
    if not given:
        if data.get(vp_field) is None:
            errors.setdefault(vp_field, []).append(("required", "This field is required."))
        out[vp_field] = vp
        return out
    if any(f in errors for f in out):
        return out
    parts = {p: out[f"{p}_{side}"] or 0 for p in PARTS}
    for part in PARTS:
        out[f"{part}_{side}"] = parts[part]
    if parts["gambit"] not in (0, caps.gambit):
        errors.setdefault(f"gambit_{side}", []).append(
            ("choice", f"Must be 0 or {caps.gambit} (a gambit scores {caps.gambit} VP or nothing).")
        )
    if parts["battle_ready"] not in (0, caps.battle_ready):
        errors.setdefault(f"battle_ready_{side}", []).append(
            ("choice", f"Must be 0 or {caps.battle_ready} (Battle Ready bonus).")
        )
    if parts["primary"] + parts["gambit"] > caps.primary_and_gambit:
        errors.setdefault(f"primary_{side}", []).append(
            ("cap", f"Primary plus gambit must be at most {caps.primary_and_gambit}.")
        )
    total = sum(parts.values())
    if total > caps.total:
        errors.setdefault(vp_field, []).append(("cap", f"Must be at most {caps.total}."))
    elif vp is not None and vp != total:
        errors.setdefault(vp_field, []).append(
            ("mismatch", f"Must equal the breakdown's sum ({total}).")
        )
    out[vp_field] = total
    return out


def clean_result(data: dict, *, bye: bool = False, caps: Caps = LEVIATHAN_CAPS) -> dict:
    """Validate a submitted score and return it complete, or raise `Invalid` naming each field.

    Accepts a bare total (`vp_a`, `vp_b`) or a breakdown per side; a breakdown's parts that
    are left out count as 0 and the total must match it when both are given.
    """
    errors: dict[str, list[tuple[str, str]]] = {}
    known = {f"{p}_{s}" for p in (*PARTS, "vp") for s in "ab"}
    for field in data:
        if field not in known:
            errors.setdefault(field, []).append(("unknown_field", "Not a result field."))
    cleaned = _clean_side(data, "a", caps, errors)
    if bye:
        if any(data.get(f"{p}_b") is not None for p in (*PARTS, "vp")):
            errors.setdefault("vp_b", []).append(("bye", "A bye has no opponent score."))
        cleaned.update({f"{p}_b": None for p in (*PARTS, "vp")})
    else:
        cleaned.update(_clean_side(data, "b", caps, errors))
    if errors:
        raise Invalid.from_errors(errors)
    return cleaned


def outcome(vp_a: int, vp_b: int | None) -> str:
    """'a', 'b' or 'draw': more VP wins, equal VP is a draw, no opponent (bye) is a win."""
    if vp_b is None:
        return "a"
    if vp_a == vp_b:
        return "draw"
    return "a" if vp_a > vp_b else "b"
