"""What the tournament side asks of the missions app: the pool and a round's mission."""

from __future__ import annotations

import random

from missions.engine.generator import generate, mission_from_code, pool_mission
from missions.pack.errors import MissionError
from missions.pack.registry import get_pack
from tournament.errors import Invalid


def _pack(pack_key: str):
    try:
        return get_pack(pack_key)
    except MissionError as exc:
        raise Invalid("pack", "unknown_pack", str(exc)) from exc


def pool_codes(pack_key: str) -> list[str]:
    return [entry.code for entry in _pack(pack_key).pool]


def mission_check_code(pack_key: str, code: str) -> str:
    """A round's mission is a pool code of the event's pack; returns it normalised."""
    if not isinstance(code, str):
        raise Invalid("mission", "invalid", "Must be a pool mission code such as 'A'.")
    codes = pool_codes(pack_key)
    if code.strip().upper() not in codes:
        raise Invalid("mission", "unknown_mission", f"Must be one of {', '.join(codes)}.")
    return code.strip().upper()


def mission_summary(pack_key: str, code: str) -> dict | None:
    """The contract's `mission` object of a round: code, primary, mission rule, deployment."""
    if not code:
        return None
    return _pack(pack_key).pool_entry(code).to_dict()


def mission_generate(*, pack_key: str = "leviathan", seed=None):
    """A generated mission; with no seed one is chosen so the answer can still be shared."""
    if seed is None:
        seed = random.SystemRandom().randrange(36**6)
    elif isinstance(seed, str):
        if not seed.strip().isdigit():
            raise Invalid("seed", "invalid", "Must be a whole number of at least 0.")
        seed = int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0 or seed >= 2**63:
        raise Invalid("seed", "invalid", "Must be a whole number of at least 0.")
    return generate(_pack(pack_key), seed)


def mission_lookup(*, code: str):
    """The mission behind a shareable code (generated, or a pool letter)."""
    try:
        return mission_from_code(code)
    except MissionError as exc:
        raise Invalid("code", exc.code, str(exc)) from exc


def mission_pool(*, pack_key: str = "leviathan") -> list[dict]:
    return [entry.to_dict() for entry in _pack(pack_key).pool]


def round_mission(pack_key: str, code: str):
    """The full Mission (cards, map) of a round's pool code, for pages and printing."""
    if not code:
        return None
    return pool_mission(_pack(pack_key), code)
