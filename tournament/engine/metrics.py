"""Registry of named tie-break metrics. Each takes the player states and returns id -> value.

h2h is special: it only means something inside a tie of exactly two players, so the ranking code
asks `head_to_head` for it at that point instead of reading a per-player value.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import EngineError
from .history import PlayerState

States = dict[int, PlayerState]


def _win_rate(st: PlayerState) -> float:
    return st.mp / st.played if st.played else 0.0


def owr(states: States) -> dict[int, float]:
    out = {}
    for pid, st in states.items():
        rates = [_win_rate(states[o]) for o in st.opponents]
        out[pid] = sum(rates) / len(rates) if rates else 0.0
    return out


def sos(states: States) -> dict[int, float]:
    return {pid: sum(states[o].mp for o in st.opponents) for pid, st in states.items()}


def sosos(states: States) -> dict[int, float]:
    first = sos(states)
    return {pid: sum(first[o] for o in st.opponents) for pid, st in states.items()}


def vp(states: States) -> dict[int, float]:
    return {pid: st.vp for pid, st in states.items()}


def vp_diff(states: States) -> dict[int, float]:
    return {pid: st.vp - st.vp_against for pid, st in states.items()}


METRICS: dict[str, Callable[[States], dict[int, float]]] = {
    "owr": owr,
    "sos": sos,
    "sosos": sosos,
    "vp": vp,
    "vp_diff": vp_diff,
}
H2H = "h2h"


def known_metrics() -> tuple[str, ...]:
    return (*METRICS, H2H)


def check_metrics(names) -> None:
    for name in names:
        if name not in METRICS and name != H2H:
            raise EngineError(
                "unknown_metric",
                "tiebreaks",
                f"unknown tie-break metric {name!r}; known: {', '.join(known_metrics())}",
            )


def head_to_head(results: dict[tuple[int, int], float], a: int, b: int) -> float:
    """1 if a beat b, 0 if a lost, 0.5 for a draw or if they never met (summed over games)."""
    mine, theirs = results.get((a, b), 0.0), results.get((b, a), 0.0)
    if mine == theirs:
        return 0.5
    return 1.0 if mine > theirs else 0.0
