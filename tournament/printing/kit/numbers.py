"""Numbers on paper as the page's language writes them: "45,5%" in a German event's PDF.

The services give exact decimal text ("45.5", "45.5%", "7.5"), made from fractions without a
float; here it becomes a Decimal (still exact) and Django writes it under the active language,
which the printing runs under (tournament/services/events/language.py). Whole numbers and any
other text are left as they are."""

from __future__ import annotations

import re
from decimal import Decimal

from django.utils.formats import number_format

DECIMAL = re.compile(r"(?P<number>[+\-−]?\d+\.(?P<places>\d+))(?P<percent>%?)")


def paper_number(text: str) -> str:
    """`text` with its decimal numbers in the active language ("45.5%" -> "45,5%" in de)."""
    if not isinstance(text, str):
        return text

    def localized(match: re.Match) -> str:
        number = match["number"].replace("−", "-")
        shown = number_format(Decimal(number), decimal_pos=len(match["places"]))
        if match["number"].startswith("−"):
            shown = shown.replace("-", "−", 1)
        return f"{shown}{match['percent']}"

    return DECIMAL.sub(localized, text)
