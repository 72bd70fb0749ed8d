"""Pairing records (issue 37): kept when the engine pairs a round, a line added per swap, read
back with the published pairs and a SHA-256 for anyone to check (`python -m tournament.verify`).

The record is stored at pairing time, exactly as the engine was given it: results corrected,
players dropped or settings changed later must not change what the round was paired from.
Rounds paired before records were kept cannot be reconstructed with certainty (a result may
have been corrected since), so they answer `record_unavailable` rather than a guess."""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.utils.translation import gettext

from common.errors import Conflict, NotFound
from tournament.engine.pairing.record import (
    explain_all,
    pairing_output,
    record_inputs,
    record_seal,
)
from tournament.engine.records import GameRecord, PlayerEntry, RoundPairing
from tournament.models import Event, Player, Round, RoundRecord, RoundStage

REASON_LIMIT = 200


def staff_name(user) -> str:
    """A staff member as the pages name them (never an id)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return ""
    return user.get_full_name() or user.get_username()


def record_made(
    *,
    event: Event,
    number: int,
    players: Sequence[PlayerEntry],
    games: Sequence[GameRecord],
    seed: int,
    tables: list[int] | None,
    groups: list[list[int]] | None,
    result: RoundPairing,
) -> dict:
    """The data a new engine-paired round keeps: its inputs and the engine's output."""
    data = record_inputs(
        event_id=event.pk,
        round_number=number,
        players=players,
        games=games,
        seed=seed,
        bye_vp=event.bye_vp,
        avoid_same_club=event.avoid_same_club,
        tables=tables,
        groups=groups,
    )
    pairs, seats = pairing_output(result)
    data["engine_pairs"], data["engine_tables"] = pairs, seats
    data["swaps"] = []
    return data


def _why(round_: Round, data: dict) -> dict:
    """Each player's "why this opponent" from the record and the games' flags as they are."""
    rows = round_.games.order_by("pk").values_list(
        "player_a_id", "player_b_id", "table_number", "flags"
    )
    flags_of: dict[int, list[str]] = {}
    pairs, seats = [], []
    for a, b, table, flags in rows:
        pairs.append([a, b])
        seats.append(table)
        codes = [f.get("code", "") for f in flags or []]
        flags_of[a] = codes
        if b is not None:
            flags_of[b] = codes
    return explain_all({**data, "pairs": pairs, "pair_tables": seats}, flags_of)


def record_keep(*, round_: Round, data: dict) -> None:
    """Keep a newly engine-paired round's record (its games made)."""
    RoundRecord.objects.create(round=round_, data=data, why=_why(round_, data))


def record_swap(*, round_: Round, player_x: int, player_y: int, user, reason: str) -> None:
    """One more swap in the round's record, in the order they were made (undoing one is a
    swap back, recorded as such). The caller holds the event's lock and has moved the players
    and refreshed the games' flags."""
    record = RoundRecord.objects.filter(round=round_).first()
    if record is None:  # a manual round, or one paired before records were kept
        return
    record.data["swaps"].append(
        {"players": [player_x, player_y], "by": staff_name(user), "reason": reason}
    )
    record.why = _why(round_, record.data)
    record.save(update_fields=["data", "why"])


TOKEN = re.compile(r"\{player:(\d+)\}")


def player_why(*, round_: Round, player: Player) -> list[str]:
    """Why this player meets their opponent in a released engine-paired round, in sentences
    with today's names (two queries; none for a round without a record)."""
    if not round_.released or round_.method != "engine" or round_.stage != RoundStage.SWISS:
        return []
    lines = (
        RoundRecord.objects.filter(round=round_)
        .values_list(f"why__p{player.pk}", flat=True)
        .first()
    )
    if not lines:
        return []
    ids = {int(pid) for line in lines for pid in TOKEN.findall(line)}
    names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
    return [
        TOKEN.sub(lambda m: names.get(int(m.group(1)), "a player no longer listed"), line)
        for line in lines
    ]


def _published(round_: Round) -> tuple[list[list], list]:
    """The round's games as they stand, in the engine's order: games are created in that
    order and a swap changes the players of a game, never the game itself."""
    rows = round_.games.order_by("pk").values_list("player_a_id", "player_b_id", "table_number")
    return [[a, b] for a, b, _ in rows], [t for _, _, t in rows]


def round_record_get(*, event: Event, number: int, staff: bool) -> dict:
    """Round `number`'s pairing record, sealed with its sha256. Hidden from the public until
    the round is released (404, as a round that does not exist)."""
    if event.is_team:
        raise Conflict(
            "round",
            "record_team_event",
            gettext("%(name)s is a team event: its team rounds have no pairing record yet.")
            % {"name": event.name},
        )
    round_ = event.rounds.filter(number=number).first()
    if round_ is None or not (round_.released or staff):
        raise NotFound(
            "round", "not_found", gettext("Round %(number)s is not paired.") % {"number": number}
        )
    if round_.stage != RoundStage.SWISS:
        raise Conflict(
            "round",
            "record_knockout",
            gettext(
                "Round %(number)s is a knockout round: its games follow the "
                "bracket's seeding, not the pairing engine (the bracket page "
                "shows them)."
            )
            % {"number": number},
        )
    if round_.method == "manual":
        raise Conflict(
            "round",
            "record_manual",
            gettext(
                "Round %(number)s was paired by hand, not by the pairing "
                "engine: there is no engine pairing to check."
            )
            % {"number": number},
        )
    stored = RoundRecord.objects.filter(round=round_).values_list("data", flat=True).first()
    if stored is None:
        raise NotFound(
            "round",
            "record_unavailable",
            gettext(
                "Round %(number)s was paired before pairing records were "
                "kept (or brought in from elsewhere): what the engine was "
                "given then is not known exactly."
            )
            % {"number": number},
        )
    pairs, seats = _published(round_)
    return record_seal({**stored, "pairs": pairs, "pair_tables": seats})


def round_record_or_none(*, event: Event, round_: Round) -> dict | None:
    """The record of a released engine-paired round, for the pages (None where there is
    none to show)."""
    if event.is_team or not round_.released or round_.method != "engine":
        return None
    if round_.stage != RoundStage.SWISS:
        return None
    stored = RoundRecord.objects.filter(round=round_).values_list("data", flat=True).first()
    if stored is None:
        return None
    pairs, seats = _published(round_)
    return {**stored, "pairs": pairs, "pair_tables": seats}


def round_has_record(*, event: Event, round_: Round | None, staff: bool = False) -> bool:
    """Whether the pages may link round_'s pairing record (one query, none without a round)."""
    if round_ is None or event.is_team or round_.method != "engine":
        return False
    if round_.stage != RoundStage.SWISS or not (round_.released or staff):
        return False
    return RoundRecord.objects.filter(round=round_).exists()
