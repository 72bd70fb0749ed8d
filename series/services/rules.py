"""A series' scoring rule: checked as the organiser writes it, and read into the engine's Rule."""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import gettext, gettext_lazy

from common.errors import Invalid
from series.engine.scoring import KINDS, PLACING, Rule, format_points

# A placing table longer than this is a typing slip: no event has more places worth points.
MAX_PLACES = 256
# Points are written plainly; a denominator beyond this is a slip, not a rule anyone publishes.
MAX_DENOMINATOR = 1000
POINTS_RULE = gettext_lazy(
    'Must be a number of points from 0 up, written like "25", "12.5" or "40/3".'
)


def points_clean(field: str, value) -> str:
    """One points value as stored: exact, at least 0 ("12.5" stays "12.5", 25 becomes "25")."""
    # Text only, as the API's schema says: an exact value is written, never a JSON number.
    if not isinstance(value, str):
        raise Invalid(field, "invalid", POINTS_RULE)
    try:
        points = Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError):
        raise Invalid(field, "invalid", POINTS_RULE) from None
    if points < 0 or points.denominator > MAX_DENOMINATOR or points > 10**6:
        raise Invalid(field, "range", POINTS_RULE)
    text = format_points(points)
    # Whole and decimal values as written ("25", "12.5"); thirds and the like as "40/3".
    return str(points) if " " in text or "/" in text else text


def table_clean(value) -> list[str]:
    if isinstance(value, str):  # the page's text box: "25, 18, 15"
        value = [v for v in value.replace(";", ",").replace("\n", ",").split(",") if v.strip()]
    if not isinstance(value, list):
        raise Invalid(
            "placing_points", "invalid", gettext("Must be a list of points for 1st, 2nd, ...")
        )
    if len(value) > MAX_PLACES:
        raise Invalid(
            "placing_points",
            "too_long",
            gettext("At most %(MAX_PLACES)s places.") % {"MAX_PLACES": MAX_PLACES},
        )
    out = []
    for i, v in enumerate(value, start=1):
        try:
            out.append(points_clean("placing_points", v))
        except Invalid as exc:
            raise Invalid(
                "placing_points",
                exc.codes["placing_points"][0],
                gettext("Place %(place)s: %(rule)s") % {"place": i, "rule": POINTS_RULE},
            ) from None
    return out


def best_clean(value) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
        raise Invalid(
            "best_events",
            "invalid",
            gettext("Must be a whole number of events from 1 to 100, or empty for all."),
        )
    return int(value)


def scoring_clean(value) -> str:
    if value not in KINDS:
        raise Invalid(
            "scoring",
            "invalid",
            gettext('Must be "placing" (points by final place) or "results" (by wins and draws).'),
        )
    return value


def exact(text: str) -> Fraction:
    """A stored value back to exact points ("12.5", "40/3")."""
    return Fraction(text)


def series_rule(series) -> Rule:
    return Rule(
        kind=series.scoring or PLACING,
        table=tuple(exact(v) for v in series.placing_points or ()),
        beyond=exact(series.beyond_points),
        win=exact(series.win_points),
        draw=exact(series.draw_points),
        loss=exact(series.loss_points),
        best=series.best_events,
    )


def rule_words(series) -> str:
    """The rule as people read it, on the page, the PDF and in the log."""
    if series.scoring == "results":
        text = (
            f"{_pts(series.win_points)} a win, {_pts(series.draw_points)} a draw, "
            f"{_pts(series.loss_points)} a loss"
        )
    else:
        places = ", ".join(
            f"{i}: {_pts(v)}" for i, v in enumerate(series.placing_points or [], start=1)
        )
        lower = _pts(series.beyond_points)
        text = f"Points by final place ({places or 'no table yet'}; lower places {lower})"
        text += "; players sharing a place share the points of the places they cover"
    best = series.best_events
    return text + (f"; best {best} events count." if best else "; every event counts.")


def _pts(value: str) -> str:
    return format_points(exact(value))
