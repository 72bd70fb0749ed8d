"""Registry of named tie-break metrics: how each is computed (exactly) and how it is shown.

Every value is an int or a `Fraction`, so equal values are equal and ties are real ties; only
`format_metric` (for people) and `metric_json` (for the API) round.

h2h is special: it only means something inside a tie of exactly two players, so the ranking code
asks `head_to_head` for it at that point instead of reading a per-player value.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from tournament.engine.display import (
    Exact,
    format_mean,
    format_percent,
    format_points,
    format_signed,
    json_mean,
    json_points,
    json_rate,
)
from tournament.engine.errors import EngineError
from tournament.engine.history import PlayerState
from tournament.engine.standings.awards import (
    AwardInputs,
    overall_values,
    painting_values,
    sports_values,
)

States = dict[int, PlayerState]


def _win_rate(st: PlayerState) -> Fraction:
    return Fraction(st.s2, 2 * st.played) if st.played else Fraction(0)


def owr(states: States) -> dict[int, Exact]:
    out: dict[int, Exact] = {}
    for pid, st in states.items():
        rates = [_win_rate(states[o]) for o in st.opponents]
        out[pid] = sum(rates, Fraction(0)) / len(rates) if rates else Fraction(0)
    return out


# The event's default floor for `owr_floor`: 0.33 exactly, as Best Coast Pairings floors it (not
# a third: with 1/3, placings of a real BCP event came out differently).
DEFAULT_OWR_FLOOR_TEXT = "0.33"
DEFAULT_OWR_FLOOR = Fraction(DEFAULT_OWR_FLOOR_TEXT)


def owr_floor(states: States, floor: Fraction = DEFAULT_OWR_FLOOR) -> dict[int, Exact]:
    """`owr` with each opponent's win rate counted at no less than `floor`, so meeting a player
    who lost every game costs less; byes are no opponent, as in `owr`."""
    out: dict[int, Exact] = {}
    for pid, st in states.items():
        rates = [max(_win_rate(states[o]), floor) for o in st.opponents]
        out[pid] = sum(rates, Fraction(0)) / len(rates) if rates else Fraction(0)
    return out


def opp_vp(states: States) -> dict[int, Exact]:
    """Sum of the real opponents' total VP (each opponent counted once per game against them)."""
    return {pid: sum(states[o].vp for o in st.opponents) for pid, st in states.items()}


def sos_vp(states: States) -> dict[int, Exact]:
    """Strength of schedule by VP: the mean, over real opponents, of each one's VP per game."""
    out: dict[int, Exact] = {}
    for pid, st in states.items():
        per_game = [
            Fraction(states[o].vp, states[o].played) if states[o].played else Fraction(0)
            for o in st.opponents
        ]
        out[pid] = sum(per_game, Fraction(0)) / len(per_game) if per_game else Fraction(0)
    return out


def sos(states: States) -> dict[int, Exact]:
    return {pid: Fraction(sum(states[o].s2 for o in st.opponents), 2) for pid, st in states.items()}


def sosos(states: States) -> dict[int, Exact]:
    first = sos(states)
    return {pid: sum((first[o] for o in st.opponents), Fraction(0)) for pid, st in states.items()}


def vp(states: States) -> dict[int, Exact]:
    return {pid: st.vp for pid, st in states.items()}


def vp_diff(states: States) -> dict[int, Exact]:
    return {pid: st.vp - st.vp_against for pid, st in states.items()}


@dataclass(frozen=True)
class MetricOptions:
    """The event's settings some metrics read."""

    owr_floor: Fraction = DEFAULT_OWR_FLOOR


@dataclass(frozen=True)
class Metric:
    name: str
    label: str  # in words, for legends and forms
    short: str  # column heading
    text: Callable[[Exact], str]  # for people
    json: Callable[[Exact], int | float]  # for the API
    compute: Callable[[States], dict[int, Exact]] | None = None  # None: h2h, asked per tie
    # Metrics the event tunes (the floor of owr_floor) read its options beside the games.
    from_options: Callable[[States, MetricOptions], dict[int, Exact]] | None = None
    # Awards metrics read painting scores and votes beside the games (engine/awards.py).
    from_awards: Callable[[States, AwardInputs], dict[int, Exact]] | None = None


