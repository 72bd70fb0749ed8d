"""A round's game rows on the public pages, each rendered once per content and language.

At the end of a round every result moves the event's revision, so the pairings page's and the
event page's live parts are made again every few seconds, while only the rows whose game
changed differ from the last making; rendering 500 rows through the template was most of that
making (benchmarks/replay.py). A row is rendered from a `GameRow`, plain values holding all the
row shows, and kept by that value and the language: a part made again renders only the rows
that changed. The row template reads nothing but the `GameRow`, so a row can never be given
from a stale key.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import NamedTuple

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

ROW_TEMPLATE = "tournament/partials/game_row.html"
# Rows of a few 1,000-player events in a few languages; a row is about 1 KB.
KEPT_ROWS = 8000


class PenaltyMark(NamedTuple):
    kind: str
    mark: str
    vp: int | None
    words: str


class Side(NamedTuple):
    name: str
    faction: str
    primary: str | None
    penalties: tuple[PenaltyMark, ...]


class GameRow(NamedTuple):
    table_number: int | None
    extra_minutes: int
    layout: str | None
    deployment: str | None
    layout_card: str | None
    find_names: str
    a: Side
    b: Side | None  # None for a bye
    # The counting result: its status, the status as read, and both VP (vp_b None when unknown).
    status: str | None
    status_words: str
    vp_a: int | None
    vp_b: int | None


def _marks(marks) -> tuple[PenaltyMark, ...]:
    return tuple(
        PenaltyMark(str(m["kind"]), str(m["mark"]), m.get("vp"), str(m["words"])) for m in marks
    )


def game_row(game) -> GameRow:
    """Everything a game's row shows, from a game of `views.data.games_of` (with `.current`,
    `.state` and, on the pairings page, `.find_names` and `.penalties_a/_b`)."""
    eleventh = game.eleventh or {}
    current = game.current
    a, b = game.player_a, game.player_b
    return GameRow(
        table_number=game.table_number,
        extra_minutes=game.extra_minutes or 0,
        layout=eleventh.get("layout"),
        deployment=eleventh.get("deployment"),
        layout_card=eleventh.get("layout_card"),
        find_names=getattr(game, "find_names", ""),
        a=Side(
            a.name, a.faction, eleventh.get("primary_a"), _marks(getattr(game, "penalties_a", ()))
        ),
        b=(
            Side(
                b.name,
                b.faction,
                eleventh.get("primary_b"),
                _marks(getattr(game, "penalties_b", ())),
            )
            if b is not None
            else None
        ),
        status=game.state if current is not None else None,
        status_words=str(current.get_status_display()) if current is not None else "",
        vp_a=current.vp_a if current is not None else None,
        vp_b=current.vp_b if current is not None else None,
    )


_KEPT: OrderedDict[tuple, SafeString] = OrderedDict()
_LOCK = threading.Lock()


def game_row_html(game) -> SafeString:
    """The row's HTML, rendered once per content and language in this process."""
    key = (get_language(), game_row(game))
    with _LOCK:
        html = _KEPT.get(key)
        if html is not None:
            _KEPT.move_to_end(key)
            return html
    html = mark_safe(render_to_string(ROW_TEMPLATE, {"row": key[1]}))  # noqa: S308 - our template
    with _LOCK:
        _KEPT[key] = html
        while len(_KEPT) > KEPT_ROWS:
            _KEPT.popitem(last=False)
    return html


def game_rows_html(games) -> SafeString:
    return mark_safe("".join(game_row_html(g) for g in games))  # noqa: S308 - rendered rows
