"""Which document each kind is, and how a round's documents split into parallel parts."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass

from pypdf import PdfWriter

from tournament.printing.data import RoundPrint, StandingsPrint
from tournament.printing.documents.pairings import PairingsAlphabetical, PairingsByTable
from tournament.printing.documents.scoresheets.classic import ClassicScoresheets
from tournament.printing.documents.scoresheets.eleventh import EleventhScoresheets
from tournament.printing.documents.scoresheets.leviathan import Scoresheets
from tournament.printing.documents.slips import SLIPS_PER_PAGE, ResultSlips
from tournament.printing.documents.standings import Standings
from tournament.printing.documents.tablepacks.eleventh import EleventhTablePacks
from tournament.printing.documents.tablepacks.leviathan import PAGES_PER_TABLE, TablePacks

# "fallback": the paper pack made when a round is released (pairings by name and by table, a
# result slip per table), for a venue whose phones, wifi or server fail.
FALLBACK = "fallback"
ROUND_KINDS = ("pairings", "pairings-alpha", "scoresheets", "table-packs", FALLBACK)
KINDS = (*ROUND_KINDS, "standings")
BUNDLE = "bundle"
# The documents of each kind made of several, in the order they are merged.
COMPOUND = {
    BUNDLE: ("pairings", "scoresheets", "table-packs"),
    FALLBACK: ("pairings-alpha", "pairings", "slips"),
}
# Games per part: small enough that two workers share a 500-table round evenly.
CHUNK_GAMES = 100


def chunk_games() -> int:
    """Games per part; the PRINT_CHUNK_GAMES environment variable tunes it per deployment."""
    return max(1, int(os.environ.get("PRINT_CHUNK_GAMES", CHUNK_GAMES)))


_PER_GAME = {"scoresheets": (Scoresheets, 1), "table-packs": (TablePacks, PAGES_PER_TABLE)}
# Several games to a page: a part starts on a page of its own, so its games fill whole pages.
_PER_PAGE = {"slips": (ResultSlips, SLIPS_PER_PAGE)}
_WHOLE = {"pairings": PairingsByTable, "pairings-alpha": PairingsAlphabetical}
# 11th-edition rounds: each table plays its own primaries on its own layout.
_ELEVENTH = {"scoresheets": EleventhScoresheets, "table-packs": EleventhTablePacks}


@dataclass(frozen=True)
class Part:
    """A slice of one document: games [start, stop) of a per-game document, or all of it."""

    kind: str
    start: int = 0
    stop: int | None = None


def _per_game(kind: str, data: RoundPrint):
    """The document class of a per-game kind and its pages per game: a classic pack's
    scoresheets have their own grid, and a Maelstrom mission's a second page (the Tactical
    Objective log)."""
    cls, per_game = _PER_GAME[kind]
    if data.eleventh:
        return _ELEVENTH[kind], per_game
    if kind == "scoresheets" and data.mission is not None and data.mission.classic:
        return ClassicScoresheets, ClassicScoresheets.pages_per_game(data)
    return cls, per_game


def render_round(kind: str, data: RoundPrint, part: Part | None = None) -> bytes:
    if kind in _WHOLE:
        return _WHOLE[kind](data, printed_at=data.printed_at).render()
    if kind in COMPOUND and kind != BUNDLE:
        return _merged(render_round(k, data) for k in COMPOUND[kind])
    if kind in _PER_PAGE:
        cls, per_page = _PER_PAGE[kind]
        games = data.games if part is None else data.games[part.start : part.stop]
        start = 0 if part is None else part.start
        return cls(
            data,
            games=games,
            printed_at=data.printed_at,
            page_offset=start // per_page,
            page_total=cls.pages_for(len(data.games)),
        ).render()
    cls, per_game = _per_game(kind, data)
    games = data.games
    if part is None:
        return cls(data, printed_at=data.printed_at).render()
    # A part keeps the whole document's numbering: page 101 of 500, not page 1 of 100.
    return cls(
        data,
        games=games[part.start : part.stop],
        printed_at=data.printed_at,
        page_offset=part.start * per_game,
        page_total=len(games) * per_game,
    ).render()


def _merged(documents) -> bytes:
    writer = PdfWriter()
    for pdf in documents:
        writer.append(io.BytesIO(pdf))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def render_standings(data: StandingsPrint) -> bytes:
    return Standings(data, printed_at=data.printed_at).render()


def plan_parts(kind: str, games: int, chunk: int | None = None) -> list[Part]:
    """The parts a job renders, in the order they are merged."""
    chunk = chunk or chunk_games()
    kinds = COMPOUND.get(kind, (kind,))
    parts: list[Part] = []
    for k in kinds:
        if k in _PER_PAGE:
            # Whole pages per part, so a part's slips never share a page with the next part's.
            per_page = _PER_PAGE[k][1]
            step = -(-chunk // per_page) * per_page
            parts += [Part(k, s, min(s + step, games)) for s in range(0, games, step)] or [Part(k)]
        elif k in _PER_GAME and games > chunk:
            parts += [Part(k, s, min(s + chunk, games)) for s in range(0, games, chunk)]
        else:
            parts.append(Part(k))
    return parts