H2H = "h2h"

REGISTRY: dict[str, Metric] = {
    m.name: m
    for m in (
        Metric("owr", "Opponents' win rate", "OWR", format_percent, json_rate, owr),
        Metric(
            "owr_floor",
            "Opponents' win rate, each counted at no less than the event's floor",
            "OWR (floor)",
            format_percent,
            json_rate,
            from_options=lambda states, options: owr_floor(states, options.owr_floor),
        ),
        Metric("sos", "Strength of schedule", "SOS", format_points, json_points, sos),
        Metric(
            "sosos", "Opponents' strength of schedule", "SOSOS", format_points, json_points, sosos
        ),
        Metric("vp", "Total VP", "VP", str, int, vp),
        Metric("opp_vp", "Opponents' total VP", "Opp VP", str, int, opp_vp),
        Metric(
            "sos_vp",
            "Strength of schedule by VP (opponents' mean VP a game)",
            "SOS VP",
            format_mean,
            json_mean,
            sos_vp,
        ),
        Metric("vp_diff", "VP difference", "VP diff", format_signed, int, vp_diff),
        Metric(H2H, "Head to head (a tie of two)", "H2H", format_points, json_points),
        Metric("painting", "Painting score", "Paint", str, int, from_awards=painting_values),
        Metric("sports", "Sportsmanship votes", "Sports", str, int, from_awards=sports_values),
        Metric(
            "overall",
            "Overall score (battle, painting, sportsmanship)",
            "Overall",
            format_percent,
            json_rate,
            from_awards=overall_values,
        ),
    )
}
METRICS: dict[str, Callable[[States], dict[int, Exact]]] = {
    name: m.compute for name, m in REGISTRY.items() if m.compute is not None
}
OPTION_METRICS: dict[str, Callable[[States, MetricOptions], dict[int, Exact]]] = {
    name: m.from_options for name, m in REGISTRY.items() if m.from_options is not None
}
AWARD_METRICS: dict[str, Callable[[States, AwardInputs], dict[int, Exact]]] = {
    name: m.from_awards for name, m in REGISTRY.items() if m.from_awards is not None
}


def metric_values(
    name: str, states: States, awards: AwardInputs, options: MetricOptions | None = None
) -> dict[int, Exact]:
    """Every player's value of a per-player metric (not h2h)."""
    if name in AWARD_METRICS:
        return AWARD_METRICS[name](states, awards)
    if name in OPTION_METRICS:
        return OPTION_METRICS[name](states, options or MetricOptions())
    return METRICS[name](states)


def known_metrics() -> tuple[str, ...]:
    return tuple(REGISTRY)


def metric_info(name: str) -> Metric:
    check_metrics([name])
    return REGISTRY[name]


def format_metric(name: str, value: Exact | None) -> str:
    """A metric's value as people read it; "" when it does not apply (h2h outside a pair)."""
    return "" if value is None else metric_info(name).text(value)


def metric_json(name: str, value: Exact | None) -> int | float | None:
    """A metric's value as the API's JSON number (rounded for rates); None stays None."""
    return None if value is None else metric_info(name).json(value)


def check_metrics(names) -> None:
    for name in names:
        if name not in REGISTRY:
            raise EngineError(
                "unknown_metric",
                f"unknown tie-break metric {name!r}; known: {', '.join(known_metrics())}",
                field="tiebreaks",
            )


def head_to_head(results: dict[tuple[int, int], int], a: int, b: int) -> Fraction:
    """1 if a beat b, 0 if a lost, 1/2 for a draw or if they never met (doubled points summed)."""
    mine, theirs = results.get((a, b), 0), results.get((b, a), 0)
    if mine == theirs:
        return Fraction(1, 2)
    return Fraction(1 if mine > theirs else 0)
