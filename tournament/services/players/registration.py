"""Public sign-up: places, the waiting list, the organiser's approval, withdrawals.

A sign-up is a Player with a status. Approved players are the field (paired, listed, ranked);
pending ones wait for the organiser; waiting ones queue, in sign-up order, for a place. A place
is held by every approved player still in and every pending one, so a sign-up the organiser
has not looked at yet is not overtaken by a later one. Every decision is made under a lock on
the event's row: two sign-ups for the last place queue behind each other and only the first
takes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext

from common.errors import Conflict, Invalid, NotFound
from tournament.data.factions import FACTIONS, faction_known
from tournament.models import Event, EventStatus, Game, Player, PlayerStatus
from tournament.services.audit.log import audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_target, logged_value
from tournament.services.events.access import require_organiser
from tournament.services.events.archive import event_require_writable
from tournament.services.events.extra_fields import (
    extra_clean,
    extra_editable,
    extra_split,
    extra_write,
)
from tournament.services.players.names import (
    name_checked,
    name_clash,
    name_holder,
    nickname_checked,
    nickname_free,
)
from tournament.services.rounds.eleventh import disposition_allowed, disposition_clean

TEXT_LIMITS = {"name": 120, "club": 120}
# An army list is a page of text; anything much longer is not a list (or is abuse).
HOLDING = (PlayerStatus.APPROVED, PlayerStatus.PENDING)
# Statuses the organiser may approve or reject from, and a player may withdraw from.
DECIDABLE = (
    PlayerStatus.PENDING,
    PlayerStatus.WAITING,
    PlayerStatus.REJECTED,
    PlayerStatus.WITHDRAWN,
)
REJECTABLE = (PlayerStatus.APPROVED, PlayerStatus.PENDING, PlayerStatus.WAITING)
WITHDRAWABLE = REJECTABLE
EMAIL_LIMIT = 254
DUPLICATE = "A player with this name is already registered."


def registration_factions() -> tuple[str, ...]:
    return FACTIONS


def registration_is_open(event: Event) -> bool:
    open_ = event.registration_open and event.status != EventStatus.FINISHED
    return open_ and not event.archived


def _locked_event(event_id: int) -> Event:
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise NotFound("event", "not_found", gettext("No such event."))
    return event


def _clean_text(field: str, value, limit: int) -> str:
    if not isinstance(value, str):
        raise Invalid(field, "invalid", gettext("Must be text."))
    if "\x00" in value:
        raise Invalid(field, "null_characters", gettext("Null characters are not allowed."))
    value = " ".join(value.split())
    if len(value) > limit:
        raise Invalid(
            field, "max_length", gettext("Must be at most %(limit)s characters.") % {"limit": limit}
        )
    return value


def email_clean(value) -> str:
    """An optional email address, spaces trimmed ("" for none); refused naming the field."""
    if not isinstance(value, str):
        raise Invalid("email", "invalid", gettext("Must be text."))
    value = value.strip()
    if not value:
        return ""
    if len(value) > EMAIL_LIMIT:
        raise Invalid(
            "email",
            "max_length",
            gettext("Must be at most %(EMAIL_LIMIT)s characters.") % {"EMAIL_LIMIT": EMAIL_LIMIT},
        )
    try:
        validate_email(value)
    except ValidationError:
        raise Invalid(
            "email", "invalid", gettext("Must be an email address (name@example.org).")
        ) from None
    return value


def _clean(name, faction, club, email="", extras=None) -> dict:
    clean = {
        "name": name_checked(name, limit=TEXT_LIMITS["name"]),
        "club": _clean_text("club", club, TEXT_LIMITS["club"]),
    }
    known = faction_known(faction) if isinstance(faction, str) else None
    if known is None:
        raise Invalid("faction", "invalid_choice", gettext("Choose a faction from the list."))
    clean["faction"] = known
    clean["email"] = email_clean(email)
    # Other apps' fields a sign-up may carry (rosters: `army_list`), cleaned by those apps.
    extras = dict(extras or {})
    unknown = sorted(set(extras) - set(extra_editable("player")))
    if unknown:
        raise Invalid(unknown[0], "unknown_field", gettext("Not a sign-up field."))
    clean.update(extra_clean("player", extras))
    return clean


def _held(event: Event) -> int:
    return event.players.filter(status__in=HOLDING, dropped=False).count()


def _approved(event: Event) -> int:
    return event.players.filter(status=PlayerStatus.APPROVED, dropped=False).count()


def _full(event: Event) -> bool:
    return event.places is not None and _held(event) >= event.places


def _admitted_status(event: Event) -> str:
    return PlayerStatus.PENDING if event.registration_approval else PlayerStatus.APPROVED


@transaction.atomic
def registration_submit(
    *,
    event: Event,
    name,
    faction,
    club="",
    email="",
    disposition="",
    battle_ready=False,
    nickname="",
    user=None,
    **extras,
) -> Player:
    """Sign a player up: approved, pending (approval on) or waiting (no place left). In an
    11th-edition event the player may give their Force Disposition now or later."""
    event = _locked_event(event.pk)
    if not registration_is_open(event):
        raise Conflict(
            "event",
            "registration_closed",
            gettext("Sign-up for %(name)s is closed.") % {"name": event.name},
        )
    clean = _clean(name, faction, club, email, extras)
    clean["disposition"] = disposition_clean(disposition)
    if not isinstance(battle_ready, bool):
        raise Invalid("battle_ready", "invalid", gettext("Must be true or false."))
    clean["battle_ready"] = battle_ready
    clean["nickname"] = nickname_checked(nickname)
    disposition_allowed(event, clean["disposition"])
    holder = name_holder(Player.objects.filter(event=event), clean["name"])
    if holder is not None:
        raise name_clash(clean["name"], holder)
    nickname_free(Player.objects.filter(event=event), clean["nickname"])
    status = PlayerStatus.WAITING if _full(event) else _admitted_status(event)
    own, theirs = extra_split("player", clean)
    try:
        with transaction.atomic():
            player = Player.objects.create(
                event=event, status=status, first_round=event.rounds.count() + 1, **own
            )
    except IntegrityError as exc:
        raise Conflict("name", "duplicate", DUPLICATE) from exc
    # `signup`: a list sent with the sign-up fills what it states, as one sent later does.
    extra_write("player", player, theirs, fresh=True, signup=True)
    audit_record(
        event=event,
        action="registration_submit",
        target=f"player:{player.pk}",
        user=user,
        player=player,
        after={"name": player.name, "status": status},
    )
    return player


def registration_position(*, player: Player) -> int | None:
    """1 for the first on the waiting list; None for anyone not waiting."""
    if player.status != PlayerStatus.WAITING:
        return None
    ahead = Player.objects.filter(
        event_id=player.event_id, status=PlayerStatus.WAITING, pk__lt=player.pk
    ).count()
    return ahead + 1


def _set_status(player: Player, status: str, event: Event) -> None:
    player.status = status
    fields = ["status"]
    if status == PlayerStatus.APPROVED:
        # Let in after rounds were paired: a late entry, as an organiser's addition would be.
        player.first_round = max(player.first_round, event.rounds.count() + 1)
        fields.append("first_round")
    player.save(update_fields=fields)


def _move_up(event: Event) -> list[Player]:
    """Fill free places from the head of the waiting list, before the event starts only:
    once a round is paired, nobody joins without the organiser deciding it."""
    if event.rounds.exists():
        return []
    moved = []
    status = _admitted_status(event)
    while not _full(event):
        first = (
            Player.objects.select_for_update()
            .filter(event=event, status=PlayerStatus.WAITING)
            .order_by("pk")
            .first()
        )
        if first is None:
            break
        _set_status(first, status, event)
        audit_record(
            event=event,
            action="registration_move_up",
            target=f"player:{first.pk}",
            before={"status": PlayerStatus.WAITING},
            after={"status": status},
        )
        moved.append(first)
    return moved


@transaction.atomic
def registration_move_up(*, event: Event) -> list[Player]:
    """Give free places to the waiting list (after a withdrawal, a removal or more places)."""
    return _move_up(_locked_event(event.pk))


def _locked_player(event: Event, player: Player) -> Player:
    player = Player.objects.select_for_update().filter(pk=player.pk, event=event).first()
    if player is None:
        raise NotFound("player", "not_found", gettext("No such player in this event."))
    return player


def _has_games(player: Player) -> bool:
    return Game.objects.filter(Q(player_a=player) | Q(player_b=player)).exists()


@transaction.atomic
def registration_approve(*, player: Player, user) -> Player:
    """Let a sign-up in. Never beyond the places: a waiting player also needs a place that no
    sign-up awaiting approval holds."""
    require_organiser(user, player.event)
    event = _locked_event(player.event_id)
    event_require_writable(event)
    player = _locked_player(event, player)
    if player.status not in DECIDABLE:
        return player  # approved already: nothing to do
    if event.places is not None:
        taken = _approved(event) if player.status == PlayerStatus.PENDING else _held(event)
        if taken >= event.places:
            held = "" if player.status == PlayerStatus.PENDING else gettext(" or held for approval")
            raise Conflict(
                "places",
                "full",
                gettext(
                    "Cannot approve %(name)s: all %(places)s places are "
                    "taken%(held)s. Reject or withdraw someone first, or raise "
                    "the places in the settings."
                )
                % {"name": player.name, "places": event.places, "held": held},
            )
    before = player.status
    _set_status(player, PlayerStatus.APPROVED, event)
    audit_record(
        event=event,
        action="registration_approve",
        target=f"player:{player.pk}",
        user=user,
        before={"status": before},
        after={"status": PlayerStatus.APPROVED},
    )
    return player


def _leave(player: Player, event: Event, status: str, *, instead: str) -> None:
    if player.status not in REJECTABLE:
        state = player.get_status_display().lower()
        raise Conflict(
            "player",
            "not_signed_up",
            gettext("%(name)s is already %(state)s.") % {"name": player.name, "state": state},
        )
    if player.status == PlayerStatus.APPROVED and _has_games(player):
        # Their games stay in the standings; leaving now is a drop, which keeps them.
        raise Conflict(
            "player",
            "has_games",
            gettext("%(name)s has played already: %(instead)s.")
            % {"name": player.name, "instead": instead},
        )
    _set_status(player, status, event)


@transaction.atomic
def registration_reject(*, player: Player, user) -> Player:
    """Turn a sign-up away (or take a place back before the player has played)."""
    require_organiser(user, player.event)
    event = _locked_event(player.event_id)
    event_require_writable(event)
    player = _locked_player(event, player)
    before = player.status
    _leave(player, event, PlayerStatus.REJECTED, instead=gettext("drop them instead"))
    audit_record(
        event=event,
        action="registration_reject",
        target=f"player:{player.pk}",
        user=user,
        before={"status": before},
        after={"status": PlayerStatus.REJECTED},
    )
    _move_up(event)
    return player


@transaction.atomic
def registration_withdraw(*, player: Player) -> Player:
    """The player leaves the event or its waiting list themselves, from their private link."""
    event = _locked_event(player.event_id)
    player = _locked_player(event, player)
    before = player.status
    _leave(
        player,
        event,
        PlayerStatus.WITHDRAWN,
        instead=gettext("ask the organiser to drop you instead"),
    )
    audit_record(
        event=event,
        action="registration_withdraw",
        target=f"player:{player.pk}",
        player=player,
        before={"status": before},
        after={"status": PlayerStatus.WITHDRAWN},
    )
    _move_up(event)
    return player


@dataclass(frozen=True)
class SignupCounts:
    places: int | None
    approved: int
    pending: int
    waiting: int

    @property
    def free(self) -> int | None:
        if self.places is None:
            return None
        return max(0, self.places - self.approved - self.pending)


def registration_counts(*, event: Event) -> SignupCounts:
    counts = dict.fromkeys(PlayerStatus.values, 0)
    rows = event.players.filter(dropped=False).values_list("status", flat=True)
    for status in rows:
        counts[status] += 1
    return SignupCounts(
        places=event.places,
        approved=counts[PlayerStatus.APPROVED],
        pending=counts[PlayerStatus.PENDING],
        waiting=counts[PlayerStatus.WAITING],
    )


def registration_queue(*, event: Event) -> dict[str, list[Player]]:
    """The organiser's lists: pending and waiting (in waiting-list order), then those turned
    away or withdrawn, newest first."""
    players = list(event.players.exclude(status=PlayerStatus.APPROVED).order_by("pk"))
    return {
        "pending": [p for p in players if p.status == PlayerStatus.PENDING],
        "waiting": [p for p in players if p.status == PlayerStatus.WAITING],
        "gone": [
            p
            for p in reversed(players)
            if p.status in (PlayerStatus.REJECTED, PlayerStatus.WITHDRAWN)
        ],
    }


def registration_can_withdraw(*, player: Player) -> bool:
    """Whether the player's page offers Withdraw: not once they have played (then it is a
    drop, which the organiser makes)."""
    if player.status not in WITHDRAWABLE:
        return False
    return player.status != PlayerStatus.APPROVED or not _has_games(player)


# Undo ------------------------------------------------------------------------------------
# An organiser's approval or rejection is put back while nothing was built on it: the player
# still has the status it gave, has not played, and the status it restores has a place free.


def _decided_player(entry) -> Player:
    return audit_target(entry, "player", gone="This player has been removed.")


def _check_decision(entry) -> list[str]:
    player = _decided_player(entry)
    if player.status != entry.after["status"]:
        now = player.get_status_display().lower()
        raise Conflict(
            "entry",
            "superseded",
            gettext("%(name)s is %(now)s now; this decision was changed since.")
            % {"name": player.name, "now": now},
        )
    if _has_games(player):
        raise Conflict(
            "entry",
            "has_games",
            gettext("%(name)s has played since this decision.") % {"name": player.name},
        )
    event = Event.objects.get(pk=entry.event_id)
    # Only a player taken out of the places needs one free to be put back.
    needs_place = entry.before["status"] in HOLDING and player.status not in HOLDING
    if needs_place and event.places is not None and _held(event) >= event.places:
        raise Conflict(
            "entry",
            "full",
            gettext("All %(places)s places are taken since: %(name)s cannot have one back.")
            % {"places": event.places, "name": player.name},
        )
    return []


def _undo_decision(entry) -> None:
    event = _locked_event(entry.event_id)
    player = _locked_player(event, _decided_player(entry))
    player.status = logged_value(Player, "status", entry.before["status"])
    player.save(update_fields=["status"])


for _action in ("registration_approve", "registration_reject"):
    undo_check(_action)(_check_decision)
    undoable(_action)(_undo_decision)
