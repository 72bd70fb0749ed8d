"""What the pairer knows before round N, and the lexicographic pair cost.

Pair cost = (rematch 0/1, (2*(mp_a - mp_b))^2, |v_a - v_b|). Internally win-path values are kept
doubled (`v2`) so draws stay integers; public costs report the path distance in real units.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournament.engine.display import format_record
from tournament.engine.errors import EngineError
from tournament.engine.history import PlayerState, build_states
from tournament.engine.records import GameRecord, PlayerEntry


@dataclass
class PairingContext:
    round_number: int
    total_rounds: int
    active: list[int]  # ids that must be paired this round, in input order
    states: dict[int, PlayerState]
    entries: dict[int, PlayerEntry]
    s2: dict[int, int]
    v2: dict[int, int]

    def cost2(self, a: int, b: int) -> tuple[int, int, int]:
        """Integer cost: (rematch, gap_sq, doubled path distance)."""
        rem = 1 if b in self.states[a].met else 0
        return rem, (self.s2[a] - self.s2[b]) ** 2, abs(self.v2[a] - self.v2[b])

    def mp(self, pid: int) -> Fraction:
        return Fraction(self.s2[pid], 2)

    def record(self, pid: int) -> str:
        st = self.states[pid]
        losses = self.round_number - 1 - st.wins - st.draws  # missed rounds are losses
        return format_record(st.wins, st.draws, losses)

    def name(self, pid: int) -> str:
        """The player as people see them."""
        entry = self.entries.get(pid)
        return entry.name if entry is not None and entry.name else f"player {pid}"


def build_context(
    players: Sequence[PlayerEntry],
    games: Iterable[GameRecord],
    *,
    round_number: int,
    bye_vp: int,
    total_rounds: int | None = None,
) -> PairingContext:
    if round_number < 1:
        raise EngineError("bad_round", "round numbers start at 1", field="round_number")
    last = round_number - 1
    total = last if total_rounds is None else total_rounds
    if total < last:
        raise EngineError(
            "bad_round", "total_rounds is below the rounds played", field="total_rounds"
        )
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise EngineError("duplicate_player", "a player id appears twice", field="players")
    states = build_states(players, games, up_to_round=last, bye_vp=bye_vp)
    active = [p.id for p in players if not p.dropped and p.first_round <= round_number]
    return PairingContext(
        round_number=round_number,
        total_rounds=total,
        active=active,
        states=states,
        entries={p.id: p for p in players},
        s2={pid: st.s2 for pid, st in states.items()},
        v2={pid: st.path_value2(last, total) for pid, st in states.items()},
    )


def pair_cost(ctx: PairingContext, a: int, b: int | None) -> tuple[int, int, float]:
    """Public cost of one pair; a bye costs nothing."""
    if b is None:
        return 0, 0, 0.0
    rem, gap, path2 = ctx.cost2(a, b)
    return rem, gap, path2 / 2


def pairing_cost(
    ctx: PairingContext, pairs: Iterable[tuple[int, int | None]]
) -> tuple[int, int, float]:
    """Summed cost (rematches, gap_sq, path) of a whole round's pairs."""
    total = [0, 0, 0.0]
    for a, b in pairs:
        for i, part in enumerate(pair_cost(ctx, a, b)):
            total[i] += part
    return total[0], total[1], total[2]


def bye_candidates(ctx: PairingContext, ids: Sequence[int]) -> list[int]:
    """Lowest record among players without a bye (everyone if all have had one)."""
    pool = [p for p in ids if ctx.states[p].byes == 0] or list(ids)
    low = min(ctx.s2[p] for p in pool)
    return [p for p in pool if ctx.s2[p] == low]
