"""Standings cells as the metric registry writes them, so the page matches the PDF and the API."""

from __future__ import annotations

from django import template

from tournament.services.standings import standings
from tournament.views.find import fold

register = template.Library()


@register.filter
def metric_text(row: dict, name: str) -> str:
    """A standings row's metric as people read it ("45.5%", "7.5", "+12")."""
    return row["display"].get(name, "")


@register.filter
def metric_heading(name: str) -> str:
    return standings.metric_heading(name)


@register.filter
def metric_label(name: str) -> str:
    return standings.metric_label(name)


@register.filter
def folded(name: str) -> str:
    """A name as the find box matches it (lower case, no accents): the rows' data-find."""
    return fold(name)


@register.filter
def final_first(rows) -> list[dict]:
    """The rows in final order once the play-offs give every row its place (each with
    `place`), else as they are: the table then leads with that place, the Swiss rank beside."""
    return standings.standings_final_first(list(rows))


@register.filter
def has_final_places(rows) -> bool:
    """Whether the rows are in final order (every row has its final place, added by apps whose
    rounds follow the Swiss once those are finished): the table then shows the Swiss rank as
    a column of its own."""
    return standings.standings_finals(list(rows))
