"""The series for everyone: the list, the table page, its CSV and its PDF."""

from __future__ import annotations

import csv
import io

from django.http import Http404, HttpResponse
from django.shortcuts import render

from common.errors import NotFound
from series.printing.table import series_table_pdf
from series.services.series import series_get, series_read, series_visible_to
from series.services.table import series_table_read
from tournament.services.documents.exports import file_disposition, file_slug


def series_or_404(request, series_id: int):
    try:
        return series_get(user=request.user, series_id=series_id)
    except NotFound:
        raise Http404("No such series.") from None


def series_list(request):
    items = list(series_visible_to(request.user))
    return render(request, "series/list.html", {"items": items})


def series_page(request, series_id: int):
    series = series_or_404(request, series_id)
    context = {
        "series": series_read(series=series, user=request.user),
        "table": series_table_read(series=series, user=request.user),
    }
    return render(request, "series/series.html", context)


# The CSV's columns (docs/exports.md): one row a person, then one column an event counted.
CSV_HEAD = ["Rank", "Tied", "Person", "Name", "Points", "Events played", "Events counted"]


def series_csv(request, series_id: int):
    series = series_or_404(request, series_id)
    table = series_table_read(series=series, user=request.user)
    events = [e for e in table["events"] if e["counted"]]
    out = io.StringIO()
    # A byte order mark for the spreadsheets that need one to read UTF-8 names.
    out.write("\ufeff")
    writer = csv.writer(out)
    writer.writerow([*CSV_HEAD, *(e["name"] for e in events), "Note"])
    for row in table["rows"]:
        scores = {s["event"]: s for s in row["scores"]}
        cells = []
        for e in events:
            s = scores.get(e["id"])
            cells.append("" if s is None else s["points_display"] + ("" if s["counted"] else "*"))
        writer.writerow(
            [
                row["rank"],
                "yes" if row["tied"] else "",
                row["person"] or "",
                row["name"],
                row["points_display"],
                row["events_played"],
                row["events_counted"],
                *cells,
                row["note"],
            ]
        )
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    name = file_slug(series.name, "series")
    response["Content-Disposition"] = file_disposition(f"{name}-table.csv")
    return response


def series_pdf(request, series_id: int):
    series = series_or_404(request, series_id)
    table = series_table_read(series=series, user=request.user)
    response = HttpResponse(series_table_pdf(series=series, table=table))
    response["Content-Type"] = "application/pdf"
    name = file_slug(series.name, "series")
    response["Content-Disposition"] = file_disposition(f"{name}-table.pdf", inline=True)
    return response
