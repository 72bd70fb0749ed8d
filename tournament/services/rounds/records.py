"""Read an event out of the database as the plain records the engines take."""

from __future__ import annotations

from dataclasses import replace

from django.db.models import Exists, OuterRef, Q, QuerySet

from missions.scoring.rules import OUTCOMES
from tournament.engine.records import GameRecord, PlayerEntry
from tournament.models import (
    Event,
    Game,
    Penalty,
    PenaltyKind,
    Player,
    PlayerStatus,
    Result,
    ResultStatus,
    RoundStage,
)


def _has_game() -> Exists:
    """Whether the player is in any game of the event, a bye included."""
    return Exists(Game.objects.filter(Q(player_a=OuterRef("pk")) | Q(player_b=OuterRef("pk"))))


def ranked_players(event: Event) -> QuerySet[Player]:
    """The approved players the standings and statistics count: all but those who never played.

    A player dropped before any game (and without a bye) took no part: ranking them last,
    or counting their faction, would make the field larger than the one that played."""
    approved = event.players.filter(status=PlayerStatus.APPROVED)
    return approved.filter(Q(dropped=False) | _has_game())


def never_played(*, event: Event) -> list[Player]:
    """Approved players dropped before playing any game (no bye), by name: listed apart."""
    approved = event.players.filter(status=PlayerStatus.APPROVED, dropped=True)
    return list(approved.exclude(_has_game()).order_by("name", "pk"))


def event_players(event: Event) -> list[PlayerEntry]:
    """The event's players as the engines take them, in the players' usual order (name, id).

    Plain tuples, not model instances: a 4,096-player field is read on every pairing, and
    building model objects for it cost more than the query itself."""
    # Sign-ups not (or no longer) approved are not in the field: never paired, never ranked.
    rows = event.players.filter(status=PlayerStatus.APPROVED).values_list(
        "pk", "name", "club", "dropped", "fixed_table", "first_round"
    )
    return [
        PlayerEntry(
            id=pk,
            name=name,
            club=club,
            dropped=dropped,
            fixed_table=fixed_table,
            first_round=first_round,
        )
        for pk, name, club, dropped, fixed_table, first_round in rows
    ]


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


def event_games(
    event: Event,
    *,
    as_of_round: int | None = None,
    include_unconfirmed: bool = False,
    released_only: bool = False,
    every_stage: bool = False,
) -> list[GameRecord]:
    """Every game with the score that counts; a game still without one has vp None.

    Only confirmed results count (and byes, which the event's bye VP settles at once): a
    player's entry awaiting the opponent, or a disputed one, would otherwise give one side
    the win before anyone agreed to it. `include_unconfirmed` takes the current entry of
    every game whatever its status, for the organiser's provisional standings.

    Reads plain tuples rather than model instances: pairing a 1,000-player round reads
    several thousand games, and building objects for them would cost more than the query.

    `released_only` leaves out the rounds under the organiser's review (standings: a bye of an
    unreleased round would say who has it before the pairings are out); pairing reads them all,
    so a forced next round still avoids their rematches.

    `every_stage` takes the knockout rounds too (a person's page lists every game played)."""
    # Knockout rounds (stage "playoff", numbered after the Swiss) decide the play-offs, not
    # the Swiss: never in its standings, metrics or pairing history.
    games = Game.objects.filter(round__event=event)
    if not every_stage:
        games = games.filter(round__stage=RoundStage.SWISS)
    if released_only:
        games = games.filter(round__released=True)
    if as_of_round is not None:
        games = games.filter(round__number__lte=as_of_round)
    results = Result.objects.filter(game__round__event=event, is_current=True)
    if not include_unconfirmed:
        results = results.filter(status=ResultStatus.CONFIRMED)
    scores = {
        game_id: (vp_a, vp_b, OUTCOMES.get(decided, ""))
        for game_id, vp_a, vp_b, decided in results.values_list(
            "game_id", "vp_a", "vp_b", "decided"
        )
    }
    penalties = penalties_by_player_round(event.pk)
    records = []
    rows = games.order_by("round__number", "id").values_list(
        "pk", "round__number", "player_a_id", "player_b_id", "table_number"
    )
    for pk, number, player_a, player_b, table in rows:
        vp_a, vp_b, winner = scores.get(pk, (None, None, ""))
        if player_b is None:
            vp_a, winner = event.bye_vp, ""
        record = GameRecord(number, player_a, player_b, vp_a, vp_b, table, winner)
        if penalties:
            taken_a, loss_a = penalties.get((player_a, number), (0, False))
            taken_b, loss_b = penalties.get((player_b, number), (0, False))
            if taken_a or taken_b or loss_a or loss_b:
                record = replace(
                    record,
                    penalty_a=taken_a,
                    penalty_b=taken_b,
                    game_loss_a=loss_a,
                    game_loss_b=loss_b,
                )
        records.append(record)
    return records


def penalties_by_player_round(event_id: int) -> dict[tuple[int, int], tuple[int, bool]]:
    """(player id, round number) -> (VP taken, game loss) of the penalties staff gave that
    change the standings (services/players/penalties.py), in one query."""
    found: dict[tuple[int, int], tuple[int, bool]] = {}
    rows = Penalty.objects.filter(
        event_id=event_id, kind__in=(PenaltyKind.VP_PENALTY, PenaltyKind.GAME_LOSS)
    ).values_list("player_id", "round_number", "kind", "vp")
    for player_id, number, kind, vp in rows:
        taken, loss = found.get((player_id, number), (0, False))
        found[player_id, number] = (taken + vp, loss or kind == PenaltyKind.GAME_LOSS)
    return found
