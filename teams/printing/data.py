"""Plain data the team documents print (gathered by teams/services/printing.py). No ORM."""

from __future__ import annotations

from dataclasses import dataclass

from tournament.printing.data import EventInfo


@dataclass(frozen=True)
class TeamGameLine:
    table: int | None
    a_name: str
    a_faction: str
    b_name: str
    b_faction: str
    # Set only from a confirmed result; the sheet leaves boxes to fill in otherwise.
    vp_a: int | None = None
    vp_b: int | None = None
    score_a: int | None = None
    score_b: int | None = None
    # 11th-edition events: each player's own primary and the game's layout letter.
    primary_a: str = ""
    primary_b: str = ""
    layout: str = ""
    # Where the table is set up from when the data holds no layout of its matchup.
    layout_card: str = ""

    @property
    def table_words(self) -> str:
        """'12', or '12 · B' with the layout letter of an 11th-edition game."""
        table = str(self.table or "–")
        return f"{table} · {self.layout}" if self.layout else table


@dataclass(frozen=True)
class TeamMatchPrint:
    number: int
    team_a: str
    team_b: str | None  # None: a bye
    tables: str  # "Tables 1–5", or "" before the players are paired
    games: tuple[TeamGameLine, ...] = ()
    ritual: tuple[str, ...] = ()  # the ritual record in words, step by step
    ritual_variant: str = ""
    ritual_done: bool = False
    total_a: int | None = None  # the match score once every game is confirmed
    total_b: int | None = None
    outcome: str = ""  # "Team Alpha wins", "Draw"


@dataclass(frozen=True)
class TeamRoundPrint:
    event: EventInfo
    round_number: int
    team_size: int
    matches: tuple[TeamMatchPrint, ...]
    # The game score table as printed lines: ("0–5", "10–10"), ...
    score_bands: tuple[tuple[str, str], ...] = ()
    draw_margin: int = 0
    # A knockout round's line from the apps that extend events (the tie rule), or "".
    note: str = ""
