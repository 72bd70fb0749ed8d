"""Penalties and cards (issue 35): staff record warnings, yellow and red cards, VP penalties and
game losses per player and round, with a reason only staff read.

A VP penalty takes its VP from the player's VP total (and the VP-based tie-breaks) for that
round's game; the result's VP stay as entered and the game's outcome stays as played. A game
loss makes that game a loss for the player whatever the VP, and a win for the opponent (both
lose when both were given one). The pure engine applies both (engine/records.py GameRecord),
from what `event_games` (services/rounds/records.py) reads. Giving and removing are logged and
undoable. Cards follow the person across events through the people app.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext

from common.errors import Conflict, Invalid, NotFound
from tournament.extensions import SIGNUP_WARNINGS
from tournament.models import Event, Game, Penalty, PenaltyKind, Player
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_target, audit_target_kind
from tournament.services.events.access import require_judge, user_can_judge
from tournament.services.events.archive import event_require_writable
from tournament.services.players.names import text_checked

VP_MAX = 999  # the largest total any pack's result takes
REASON_LIMIT = 1000
KINDS = tuple(PenaltyKind.values)
KIND_WORDS = dict(PenaltyKind.choices)
# Short marks the public pages show beside a name (never the reason).
KIND_MARKS = {
    "warning": "W",
    "yellow_card": "YC",
    "red_card": "RC",
    "vp_penalty": "−VP",
    "game_loss": "GL",
}

audit_target_kind("penalty", Penalty, "event_id")


def _kind(kind) -> str:
    if kind not in KINDS:
        raise Invalid(
            "kind",
            "invalid_choice",
            gettext("Must be one of %(join)s.") % {"join": ", ".join(KINDS)},
        )
    return kind


def _whole(value, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise Invalid(field, "invalid", gettext("Must be a whole number."))
    if not low <= value <= high:
        raise Invalid(
            field,
            "range",
            gettext("Must be a whole number from %(low)s to %(high)s.")
            % {"low": low, "high": high},
        )
    return value


def _vp(kind: str, vp) -> int:
    if kind != PenaltyKind.VP_PENALTY:
        if vp not in (None, 0):
            raise Invalid("vp", "not_allowed", gettext("Only a VP penalty takes VP."))
        return 0
    if vp is None:
        raise Invalid("vp", "required", gettext("Give the VP the penalty takes."))
    return _whole(vp, "vp", 1, VP_MAX)


def _reason(reason) -> str:
    text = text_checked(reason if reason is not None else "", field="reason", multiline=True)
    if not text:
        raise Invalid(
            "reason", "required", gettext("Say why (staff read it; the public never does).")
        )
    if len(text) > REASON_LIMIT:
        raise Invalid(
            "reason",
            "max_length",
            gettext("Must be at most %(REASON_LIMIT)s characters.")
            % {"REASON_LIMIT": format(REASON_LIMIT, ",")},
        )
    return text


def penalty_words(penalty: Penalty) -> str:
    """ "VP penalty (−10 VP)", "Yellow card"."""
    words = KIND_WORDS.get(penalty.kind, penalty.kind)
    return f"{words} (−{penalty.vp} VP)" if penalty.kind == PenaltyKind.VP_PENALTY else words


def _snapshot(penalty: Penalty) -> dict:
    return {
        "player": penalty.player_id,
        "player_name": penalty.player.name,
        "kind": penalty.kind,
        "round": penalty.round_number,
        "vp": penalty.vp,
        "reason": penalty.reason,
        # A username, never an account's id: the log travels in event files.
        "given_by": penalty.given_by.get_username() if penalty.given_by_id else None,
        "given_at": penalty.given_at.isoformat(),
    }


def penalty_give(*, event: Event, user, player_id, kind, round_number, vp=None, reason) -> Penalty:
    """Record a penalty (organisers and judges). The round must be paired; a VP penalty or a
    game loss needs the player's game of that round (409 `no_game`)."""
    kind = _kind(kind)
    vp = _vp(kind, vp)
    reason = _reason(reason)
    if not isinstance(player_id, int) or isinstance(player_id, bool):
        raise Invalid("player", "invalid", gettext("Must be a player's id."))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        require_judge(user, event)
        event_require_writable(event)
        player = Player.objects.filter(event=event, pk=player_id).first()
        if player is None:
            raise NotFound("player", "not_found", gettext("No such player in this event."))
        paired = event.rounds.order_by("-number").values_list("number", flat=True).first() or 0
        if not paired:
            raise Conflict("round", "not_paired", gettext("No round is paired yet."))
        round_number = _whole(round_number, "round", 1, paired)
        if kind in (PenaltyKind.VP_PENALTY, PenaltyKind.GAME_LOSS):
            played = Game.objects.filter(round__event=event, round__number=round_number).filter(
                Q(player_a_id=player.pk) | Q(player_b_id=player.pk)
            )
            if not played.exists():
                raise Conflict(
                    "round",
                    "no_game",
                    gettext("%(name)s has no game in round %(round_number)s.")
                    % {"name": player.name, "round_number": round_number},
                )
        penalty = Penalty.objects.create(
            event=event,
            player=player,
            round_number=round_number,
            kind=kind,
            vp=vp,
            reason=reason,
            given_by=user if user is not None and user.is_authenticated else None,
        )
        audit_record(
            event=event,
            action="penalty_give",
            target=f"penalty:{penalty.pk}",
            user=user,
            after=_snapshot(penalty),
        )
        return penalty


