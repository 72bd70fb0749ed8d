"""An 11th-edition matchup from a seed: two Force Dispositions, each player's own primary,
and the terrain layout letter, with a shareable code that gives the same matchup back.

Pure: no Django. What is not chosen is rolled from the seed, always in the same order
(player a's disposition, player b's, the layout letter), so choosing one value never changes
the others a seed rolls. The code carries the seed and the final three values, so a matchup
with chosen dispositions or layout is shared just as exactly as a rolled one."""

from __future__ import annotations

import random
from dataclasses import dataclass

from missions.eleventh.matrix import (
    DATA_VERSION,
    DISPOSITION_IDS,
    DISPOSITION_NAMES,
    LAYOUT_LETTERS,
    MAP_NAMES,
    layout_map,
    pairing_id,
)
from missions.eleventh.pack import PACK
from missions.eleventh.primaries import Primary, primary_for_matchup
from missions.engine.codes import parse_code, seed_code
from missions.pack.errors import MissionError

# The code's number packs the seed with the three choices: ((seed*5 + a)*5 + b)*3 + layout.
_SIDES = len(DISPOSITION_IDS)
_LETTERS = len(LAYOUT_LETTERS)


@dataclass(frozen=True)
class Matchup:
    """One generated 11th-edition game: player a and player b, their dispositions and the
    layout letter; everything else follows from the matrix and the layout table."""

    seed: int
    a: str
    b: str
    layout: str

    @property
    def code(self) -> str:
        return seed_code(PACK.code_prefix, _pack_number(self.seed, self.a, self.b, self.layout))

    @property
    def primary_a(self) -> Primary:
        return primary_for_matchup(self.a, self.b)

    @property
    def primary_b(self) -> Primary:
        return primary_for_matchup(self.b, self.a)

    @property
    def pairing(self) -> str:
        return pairing_id(self.a, self.b)

    @property
    def deployment_id(self) -> str | None:
        """The layout's deployment map id; None where the data lacks the layout."""
        return layout_map(self.a, self.b, self.layout)

    @property
    def layout_available(self) -> bool:
        return self.deployment_id is not None

    @property
    def deployment(self) -> str | None:
        return MAP_NAMES[self.deployment_id] if self.deployment_id else None

    @property
    def mirror(self) -> bool:
        return self.a == self.b

    def to_dict(self) -> dict:
        return {
            "pack": PACK.key,
            "kind": PACK.kind,
            "edition": PACK.edition,
            "seed": self.seed,
            "code": self.code,
            "dispositions": [self.a, self.b],
            "disposition_names": [DISPOSITION_NAMES[self.a], DISPOSITION_NAMES[self.b]],
            "primary_a": self.primary_a.name,
            "primary_b": self.primary_b.name,
            "primary_a_id": self.primary_a.id,
            "primary_b_id": self.primary_b.id,
            "mirror": self.mirror,
            "pairing": self.pairing,
            "layout": self.layout,
            "layout_available": self.layout_available,
            "deployment": self.deployment,
            "deployment_id": self.deployment_id,
            "sides": [
                _side("a", self.a, self.primary_a),
                _side("b", self.b, self.primary_b),
            ],
            "data_version": DATA_VERSION,
        }


def _side(player: str, disposition: str, primary: Primary) -> dict:
    return {
        "player": player,
        "disposition": disposition,
        "disposition_name": DISPOSITION_NAMES[disposition],
        "primary": primary.to_dict(),
    }


def _pack_number(seed: int, a: str, b: str, layout: str) -> int:
    n = seed * _SIDES + DISPOSITION_IDS.index(a)
    n = n * _SIDES + DISPOSITION_IDS.index(b)
    return n * _LETTERS + LAYOUT_LETTERS.index(layout)


def check_disposition(field: str, value: str) -> str:
    """`value` if it is a disposition id; else MissionError `unknown_disposition` on `field`."""
    if value not in DISPOSITION_NAMES:
        raise MissionError(
            "unknown_disposition",
            f"{field}: {value!r} is not a Force Disposition; known: {', '.join(DISPOSITION_IDS)}",
            field=field,
        )
    return value


def check_layout(value: str) -> str:
    """`value` if it is the layout letter A, B or C (capital); else MissionError
    `unknown_layout`."""
    if value not in LAYOUT_LETTERS:
        raise MissionError(
            "unknown_layout",
            f"layout: {value!r} is not a layout letter; known: {', '.join(LAYOUT_LETTERS)}",
            field="layout",
        )
    return value


def roll(seed: int) -> tuple[str, str, str]:
    """(a, b, layout) as the seed rolls them."""
    rng = random.Random(f"eleventh/{seed}")
    return rng.choice(DISPOSITION_IDS), rng.choice(DISPOSITION_IDS), rng.choice(LAYOUT_LETTERS)


def generate_matchup(
    seed: int, *, a: str | None = None, b: str | None = None, layout: str | None = None
) -> Matchup:
    """The matchup for `seed`: the dispositions and layout given, the rest rolled."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise MissionError("bad_seed", f"seed: must be >= 0, got {seed!r}", field="seed")
    rolled_a, rolled_b, rolled_layout = roll(seed)
    return Matchup(
        seed=seed,
        a=rolled_a if a is None else check_disposition("a", a),
        b=rolled_b if b is None else check_disposition("b", b),
        layout=rolled_layout if layout is None else check_layout(layout),
    )


def is_matchup_code(code: str) -> bool:
    """Whether `code` starts with this pack's prefix (it may still be malformed)."""
    return code.strip().upper().split("-")[0] == PACK.code_prefix


def matchup_from_code(code: str) -> Matchup:
    """The matchup a code stands for; MissionError `bad_code` for anything else."""
    prefix, kind, value = parse_code(code)
    if prefix != PACK.code_prefix or kind != "seed":
        raise MissionError(
            "bad_code", f"code: {code!r} is not an 11th edition matchup code", field="code"
        )
    n, layout = divmod(int(value), _LETTERS)
    n, b = divmod(n, _SIDES)
    seed, a = divmod(n, _SIDES)
    return Matchup(
        seed=seed, a=DISPOSITION_IDS[a], b=DISPOSITION_IDS[b], layout=LAYOUT_LETTERS[layout]
    )
