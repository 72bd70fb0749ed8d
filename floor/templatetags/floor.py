"""`{% floor_stat event %}`: the floor's line on the staff's pages (calls waiting, the median
time from a call to its claim), linking to the floor page."""

from __future__ import annotations

from django import template

from floor.views.pages import floor_summary

register = template.Library()


@register.inclusion_tag("floor/_stat.html")
def floor_stat(event) -> dict:
    return floor_summary(event)
