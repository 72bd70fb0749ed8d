"""Read an event out of the database as the plain records the engines take."""

from __future__ import annotations

from tournament.engine.records import GameRecord, PlayerEntry
from tournament.models import Event, Game, Result


def event_players(event: Event) -> list[PlayerEntry]:
    return players_records(event.players.all())


def players_records(players) -> list[PlayerEntry]:
    return [
        PlayerEntry(
            id=p.pk,
            name=p.name,
            club=p.club,
            dropped=p.dropped,
            fixed_table=p.fixed_table,
            first_round=p.first_round,
        )
        for p in players
    ]


def event_games(event: Event, *, as_of_round: int | None = None) -> list[GameRecord]:
    """Every game with the score that counts; a game still without one has vp None.

    Reads plain tuples rather than model instances: pairing a 1,000-player round reads
    several thousand games, and building objects for them would cost more than the query."""
    games = Game.objects.filter(round__event=event)
    if as_of_round is not None:
        games = games.filter(round__number__lte=as_of_round)
    scores = {
        game_id: (vp_a, vp_b)
        for game_id, vp_a, vp_b in Result.objects.filter(
            game__round__event=event, is_current=True
        ).values_list("game_id", "vp_a", "vp_b")
    }
    records = []
    rows = games.order_by("round__number", "id").values_list(
        "pk", "round__number", "player_a_id", "player_b_id", "table_number"
    )
    for pk, number, player_a, player_b, table in rows:
        vp_a, vp_b = scores.get(pk, (None, None))
        if player_b is None:
            vp_a = event.bye_vp
        records.append(GameRecord(number, player_a, player_b, vp_a, vp_b, table))
    return records
