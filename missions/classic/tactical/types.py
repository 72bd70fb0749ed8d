"""The shape of a D66 Tactical Objective as data (8th and 7th edition Maelstrom of War).

Names and types are as printed; `summary` and outcome conditions are our own short wording.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# When a Tactical Objective can be achieved: only at the end of its owner's own turn, or at
# the end of any turn (8th edition checks at the end of both players' turns, and objectives
# worded "during this turn" can be met in the opponent's turn too).
END_OF_YOUR_TURN = "end_of_your_turn"
END_OF_ANY_TURN = "end_of_any_turn"
WHEN = (END_OF_YOUR_TURN, END_OF_ANY_TURN)

# What happens the moment an objective is generated.
ROLL_MARKER = "roll_marker"  # roll a D6: the objective refers to that marker (44, 8th)
BONUS_OBJECTIVE = "bonus_objective"  # generate one bonus objective for the Warlord (66, 8th)

_VP = re.compile(r"^(?:(\d+)|D3(?:\+(\d+))?)$")


def parse_vp(expr: str) -> tuple[bool, int]:
    """ "2" -> (False, 2); "D3" -> (True, 0); "D3+3" -> (True, 3). Raises on anything else."""
    match = _VP.match(expr)
    if match is None:
        raise ValueError(f"VP expression {expr!r}: use a whole number, D3 or D3+N")
    if match.group(1) is not None:
        return False, int(match.group(1))
    return True, int(match.group(2) or 0)


@dataclass(frozen=True)
class Outcome:
    """One way to score an objective: its VP ("1", "2", "D3", "D3+3") and our wording of when."""

    vp: str
    condition: str

    def __post_init__(self) -> None:
        parse_vp(self.vp)

    def bounds(self) -> tuple[int, int]:
        dice, plus = parse_vp(self.vp)
        return (1 + plus, 3 + plus) if dice else (plus, plus)


@dataclass(frozen=True)
class TacticalObjective:
    """One line of a D66 table. Several share a name (Secure Objective 1 is 11 and 21), but
    each number is unique."""

    number: int
    name: str
    category: str  # the printed type, e.g. "Capture and Control"
    outcomes: tuple[Outcome, ...]  # the lowest first; the page offers each
    summary: str
    when: str = END_OF_YOUR_TURN
    not_on_first_turn: bool = False
    on_generate: str | None = None
    marker: int | None = None  # the objective marker it names, if fixed (Secure Objective 3)
    tags: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        tens, units = divmod(self.number, 10)
        if not (1 <= tens <= 6 and 1 <= units <= 6):
            raise ValueError(f"{self.number}: a D66 result is 11..66 with digits 1..6")
        if self.when not in WHEN or not self.outcomes:
            raise ValueError(f"{self.number}: bad timing or no outcome")

    @property
    def vp(self) -> str:
        """The VP rule as a short text: "1", "D3", or "1 or D3" when the outcome varies."""
        return " or ".join(o.vp for o in self.outcomes)

    @property
    def is_secure_objective(self) -> bool:
        """Titled "Secure Objective X": shared in (The) Spoils of War."""
        return self.name.startswith("Secure Objective ")

    def to_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "name": self.name,
            "category": self.category,
            "vp": self.vp,
            "outcomes": [{"vp": o.vp, "condition": o.condition} for o in self.outcomes],
            "summary": self.summary,
            "when": self.when,
            "not_on_first_turn": self.not_on_first_turn,
            "on_generate": self.on_generate,
            "marker": self.marker,
        }


def secure_objective(number: int, category: str) -> TacticalObjective:
    """Secure Objective 1-6 (11-16 on the D66 table), worded alike in 8th and 7th edition:
    hold the marker of that number at the end of your turn, 1VP."""
    marker = number % 10
    return TacticalObjective(
        number,
        f"Secure Objective {marker}",
        category,
        (Outcome("1", f"you control marker {marker} at the end of your turn"),),
        f"Hold objective marker {marker} at the end of your turn: 1VP.",
        marker=marker,
    )


def check_table(table: tuple[TacticalObjective, ...]) -> tuple[TacticalObjective, ...]:
    """A table has exactly the 36 D66 results, each once, in order."""
    numbers = [o.number for o in table]
    expected = [t * 10 + u for t in range(1, 7) for u in range(1, 7)]
    if numbers != expected:
        raise ValueError("a D66 table lists 11..66 once each, in order")
    return table
