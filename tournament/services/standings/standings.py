"""Standings of an event, as the contract's rows, from the pure standings engine."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext

from common.errors import Invalid
from tournament.engine import (
    compute_standings,
    format_metric,
    format_points,
    format_record,
    json_points,
    known_metrics,
    metric_json,
)
from tournament.engine.standings.metrics import MetricOptions
from tournament.extensions import STANDINGS_ROW_HOOKS
from tournament.models import Event, RoundStage
from tournament.services.players.penalties import penalty_marks
from tournament.services.rounds.records import event_games, players_records, ranked_players
from tournament.services.standings.awards import AWARD_METRICS, awards_inputs
from tournament.services.standings.metric_words import METRIC_WORDS, metric_heading, metric_label

# The metrics' words live in a module of their own (the audit log reads them), still importable
# from here.
__all__ = [
    "METRIC_WORDS",
    "format_record",
    "metric_heading",
    "metric_label",
    "metric_names",
    "standings_compute",
    "standings_final_first",
    "standings_finals",
]


def metric_names() -> set[str]:
    return set(known_metrics())


# A floor's denominator beyond this is a typing slip, not a rule anyone publishes.
OWR_FLOOR_MAX_DENOMINATOR = 1000
# What the API takes (its schema says it): a whole number or a fraction of at most three digits
# each, or a decimal of at most three places; within it, only a value above 1 is refused.
OWR_FLOOR_PATTERN = r"^(\d{1,3}(/[1-9]\d{0,2})?|\d?\.\d{1,3})$"


def owr_floor_clean(value) -> str:
    """The owr_floor setting as stored: a fraction from 0 to 1 written exactly, a decimal kept
    a decimal ("0.330" -> "0.33", as BCP writes its floor) and a fraction in lowest terms
    ("2/6" -> "1/3")."""
    rule = gettext('Must be a fraction from 0 to 1 written like "1/3" (or "0" for no floor).')
    if not isinstance(value, str) or not value.strip():
        raise Invalid("owr_floor", "invalid", rule)
    try:
        floor = Fraction(value.strip())
    except (ValueError, ZeroDivisionError):
        raise Invalid("owr_floor", "invalid", rule) from None
    if floor > 1:
        raise Invalid("owr_floor", "above_one", rule)
    if floor < 0 or floor.denominator > OWR_FLOOR_MAX_DENOMINATOR:
        raise Invalid("owr_floor", "range", rule)
    if "." in value:
        # Fewer places than the denominator limit allows, so the decimal is exact.
        return format(Decimal(value.strip()).normalize(), "f")
    return str(floor)


def metric_options(event: Event) -> MetricOptions:
    """The event's settings the metric registry reads (the floor of owr_floor)."""
    return MetricOptions(owr_floor=Fraction(event.owr_floor))


# The contract promises these on every row, whatever the event's tie-breaks are.
ALWAYS_SHOWN = ("owr", "vp")


def standings_compute(
    *, event: Event, as_of_round: int | None = None, provisional: bool = False
) -> list[dict]:
    """Rows best first: rank (shared when tied), record, and every tie-break metric.

    Confirmed results and byes only; `provisional` also counts entries awaiting confirmation
    and disputed ones (the organiser's view, never published). Numbers are the API's JSON
    numbers (exact values rounded by the metric registry); `display` holds the same values as
    people read them (name -> text, plus "mp" and "record"), so the web page, the PDF and the
    API agree.
    """
    stages = list(event.rounds.values_list("stage", flat=True))
    paired = len(stages)
    if as_of_round is not None and not 0 <= as_of_round <= paired:
        raise Invalid(
            "round", "range", gettext("Must be between 0 and %(paired)s.") % {"paired": paired}
        )
    players = {p.pk: p for p in ranked_players(event)}
    shown = [*event.tiebreaks, *(m for m in ALWAYS_SHOWN if m not in event.tiebreaks)]
    records = players_records(players.values())
    games = event_games(
        event, as_of_round=as_of_round, include_unconfirmed=provisional, released_only=True
    )
    # Painting, votes and overall read more than the games: only when the event ranks by them.
    awards = (
        awards_inputs(event=event, as_of_round=as_of_round)
        if any(m in AWARD_METRICS for m in event.tiebreaks)
        else None
    )
    rows = compute_standings(
        records,
        games,
        tiebreaks=event.tiebreaks,
        bye_vp=event.bye_vp,
        as_of_round=as_of_round,
        awards=awards,
        options=metric_options(event),
    )
    # Penalties given (issue 35), as the public may read them: kind and round, no reason.
    marks = penalty_marks(event.pk, up_to_round=as_of_round)
    extra = [m for m in ALWAYS_SHOWN if m not in event.tiebreaks]
    if extra:
        # Shown but not ranked by: computed on their own so they never break ties.
        more = compute_standings(
            records,
            games,
            tiebreaks=extra,
            bye_vp=event.bye_vp,
            as_of_round=as_of_round,
            options=metric_options(event),
        )
        extra_values = {r.player_id: r.metrics for r in more}
    out = []
    for row in rows:
        player = players[row.player_id]
        metrics = {**row.metrics, **(extra_values[row.player_id] if extra else {})}
        record = format_record(row.wins, row.draws, row.losses)
        display = {
            "mp": format_points(row.mp),
            "record": record,
            **{name: format_metric(name, metrics[name]) for name in shown},
        }
        out.append(
            {
                "rank": row.rank,
                "tied": row.tied,
                "player": row.player_id,
                "name": player.name,
                "faction": player.faction,
                "club": player.club,
                "dropped": player.dropped,
                "mp": json_points(row.mp),
                "wins": row.wins,
                "draws": row.draws,
                "losses": row.losses,
                "byes": row.byes,
                "played": row.played,
                "record": record,
                **{name: metric_json(name, metrics[name]) for name in shown},
                "tiebreak_values": [metric_json(name, metrics[name]) for name in event.tiebreaks],
                "penalties": marks.get(row.player_id, []),
                "display": display,
            }
        )
    # Standings as of an earlier round are the Swiss ones of then: no final places yet.
    later = as_of_round is None or as_of_round >= paired
    if later and any(stage != RoundStage.SWISS for stage in stages):
        for hook in STANDINGS_ROW_HOOKS:
            hook(event, out)
    return out


def standings_final_first(rows: list[dict]) -> list[dict]:
    """The rows as the event's result reads: once an app whose rounds follow the Swiss (the
    play-offs) has given every row its final place, in that order, `place` the final place
    (never shared); otherwise the Swiss order, `place` the rank (`place_tied` when shared).
    The Swiss rank stays in `rank`. Copies: the rows themselves keep the Swiss order, which
    the API, seeding and pods read."""
    if rows and all(r.get("final_place") for r in rows):
        placed = ({**r, "place": r["final_place"], "place_tied": False} for r in rows)
        return sorted(placed, key=lambda r: r["place"])
    return [{**r, "place": r["rank"], "place_tied": r["tied"]} for r in rows]


def standings_finals(rows: list[dict]) -> bool:
    """Whether the rows (standings_final_first's) are in final order, the Swiss rank apart."""
    return bool(rows) and all(r.get("final_place") for r in rows)
