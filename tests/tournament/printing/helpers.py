"""A small paired event for the printing tests, built through the services."""

from __future__ import annotations

import io

from pypdf import PdfReader

from tests.conftest import add_players
from tournament.services.results.results import result_enter
from tournament.services.rounds.rounds import round_create


def pair_in_order(event, user, players, *, mission_code: str | None = "C"):
    """Pair players 1v2, 3v4, ...; an odd one out gets the bye."""
    ids = [p.pk for p in players]
    pairs = [{"player_a": a, "player_b": b} for a, b in zip(ids[::2], ids[1::2], strict=False)]
    if len(ids) % 2:
        pairs.append({"player_a": ids[-1], "player_b": None})
    return round_create(event_id=event.pk, user=user, pairings=pairs, mission_code=mission_code)


def played_event(event, user, count: int = 9):
    """`count` players, round 1 played (A wins), round 2 paired: records differ on the sheets."""
    players = add_players(event, user, count)
    first = pair_in_order(event, user, players)
    for game in first.games.filter(player_b__isnull=False):
        result_enter(game_id=game.pk, data={"vp_a": 70, "vp_b": 50}, user=user)
    second = pair_in_order(event, user, list(reversed(players)), mission_code="C")
    return players, second


def pdf_pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]
