"""Short shareable mission codes: pack prefix + base-36 seed + check character, or a pool
mission ("LEV-8F3KQ2-7", "LEV-A").

Seed codes always have three parts and pool codes two, so the two never collide.."""

from __future__ import annotations

import string

from missions.pack.errors import MissionError

_DIGITS = string.digits + string.ascii_uppercase
_BASE = len(_DIGITS)


def _b36(n: int) -> str:
    out = ""
    while True:
        n, r = divmod(n, _BASE)
        out = _DIGITS[r] + out
        if n == 0:
            return out


def _check(body: str) -> str:
    # Weighted sum catches a single wrong character and most swaps of neighbours.
    return _DIGITS[sum((i + 1) * _DIGITS.index(c) for i, c in enumerate(body)) % _BASE]


def seed_code(prefix: str, seed: int) -> str:
    if seed < 0:
        raise MissionError("bad_seed", f"seed: must be >= 0, got {seed}", field="seed")
    body = _b36(seed)
    return f"{prefix}-{body}-{_check(body)}"


def pool_code(prefix: str, letter: str) -> str:
    return f"{prefix}-{letter.upper()}"


def parse_code(code: str) -> tuple[str, str, int | str]:
    """(prefix, kind, value): kind "seed" with an int or "pool" with a letter; raises
    `bad_code` for anything malformed or failing the check character."""
    parts = code.strip().upper().split("-")
    if len(parts) == 2 and len(parts[1]) == 1 and parts[1].isalpha():
        return parts[0], "pool", parts[1]
    seed_like = len(parts) == 3 and parts[1] and all(c in _DIGITS for c in parts[1])
    if seed_like and len(parts[2]) == 1 and _check(parts[1]) == parts[2]:
        return parts[0], "seed", int(parts[1], _BASE)
    raise MissionError("bad_code", f"code: {code!r} is not a valid mission code", field="code")
