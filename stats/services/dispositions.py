"""An 11th-edition event's statistics by Force Disposition: win rate by disposition pairing,
how often the player who took the first turn won, and the dispositions each faction's players
held (the split of the faction statistics, stats/services/factions.py).

Only confirmed results count, as in every public statistic. A game counts with the
dispositions it was made with (the game keeps them), else its players' own.
"""

from __future__ import annotations

from django.db.models import F

from missions.eleventh.matrix import DISPOSITION_IDS, DISPOSITION_NAMES
from missions.scoring.rules import SCORING
from stats.engine.dispositions import (
    DispositionGame,
    FirstTurnStats,
    PairingStats,
    first_turn_stats,
    pairing_stats,
)
from stats.engine.factions import FactionStats
from tournament.caching.cached import event_cached
from tournament.engine.display import fixed, format_percent, format_record, json_rate
from tournament.models import Event, Result, ResultStatus

NOT_RECORDED = "Not recorded"
RULES = (
    "Only confirmed results count; byes never.",
    "A pairing is the two dispositions of a game, either way round; its win rate is each "
    "disposition's wins over the pairing's games (draws are games, not wins).",
    "When both players held one disposition (a mirror) only its games and draws count.",
    "Going first: over the games whose result records who took the first turn, how often "
    "that player won.",
)


def disposition_label(key: str | None) -> str:
    return DISPOSITION_NAMES.get(key or "", NOT_RECORDED)


def has_dispositions(event: Event) -> bool:
    """Whether the event's pack plays with Force Dispositions (11th edition)."""
    rules = SCORING.get(event.mission_pack)
    return bool(rules and rules.game_record)


def _games(event: Event) -> list[DispositionGame]:
    rows = (
        Result.objects.filter(
            game__round__event=event,
            is_current=True,
            status=ResultStatus.CONFIRMED,
            game__player_b__isnull=False,
        )
        .order_by("game_id")
        .values_list(
            "game__disposition_a",
            "game__disposition_b",
            F("game__player_a__disposition"),
            F("game__player_b__disposition"),
            "vp_a",
            "vp_b",
            "first_turn",
        )
    )
    return [
        DispositionGame(game_a or player_a or None, game_b or player_b or None, vp_a, vp_b, first)
        for game_a, game_b, player_a, player_b, vp_a, vp_b, first in rows
        if vp_b is not None
    ]


def _rate(value) -> float | None:
    return None if value is None else json_rate(value)


def _shown(value) -> str:
    return "–" if value is None else format_percent(value)


def _pairing(row: PairingStats) -> dict:
    return {
        "dispositions": [row.first, row.second],
        "labels": [disposition_label(row.first), disposition_label(row.second)],
        "mirror": row.mirror,
        "games": row.games,
        "wins": [row.first_wins, row.second_wins],
        "draws": row.draws,
        "win_rate": [_rate(row.first_rate), _rate(row.second_rate)],
        "display": {
            "win_rate": [_shown(row.first_rate), _shown(row.second_rate)],
        },
    }


def _first_turn(stats: FirstTurnStats) -> dict:
    return {
        "games": stats.games,
        "won": stats.won,
        "lost": stats.lost,
        "draws": stats.draws,
        "win_rate": _rate(stats.rate),
        "display": {"win_rate": _shown(stats.rate)},
    }


def _compute(event: Event) -> dict:
    games = _games(event)
    return {
        "games": len(games),
        "pairings": [_pairing(row) for row in pairing_stats(games, DISPOSITION_IDS)],
        "first_turn": _first_turn(first_turn_stats(games)),
    }


def disposition_stats_event(*, event: Event) -> dict | None:
    """The event's figures by disposition (None for a pack without dispositions), cached by
    the event's revision like the faction statistics."""
    if not has_dispositions(event):
        return None
    return event_cached(
        event=event, name="dispositions", variant="", compute=lambda: _compute(event)
    )


def disposition_row(stats: FactionStats) -> dict:
    """One disposition's figures within a faction (the split); `stats.faction` holds the
    disposition id (None: not recorded)."""
    mean_for, mean_against = stats.vp_for_mean, stats.vp_against_mean
    return {
        "disposition": stats.faction,
        "label": disposition_label(stats.faction),
        "players": stats.players,
        "games": stats.games,
        "wins": stats.wins,
        "draws": stats.draws,
        "losses": stats.losses,
        "mirrors": stats.mirrors,
        "byes": stats.byes,
        "win_rate": _rate(stats.win_rate),
        "vp_for_mean": None if mean_for is None else json_rate(mean_for, 2),
        "vp_against_mean": None if mean_against is None else json_rate(mean_against, 2),
        "display": {
            "record": format_record(stats.wins, stats.draws, stats.losses),
            "win_rate": _shown(stats.win_rate),
            "vp_for_mean": "–" if mean_for is None else fixed(mean_for, 1),
            "vp_against_mean": "–" if mean_against is None else fixed(mean_against, 1),
        },
    }
