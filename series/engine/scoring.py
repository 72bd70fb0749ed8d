"""A series table: each person's points per event under the organiser's rule, the best N
events counted, ranked with the ties explained. Pure and exact (Fraction throughout).

- Points by placing: the organiser's table gives points for 1st, 2nd, ...; a place beyond the
  table earns `beyond`. Players who share a place share the points of the places they cover
  (two share 3rd: each gets the mean of 3rd's and 4th's points), so the points handed out do
  not depend on how a tie is broken.
- Points by results: so many points a win, a draw and a loss.
- Best N: a person's N best events count; None counts every event.
- A person placed twice in one event (two entries later found to be one person) keeps the
  better one.
- Order: total points; then the counted results best first, compared one by one (the better
  best result; a result beats none); then every result the same way (events beyond the best
  N). Level on all of these: the place is shared.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

PLACING = "placing"
RESULTS = "results"
KINDS = (PLACING, RESULTS)


@dataclass(frozen=True)
class Rule:
    kind: str = PLACING
    table: tuple[Fraction, ...] = ()  # points for 1st, 2nd, ...
    beyond: Fraction = Fraction(0)  # a place beyond the table
    win: Fraction = Fraction(3)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    best: int | None = None  # best N events count; None: all


@dataclass(frozen=True)
class Placing:
    """One person's final place in one finished event, with their record there."""

    event: int
    person: Hashable
    name: str
    place: int
    shared: int = 1  # how many share this place
    wins: int = 0
    draws: int = 0
    losses: int = 0


@dataclass(frozen=True)
class Score:
    event: int
    points: Fraction
    place: int
    counted: bool


@dataclass
class Row:
    rank: int
    tied: bool
    person: Hashable
    name: str
    total: Fraction
    scores: list[Score] = field(default_factory=list)  # in the events' order
    note: str = ""  # why this row is where it is, when its total is level with a neighbour


def placing_points(rule: Rule, place: int, shared: int = 1) -> Fraction:
    """The mean of the table's points over the places a tie covers."""
    covered = range(place, place + max(shared, 1))
    points = [rule.table[p - 1] if 0 < p <= len(rule.table) else rule.beyond for p in covered]
    return Fraction(sum(points, Fraction(0)), len(points))


def event_points(rule: Rule, placing: Placing) -> Fraction:
    if rule.kind == RESULTS:
        return rule.win * placing.wins + rule.draw * placing.draws + rule.loss * placing.losses
    return placing_points(rule, placing.place, placing.shared)


def counted_events(points: dict[int, Fraction], best: int | None) -> set[int]:
    """The events that count: the best N by points (equal points: the earlier event id, which
    never changes the total)."""
    order = sorted(points, key=lambda e: (-points[e], e))
    return set(order if best is None else order[:best])


def _key(row: Row) -> tuple:
    counted = sorted((s.points for s in row.scores if s.counted), reverse=True)
    every = sorted((s.points for s in row.scores), reverse=True)
    return (row.total, counted, every)


def series_table(
    rule: Rule, placings: Iterable[Placing], events: Sequence[int] | None = None
) -> list[Row]:
    """The table, best first. `events` orders each row's scores (the series' own order);
    without it, by event id. The result does not depend on the order of `placings`."""
    best: dict[tuple, Placing] = {}
    points: dict[tuple, Fraction] = {}
    names: dict[Hashable, str] = {}
    for p in placings:
        # One name a person, the same whatever the order: the first of theirs in sort order.
        names[p.person] = min(names.get(p.person, p.name), p.name)
        key = (p.person, p.event)
        value = event_points(rule, p)
        kept = best.get(key)
        # Equal points and place: either entry gives the same score, so order cannot matter.
        if kept is None or (value, -p.place) > (points[key], -kept.place):
            best[key], points[key] = p, value
    by_person: dict[Hashable, dict[int, Fraction]] = {}
    for (person, event), value in points.items():
        by_person.setdefault(person, {})[event] = value
    position = {e: i for i, e in enumerate(events or ())}
    rows = []
    for person, mine in by_person.items():
        counted = counted_events(mine, rule.best)
        scores = [
            Score(e, mine[e], best[(person, e)].place, e in counted)
            for e in sorted(mine, key=lambda e: (position.get(e, len(position)), e))
        ]
        total = sum((s.points for s in scores if s.counted), Fraction(0))
        rows.append(Row(0, False, person, names[person], total, scores))
    # Best first; rows level on everything in name order (a stable sort keeps it).
    rows.sort(key=lambda r: (r.name, str(r.person)))
    rows.sort(key=_key, reverse=True)
    _rank(rows)
    return rows


def _rank(rows: list[Row]) -> None:
    for i, row in enumerate(rows):
        if i and _key(rows[i - 1]) == _key(row):
            row.rank, row.tied, rows[i - 1].tied = rows[i - 1].rank, True, True
        else:
            row.rank = i + 1
    for i, row in enumerate(rows):
        level = [r for r in rows if r is not row and r.total == row.total]
        if not level:
            continue
        shared = [r.name for r in level if r.rank == row.rank]
        parts = []
        if shared:
            parts.append(
                f"Shares {ordinal(row.rank)} with {', '.join(shared)}: same points and results."
            )
        below = next(
            (r for r in rows[i + 1 :] if r.total == row.total and r.rank != row.rank), None
        )
        if below is not None:
            parts.append(
                f"Level on {format_points(row.total)} with {below.name}; {_why(row, below)}."
            )
        row.note = " ".join(parts)


def _why(row: Row, other: Row) -> str:
    _, mine_c, mine_e = _key(row)
    _, theirs_c, theirs_e = _key(other)
    if mine_c != theirs_c:
        return f"ahead on best results ({_list(mine_c)} against {_list(theirs_c)})"
    return f"ahead on every result ({_list(mine_e)} against {_list(theirs_e)})"


def _list(values: list[Fraction]) -> str:
    return ", ".join(format_points(v) for v in values) or "none"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def format_points(value: Fraction) -> str:
    """Exact, as people read it: "40", "40.5" (a decimal when one is exact), "40 1/3"."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    d = value.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:
        places = 0
        while (value * 10**places).denominator != 1:
            places += 1
        scaled = abs(value.numerator * 10**places // value.denominator)
        text = str(scaled).rjust(places + 1, "0")
        sign = "-" if value < 0 else ""
        return f"{sign}{text[:-places]}.{text[-places:]}"
    whole, part = divmod(abs(value.numerator), value.denominator)
    sign = "-" if value < 0 else ""
    return (
        f"{sign}{whole} {part}/{value.denominator}"
        if whole
        else f"{sign}{part}/{value.denominator}"
    )


def json_points(value: Fraction) -> str:
    """The exact value for machines: "40", "81/2", "121/3"."""
    return str(Fraction(value))
