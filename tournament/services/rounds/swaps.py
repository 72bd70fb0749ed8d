"""Organiser changes to a paired round: swap two players, or re-pair it from scratch.

Allowed only before the round has any real result, so no entered score ever moves to a
different game. Each change is logged; the warnings (rematch, record gap) come from the same
engine checks that explain the automatic pairing.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from common.errors import Conflict, Invalid, NotFound
from tournament.engine import check_pairing
from tournament.models import Event, Game, Player, Result, ResultSource, Round
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_target
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable
from tournament.services.rounds.eleventh import check_dispositions, games_refresh_dispositions
from tournament.services.rounds.fallback import fallback_pack_after_commit
from tournament.services.rounds.pairing_record import REASON_LIMIT, record_swap
from tournament.services.rounds.records import event_games, event_players
from tournament.services.rounds.rounds import (
    _locked_event,
    check_checked_in,
    require_singles,
    round_create,
    round_delete_latest,
    seed_check,
)


def _latest_open_round(event: Event, number: int) -> Round:
    round_ = event.rounds.filter(number=number).first()
    if round_ is None:
        raise NotFound(
            "round", "not_found", gettext("Round %(number)s is not paired.") % {"number": number}
        )
    if event.rounds.filter(number__gt=number).exists():
        raise Conflict("round", "not_latest", gettext("Only the latest round can be changed."))
    played = Result.objects.filter(game__round=round_).exclude(source=ResultSource.BYE)
    if played.exists():
        raise Conflict(
            "round",
            "has_results",
            gettext("Results are in for this round; it can no longer change."),
        )
    return round_


def _name(round_: Round, player_id: int) -> str:
    player = Player.objects.filter(pk=player_id, event_id=round_.event_id).first()
    return player.name if player else "This player"


def _game_of(round_: Round, player_id: int, field: str) -> Game:
    game = (
        round_.games.select_for_update()
        .filter(Q(player_a_id=player_id) | Q(player_b_id=player_id))
        .first()
    )
    if game is None:
        raise Invalid(
            field,
            "not_in_round",
            gettext("%(_name)s is not paired in round %(number)s.")
            % {"_name": _name(round_, player_id), "number": round_.number},
        )
    if game.player_a_id == player_id and game.player_b_id is not None:
        # Put the player in the B seat: one row, one statement, so no constraint trips.
        Game.objects.filter(pk=game.pk).update(player_a=game.player_b_id, player_b=player_id)
        game.refresh_from_db()
    return game


def _swap(round_: Round, x: int, y: int) -> None:
    """Each player leaves their seat before the other takes it, so the per-round unique
    constraints hold after every statement (PostgreSQL checks them row by row)."""
    gx, gy = _game_of(round_, x, "player_x"), _game_of(round_, y, "player_y")
    if gx.pk == gy.pk:
        raise Invalid(
            "player_y",
            "same_game",
            gettext("%(_name)s and %(_name2)s already play each other.")
            % {"_name": _name(round_, x), "_name2": _name(round_, y)},
        )
    if gy.player_b_id is None:  # y has the bye: let x be the one who moves first
        gx, gy, x, y = gy, gx, y, x
    seat_x = "player_b" if gx.player_b_id == x else "player_a"
    Game.objects.filter(pk=gy.pk).update(player_b=None)
    Game.objects.filter(pk=gx.pk).update(**{seat_x: y})
    Game.objects.filter(pk=gy.pk).update(player_b=x)


def _refresh_flags(event: Event, round_: Round) -> list[dict]:
    games = list(round_.games.all())
    pairs = [(g.player_a_id, g.player_b_id) for g in games]
    history = [g for g in event_games(event) if g.round < round_.number]
    flags = check_pairing(
        event_players(event), history, pairs, round_number=round_.number, bye_vp=event.bye_vp
    )
    # 11th edition: the moved players bring their dispositions (each game's primaries follow).
    eleventh = games_refresh_dispositions(event, games)
    warnings = []
    for game in games:
        pair = {game.player_a_id, game.player_b_id}
        game.flags = [
            {"code": f.code, "text": f.text} for f in flags if f.players and set(f.players) <= pair
        ]
        if game.player_b_id is None:
            game.flags.insert(0, {"code": "bye", "text": "bye"})
        game.save(update_fields=["flags", *eleventh])
        warnings += [f for f in game.flags if f["code"] != "bye"]
    return warnings


def round_swap_players(
    *, event_id: int, user, round_number: int, player_x: int, player_y: int, reason: str = ""
) -> list[dict]:
    """Swap two players between games of the latest round; returns the round's warnings.
    `reason` (why, in a line) goes into the round's pairing record with who swapped."""
    reason = (reason or "").strip()
    if len(reason) > REASON_LIMIT:
        raise Invalid(
            "reason",
            "too_long",
            gettext("Must be at most %(REASON_LIMIT)s characters.")
            % {"REASON_LIMIT": REASON_LIMIT},
        )
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        require_singles(event, "its players are paired match by match")
        round_ = _latest_open_round(event, round_number)
        if player_x == player_y:
            raise Invalid("player_y", "same_player", gettext("Choose two different players."))
        before = [[g.pk, g.player_a_id, g.player_b_id] for g in round_.games.all()]
        _swap(round_, player_x, player_y)
        warnings = _refresh_flags(event, round_)
        record_swap(round_=round_, player_x=player_x, player_y=player_y, user=user, reason=reason)
        audit_record(
            event=event,
            action="pairing_swap",
            target=f"round:{round_.pk}",
            user=user,
            before={"games": before, "swap": [player_x, player_y]},
            after={
                "games": [[g.pk, g.player_a_id, g.player_b_id] for g in round_.games.all()],
                **({"reason": reason} if reason else {}),
            },
        )
        fallback_pack_after_commit(round_id=round_.pk)  # a released round's pack is replaced
        return warnings


