"""What the pages and printouts ask of the 11th-edition pack: a matchup from the form's
choices or a shared code, and the layout it is played on."""

from __future__ import annotations

import random

from missions.eleventh.generator import (
    Matchup,
    generate_matchup,
    is_matchup_code,
    matchup_from_code,
)
from missions.eleventh.layouts import Layout, layout_for
from missions.pack.errors import MissionError
from tournament.errors import Invalid

__all__ = [
    "is_matchup_code",
    "matchup_generate",
    "matchup_layout",
    "matchup_lookup",
    "matchup_seed_draw",
]

SEED_LIMIT = 36**6  # a drawn seed keeps the code short


def _invalid(exc: MissionError) -> Invalid:
    return Invalid(exc.field or "code", exc.code, str(exc))


def _seed(value) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        raise Invalid("seed", "invalid", "Must be a whole number of at least 0.")
    return value


def matchup_seed_draw() -> int:
    """A fresh seed for a matchup nobody gave a seed for."""
    return random.SystemRandom().randrange(SEED_LIMIT)


def matchup_generate(*, seed, a: str = "", b: str = "", layout: str = "") -> Matchup:
    """The matchup for `seed` with the dispositions and layout letter given; an empty choice
    is rolled from the seed. Bad input raises Invalid naming the field."""
    try:
        return generate_matchup(_seed(seed), a=a or None, b=b or None, layout=layout or None)
    except MissionError as exc:
        raise _invalid(exc) from exc


def matchup_lookup(*, code: str) -> Matchup:
    """The matchup a shared code stands for."""
    try:
        return matchup_from_code(code)
    except MissionError as exc:
        raise _invalid(exc) from exc


def matchup_layout(matchup: Matchup) -> Layout:
    """The layout the matchup is played on (a stub that says so when the data lacks it)."""
    return layout_for(matchup.a, matchup.b, matchup.layout)