def penalty_remove(*, event: Event, user, penalty_id: int) -> None:
    """Remove a penalty given by mistake (organisers and judges); logged, undoable."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        require_judge(user, event)
        event_require_writable(event)
        penalty = Penalty.objects.select_for_update().filter(event=event, pk=penalty_id).first()
        if penalty is None:
            raise NotFound("penalty", "not_found", gettext("No such penalty in this event."))
        before = {"id": penalty.pk, **_snapshot(penalty)}
        penalty.delete()
        audit_record(
            event=event,
            action="penalty_remove",
            target=f"player:{before['player']}",
            user=user,
            before=before,
        )


def penalties_list(
    *, event: Event, user=None, player_id: int | None = None, with_words: bool = False
) -> list[dict]:
    """The event's penalties, by round: every field for its staff; for anyone else kind,
    round and player only (never the reason, the VP's cause or who gave it)."""
    staff = user_can_judge(user, event)
    rows = Penalty.objects.filter(event=event).select_related("player", "given_by")
    if player_id is not None:
        rows = rows.filter(player_id=player_id)
    out = []
    for penalty in rows:
        row = {
            "id": penalty.pk,
            "player": penalty.player_id,
            "player_name": penalty.player.name,
            "kind": penalty.kind,
            "round": penalty.round_number,
        }
        if with_words:
            row |= {"mark": KIND_MARKS.get(penalty.kind, ""), "words": penalty_words(penalty)}
        if staff or with_words:
            # The pages show a VP penalty's amount beside the VP it takes from (the standings
            # count it anyway); the public API gives kind, round and player only.
            row["vp"] = penalty.vp
        if staff:
            row |= {
                "reason": penalty.reason,
                "given_by": penalty.given_by.get_username() if penalty.given_by else None,
                "given_at": penalty.given_at.isoformat(),
            }
        out.append(row)
    return out


def penalty_marks(
    event_id: int, *, up_to_round: int | None = None, round_number: int | None = None
) -> dict[int, list[dict]]:
    """Player id -> [{"kind", "round", "vp", "mark", "words"}] for the public pages (never the
    reason); up to a round, or of one round."""
    rows = Penalty.objects.filter(event_id=event_id)
    if up_to_round is not None:
        rows = rows.filter(round_number__lte=up_to_round)
    if round_number is not None:
        rows = rows.filter(round_number=round_number)
    marks: dict[int, list[dict]] = {}
    for player_id, kind, number, vp in rows.values_list("player_id", "kind", "round_number", "vp"):
        words = KIND_WORDS.get(kind, kind)
        if kind == PenaltyKind.VP_PENALTY:
            words = f"{words} −{vp} VP"
        marks.setdefault(player_id, []).append(
            {
                "kind": kind,
                "round": number,
                "vp": vp,
                "mark": KIND_MARKS.get(kind, kind),
                "words": f"{words}, round {number}",
            }
        )
    return marks


def player_signup_warnings(*, player: Player, user) -> list[str]:
    """What the event's staff should know about a player signing up or added (a red card of
    the last 366 days elsewhere: SIGNUP_WARNINGS, filled by people). Staff only: [] for
    anyone else."""
    if not user_can_judge(user, player.event):
        return []
    return [text for hook in SIGNUP_WARNINGS for text in hook(player, user)]


# --- Undo --------------------------------------------------------------------------------------


@undo_check("penalty_give")
def _check_give(entry) -> list[str]:
    audit_target(entry, "penalty", gone="This penalty has been removed already.")
    return []


@undoable("penalty_give")
def _undo_give(entry) -> None:
    audit_target(entry, "penalty", lock=True).delete()


def _recreate_check(entry) -> Player:
    before = entry.before or {}
    player = Player.objects.filter(event_id=entry.event_id, pk=before["player"]).first()
    if player is None:
        raise Conflict("entry", "gone", gettext("This player is no longer in the event."))
    _kind(before["kind"])
    return player


@undo_check("penalty_remove")
def _check_remove(entry) -> list[str]:
    _recreate_check(entry)
    return []


@undoable("penalty_remove")
def _undo_remove(entry) -> None:
    player = _recreate_check(entry)
    before = entry.before
    giver = before.get("given_by")
    Penalty.objects.create(
        event_id=entry.event_id,
        player=player,
        round_number=int(before["round"]),
        kind=before["kind"],
        vp=int(before["vp"]),
        reason=str(before["reason"]),
        given_by=_user_named(giver),
        given_at=parse_datetime(before["given_at"]),
    )


def _user_named(username):
    if not isinstance(username, str) or not username:
        return None
    return get_user_model().objects.filter(username=username).first()
