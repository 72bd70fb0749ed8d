"""The 11th-edition pack's entry in the mission pack registry.

A third kind of pack beside card packs (Leviathan) and table packs (8th, 7th, Only War):
"matrix", where there is no mission pool and no deck to draw missions from; each player's
own primary is the cell of the disposition matrix and the layout is named or rolled."""

from __future__ import annotations

from dataclasses import dataclass

from missions.pack.errors import MissionError
from missions.pack.pack import PackSummary

MATRIX_KIND = "matrix"


@dataclass(frozen=True)
class MatrixPack(PackSummary):
    key: str
    name: str
    edition: str
    code_prefix: str
    generates: str
    kind: str = MATRIX_KIND
    pool: tuple = ()  # no tournament pool: keeps pool endpoints uniform across packs

    def pool_entry(self, code: str):
        # Callers that look a round's pool letter up get the same error as an unknown letter.
        raise MissionError(
            "unknown_pool_mission",
            f"mission: pack {self.key!r} has no pool missions, so {code!r} names none",
            field="mission",
        )


PACK = MatrixPack(
    key="eleventh",
    name="11th edition (Event Companion)",
    edition="11th",
    code_prefix="XI",
    generates=(
        "Two Force Dispositions (chosen or rolled), each player's own primary from the "
        "matrix, and terrain layout A, B or C with its deployment map"
    ),
)
