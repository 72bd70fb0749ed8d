"""How exact engine values are written for people and for JSON: defined once, used everywhere.

Values stay exact (int or Fraction) inside the engine; these functions are the only place they
are rounded. Rounding is half-up on the exact value, so 1/8 as a percentage is "12.5%" and 1/16
is "6.3%" whatever binary floats would make of it.
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Rational

Exact = int | Fraction


def format_record(wins: int, draws: int, losses: int) -> str:
    """The one record notation: wins-draws-losses, e.g. "2-0-1"."""
    return f"{wins}-{draws}-{losses}"


def _scaled(value: Rational, places: int) -> int:
    """value * 10**places rounded half away from zero, exactly."""
    scaled = Fraction(value) * 10**places
    sign = -1 if scaled < 0 else 1
    return sign * int(abs(scaled) + Fraction(1, 2))


def fixed(value: Rational, places: int) -> str:
    """Exact value with `places` decimals, e.g. fixed(Fraction(91, 2), 1) == "45.5"."""
    n = _scaled(value, places)
    if places == 0:
        return str(n)
    sign = "-" if n < 0 else ""
    digits = str(abs(n)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def format_points(value: Rational) -> str:
    """Match points and sums of them: halves at most, shown as "7.5" or "7"."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else fixed(value, 1)


def format_percent(value: Rational) -> str:
    """A rate from 0 to 1 as a percentage with one decimal: Fraction(91, 200) -> "45.5%"."""
    return f"{fixed(Fraction(value) * 100, 1)}%"


def format_signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def json_points(value: Rational) -> int | float:
    """Halves are exact in binary: an int when whole, else the float (7.5)."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


def format_mean(value: Rational) -> str:
    """A mean of whole numbers (VP a game) with one decimal: Fraction(143, 2) -> "71.5"."""
    return fixed(value, 1)


def json_mean(value: Rational) -> int | float:
    """A mean rounded to 2 decimals; an int when whole."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else _scaled(value, 2) / 100


def json_rate(value: Rational, places: int = 4) -> float:
    """A rate rounded to `places` decimals, as a float (Fraction(3, 50) -> 0.06)."""
    return _scaled(value, places) / 10**places
