"""Page data in a fixed number of queries: a round's games with players and current result."""

from __future__ import annotations

from django.db.models import F, Prefetch, Q

from common.errors import ServiceError
from missions.pack.errors import MissionError
from missions.services.missions import round_mission
from tournament.engine.names import name_sort_key
from tournament.models import Event, Game, Player, Result, Round
from tournament.services.players.public import games_named_for_public

# Each game's counting result as `game.current_results` (a list of at most one).
CURRENT_RESULT = Prefetch(
    "results",
    queryset=Result.objects.filter(is_current=True).select_related("entered_by_player"),
    to_attr="current_results",
)
STATE_ORDER = {"disputed": 0, "missing": 1, "pending": 2, "confirmed": 3, "bye": 4}


def games_of(round_: Round | None) -> list[Game]:
    """Games by table, each with `.current` (the counting Result or None) and `.state`."""
    if round_ is None:
        return []
    games = list(
        Game.objects.filter(round=round_)
        .select_related("player_a", "player_b")
        .prefetch_related(CURRENT_RESULT)
        .order_by(F("table_number").asc(nulls_last=True), "id")
    )
    for game in games:
        # One round for every game rather than a copy each (500 at 1,000 players).
        game.round = round_
        annotate(game)
    return games


def games_shown(round_: Round | None, *, staff: bool) -> list[Game]:
    """The games a reader sees: none of a round still under the organiser's review (the
    page says "pairings coming" instead), unless the reader is staff."""
    if round_ is not None and not round_.released and not staff:
        return []
    games = games_of(round_)
    if not staff and round_ is not None:
        # The public reads players by the event's public names (issue 36).
        games_named_for_public(round_.event, games)
    return games


def annotate(game: Game) -> Game:
    current = game.current_results[0] if game.current_results else None
    game.current = current
    if game.player_b_id is None:
        game.state = "bye"
    elif current is None:
        game.state = "missing"
    else:
        game.state = current.status
    return game


def game_for(player: Player, round_: Round | None) -> Game | None:
    if round_ is None:
        return None
    game = (
        Game.objects.filter(round=round_)
        .filter(Q(player_a=player) | Q(player_b=player))
        .select_related("player_a", "player_b", "round__event")
        .prefetch_related(CURRENT_RESULT)
        .first()
    )
    return annotate(game) if game else None


def player_history(player: Player) -> list[Game]:
    """The player's games of released rounds, newest first (a round under review is the
    staff's alone: its opponent and table wait for the release)."""
    games = (
        Game.objects.filter(Q(player_a=player) | Q(player_b=player), round__released=True)
        .select_related("player_a", "player_b", "round")
        .prefetch_related(CURRENT_RESULT)
        .order_by("-round__number")
    )
    return [annotate(g) for g in games]


def by_name(games: list[Game]) -> list[dict]:
    """One line per player, alphabetical: where they sit and whom they play."""
    rows = []
    for game in games:
        # 11th edition: each player's own primary and the layout (None otherwise).
        x = game.eleventh or {}
        rows.append(
            {
                "player": game.player_a,
                "opponent": game.player_b,
                "game": game,
                "primary": x.get("primary_a"),
                "layout": x.get("layout"),
                # The Event Companion's card to set a table up from when the data has no map.
                "layout_card": x.get("layout_card"),
            }
        )
        if game.player_b_id:
            rows.append(
                {
                    "player": game.player_b,
                    "opponent": game.player_a,
                    "game": game,
                    "primary": x.get("primary_b"),
                    "layout": x.get("layout"),
                    "layout_card": x.get("layout_card"),
                }
            )
    return sorted(rows, key=lambda r: (*name_sort_key(r["player"].name), r["player"].pk))


def mission_of(event: Event, round_: Round | None):
    """The round's full Mission (cards and map), or None when it has none or it is unknown."""
    if round_ is None or not round_.mission_code:
        return None
    try:
        return round_mission(event.mission_pack, round_.mission_code)
    except (MissionError, ServiceError):
        return None
