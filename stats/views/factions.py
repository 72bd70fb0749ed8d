"""Faction statistics pages: an event's, and every public event's over a date range.

The chart is drawn here as plain SVG geometry (no script, no library): one bar per faction
with games, its win rate out of 100%, with the table beside it holding every figure in text.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render

from common.errors import Invalid
from stats.services.dispositions import RULES as DISPOSITION_RULES
from stats.services.dispositions import disposition_stats_event
from stats.services.factions import (
    RULES,
    faction_range_parse,
    faction_range_pdf,
    faction_range_words,
    faction_stats_event,
    faction_stats_pdf,
    faction_stats_range,
)
from tournament.services.documents.exports import file_disposition, file_slug
from tournament.views.common import visible_event_or_404
from tournament.views.public import event_context

# The chart's own units (it scales to the page): labels left, bars, then the value. Room for
# a 19-character label ("Chaos Space Marines") and "100.0%" after a full bar.
CHART_W = 400
LABEL_W = 150
VALUE_W = 64
ROW_H = 24
TOP = 22


def win_rate_chart(rows: list[dict]) -> dict | None:
    """Bar geometry for the template: each faction with games, longest bar 100%."""
    shown = [r for r in rows if r["win_rate"] is not None]
    if not shown:
        return None
    span = CHART_W - LABEL_W - VALUE_W
    bars = []
    for i, row in enumerate(shown):
        width = round(span * row["win_rate"], 1)
        y = TOP + i * ROW_H
        bars.append(
            {
                "label": row["label"],
                "text": row["display"]["win_rate"],
                "games": row["games"],
                "y": y,
                "text_y": y + ROW_H / 2 + 4,
                "width": width,
                "value_x": LABEL_W + width + 6,
            }
        )
    height = TOP + len(shown) * ROW_H + 6
    return {
        "width": CHART_W,
        "height": height,
        "label_x": LABEL_W - 8,
        "bar_x": LABEL_W,
        "bar_h": ROW_H - 8,
        "half_x": LABEL_W + span / 2,
        "bars": bars,
        "summary": "; ".join(f"{b['label']} {b['text']}" for b in bars),
    }


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = file_disposition(filename, inline=True)
    return response


def event_factions(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    context = event_context(request, event, "factions")
    split = request.GET.get("split") == "disposition"
    stats = faction_stats_event(event=event, split=split)
    context.update(
        stats=stats,
        chart=win_rate_chart(stats["factions"]),
        rules=RULES,
        split=split,
        by_disposition=disposition_stats_event(event=event),
        disposition_rules=DISPOSITION_RULES,
    )
    return render(request, "tournament/factions.html", context)


def event_factions_pdf(request, event_id: int):
    event = visible_event_or_404(request, event_id)
    return _pdf(faction_stats_pdf(event=event), f"{file_slug(event.name, 'event')}-factions.pdf")


def _range(request):
    """(from, to, error) from the GET form; a bad value shows as the field's error."""
    try:
        date_from, date_to = faction_range_parse(
            # The form sends an empty field for "no limit".
            date_from=request.GET.get("from") or None,
            date_to=request.GET.get("to") or None,
        )
    except Invalid as error:
        return None, None, error
    return date_from, date_to, None


def factions(request):
    date_from, date_to, error = _range(request)
    messages = error.messages if error else {}
    context = {
        "date_from": request.GET.get("from", ""),
        "date_to": request.GET.get("to", ""),
        "from_error": " ".join(messages.get("from", ())),
        "to_error": " ".join(messages.get("to", ())),
        "rules": RULES,
    }
    if error is None:
        split = request.GET.get("split") == "disposition"
        stats = faction_stats_range(date_from=date_from, date_to=date_to, split=split)
        context.update(
            split=split,
            stats=stats,
            chart=win_rate_chart(stats["factions"]),
            range_words=faction_range_words(date_from, date_to),
            query=request.GET.urlencode(),
        )
    return render(request, "tournament/factions_all.html", context, status=400 if error else 200)


def factions_pdf(request):
    date_from, date_to, error = _range(request)
    if error is not None:
        return factions(request)  # the form, naming the field to fix
    return _pdf(faction_range_pdf(date_from=date_from, date_to=date_to), "factions.pdf")
