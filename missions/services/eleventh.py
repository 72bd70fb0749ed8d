"""What the 11th-edition pages ask of the missions app: a matchup from the form's choices or a
shared code (through the generic mission services), and the layout it is played on."""

from __future__ import annotations

from missions.eleventh.generator import Matchup, is_matchup_code
from missions.eleventh.layouts import Layout, layout_for
from missions.services.missions import mission_generate, mission_lookup

__all__ = [
    "is_matchup_code",
    "matchup_code",
    "matchup_generate",
    "matchup_layout",
    "matchup_lookup",
]

PACK = "eleventh"


def matchup_generate(*, seed=None, a: str = "", b: str = "", layout: str = "") -> Matchup:
    """The matchup for `seed` (None: a new seed) with the dispositions and layout letter
    given; an empty choice is rolled from the seed. Bad input raises Invalid naming the field."""
    return mission_generate(
        pack_key=PACK, seed=seed, a=a or None, b=b or None, layout=layout or None
    )


def matchup_lookup(*, code: str) -> Matchup:
    """The matchup a shared code of the 11th-edition pack stands for."""
    return mission_lookup(code=code)


def matchup_layout(matchup: Matchup) -> Layout:
    """The layout the matchup is played on (a stub that says so when the data lacks it)."""
    return layout_for(matchup.a, matchup.b, matchup.layout)


def matchup_code(*, a: str, b: str, layout: str) -> str:
    """The shareable code of a game whose dispositions and layout are all known (the seed
    rolls nothing then, so seed 0 stands for every such game)."""
    return matchup_generate(seed=0, a=a, b=b, layout=layout).code
