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
    """Every game with the score that counts; a game still without one has vp None."""
    games = Game.objects.filter(round__event=event).select_related("round")
    if as_of_round is not None:
        games = games.filter(round__number__lte=as_of_round)
    scores = {
        r.game_id: (r.vp_a, r.vp_b)
        for r in Result.objects.filter(game__round__event=event, is_current=True).only(
            "game_id", "vp_a", "vp_b"
        )
    }
    records = []
    for g in games:
        vp_a, vp_b = scores.get(g.pk, (None, None))
        if g.player_b_id is None:
            vp_a = event.bye_vp
        records.append(
            GameRecord(
                round=g.round.number,
                player_a=g.player_a_id,
                player_b=g.player_b_id,
                vp_a=vp_a,
                vp_b=vp_b,
                table=g.table_number,
            )
        )
    return records