def _rows(round_: Round) -> list[list]:
    return sorted([g.pk, g.player_a_id, g.player_b_id] for g in round_.games.all())


def _swapped_round(entry) -> Round:
    """The round of a swap, while it still holds exactly the pairings the swap left."""
    round_ = audit_target(entry, "round", gone="This round has been removed.")
    later = round_.event.rounds.filter(number__gt=round_.number).order_by("-number").first()
    if later is not None:
        raise Conflict(
            "entry",
            "not_latest",
            gettext(
                "Round %(number)s's pairings can no longer change: round "
                "%(number2)s was paired after it."
            )
            % {"number": round_.number, "number2": later.number},
        )
    if Result.objects.filter(game__round=round_).exclude(source=ResultSource.BYE).exists():
        raise Conflict(
            "entry",
            "has_results",
            gettext("Round %(number)s has results; its pairings can no longer change.")
            % {"number": round_.number},
        )
    # Seats within a game may be flipped by later swaps; the pairs themselves must match.
    now = {(pk, frozenset((a, b))) for pk, a, b in _rows(round_)}
    then = {(pk, frozenset((a, b))) for pk, a, b in entry.after["games"]}
    if now != then:
        raise Conflict(
            "entry",
            "superseded",
            gettext(
                "Round %(number)s's pairings changed after this swap; undo the later change first."
            )
            % {"number": round_.number},
        )
    return round_


@undo_check("pairing_swap")
def _check_swap(entry) -> list[str]:
    _swapped_round(entry)
    return []


@undoable("pairing_swap")
def _undo_swap(entry) -> None:
    event = _locked_event(entry.event_id)
    round_ = _swapped_round(entry)
    x, y = entry.before["swap"]
    _swap(round_, y, x)
    _refresh_flags(event, round_)
    # Undone by a swap back: the record keeps both, so replaying it gives the pairs as they are.
    record_swap(
        round_=round_,
        player_x=y,
        player_y=x,
        user=getattr(entry, "undoing_user", None),
        reason="undoing an earlier swap",
    )
    fallback_pack_after_commit(round_id=round_.pk)


def round_repair(*, event_id: int, user, seed: int | None = None, force: bool = False) -> Round:
    """Throw away the latest round's pairing (before any result) and pair it again.

    Check-in applies as it did when the round was first paired: a player who is no longer
    checked in is named (409) unless forced. The previous round's results were judged then."""
    # Checked first: a refused seed must not throw away the pairing it was meant to replace.
    seed_check(seed)
    with transaction.atomic():
        event = _locked_event(event_id)
        require_organiser(user, event)
        event_require_writable(event)
        require_singles(event, "its players are paired match by match")
        latest = event.rounds.order_by("-number").first()
        if latest is not None:
            check_checked_in(event, latest.number, force)
            check_dispositions(event, latest.number, force)
        round_delete_latest(event_id=event_id, user=user)
        # The round's named layout (per_round policy) stays the one the organiser named.
        return round_create(
            event_id=event_id,
            user=user,
            seed=seed,
            force=True,
            layout=(latest.layout or None) if latest is not None else None,
        )
