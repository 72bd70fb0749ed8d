"""Find my table: a round's games or by-name rows whose player names hold what was typed.

Matching ignores case and accents ("zoe" finds "Zoë") and folds the letters Unicode does not
decompose ("lukasz" finds "Łukasz", "soren" "Søren"), so a player finds themselves however the
organiser spelled the name. static/js/find-table.js folds the typed text the same way, with the
same table of extra folds (the page hands it over, `data-folds`), and filters the rows in place;
each row carries its folded names in `data-find`.
"""

from __future__ import annotations

from tournament.engine.names import name_fold
from tournament.models import Game

QUERY_MAX = 60


def fold(text: str) -> str:
    """Lower case without accents, extra folds or extra spaces: 'Zoë  Łukasz' -> 'zoe lukasz'."""
    return name_fold(text)


def find_query(raw: str | None) -> str:
    """The typed text as searched: trimmed, and cut to a name's length."""
    return " ".join((raw or "").split())[:QUERY_MAX]


def game_names(game: Game) -> str:
    names = [game.player_a.name]
    if game.player_b_id:
        names.append(game.player_b.name)
    return " | ".join(fold(n) for n in names)


def games_matching(games: list[Game], query: str) -> list[Game]:
    """Games (byes included) either of whose players' names holds the query."""
    wanted = fold(query)
    return [g for g in games if wanted in game_names(g)] if wanted else games


def rows_matching(rows: list[dict], query: str) -> list[dict]:
    """By-name rows whose player's name holds the query."""
    wanted = fold(query)
    return [r for r in rows if wanted in fold(r["player"].name)] if wanted else rows


def players_matching(players: list, query: str) -> list:
    """Players whose names hold the query (the organiser's list at the door)."""
    wanted = fold(query)
    return [p for p in players if wanted in fold(p.name)] if wanted else players
